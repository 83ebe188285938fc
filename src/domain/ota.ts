/**
 * Firmware (OTA) upgrades of the factory back office (issue 15, part 4): limits, statuses, which
 * protocol family an upgrade takes, and the pure parts of serving firmware over HTTP ranges.
 * Shared by the server, the screens and the simulator.
 */
import { PROTOCOL_FAMILY, type ProtocolFamily } from './protocol-family';

/** Largest firmware image accepted (the upload's body limit). */
export const FIRMWARE_MAX_BYTES = 8 * 1024 * 1024;
export const FIRMWARE_VERSION_MAX = 64;
export const FIRMWARE_NOTES_MAX = 500;
/** sha256 (64 hex) or md5 (32 hex) the uploader may give to be checked against the bytes. */
export const CHECKSUM_PATTERN = '^([0-9a-fA-F]{32}|[0-9a-fA-F]{64})?$';
export const OTA_JOB_NAME_MAX = 64;
/** Terminals one job may target. */
export const OTA_TARGETS_MAX = 5000;

export const OTA_DEVICE_STATUSES = [
  'pending',
  'sent',
  'downloading',
  'success',
  'failed',
  'cancelled',
] as const;
export type OtaDeviceStatusName = (typeof OTA_DEVICE_STATUSES)[number];
export const OTA_JOB_STATUSES = ['pending', 'running', 'done', 'cancelled'] as const;
export const OTA_TARGET_MODES = ['imeis', 'type'] as const;
/** Devices whose upgrade is over: the job is done when every device is. */
export const OTA_FINAL: readonly OtaDeviceStatusName[] = ['success', 'failed', 'cancelled'];
/** Devices a retry starts again. */
export const OTA_RETRYABLE: readonly OtaDeviceStatusName[] = ['failed', 'cancelled'];

/** The families whose trackers the platform upgrades over the air (server/services/ota/engine.ts). */
export const OTA_FAMILIES = ['gt06', 'jt808'] as const satisfies readonly ProtocolFamily[];
export type OtaFamily = (typeof OTA_FAMILIES)[number];

/**
 * How a device of this protocol is upgraded (its gateway's family), or null when it cannot be:
 * Teltonika, H02, TK103, Meitrack and OsmAnd devices have no upgrade path here.
 */
export function otaFamily(protocol: number): OtaFamily | null {
  const family = PROTOCOL_FAMILY[protocol];
  return OTA_FAMILIES.find((f) => f === family) ?? null;
}

/**
 * JT/T 808: bytes of the 0x8108 body per sub-package. The frame body holds at most 1023 bytes
 * (10-bit length); 512 leaves room and keeps an escaped frame well under the gateway's buffer.
 */
export const JT808_OTA_PACKAGE_BYTES = 512;
/** 0x8108 upgrade type (terminal, IC card reader, GNSS module) and 0x0108 results. */
export const JT808_UPGRADE_TYPE = { terminal: 0, icCardReader: 12, gnss: 52 } as const;
export const JT808_UPGRADE_RESULT = { success: 0, failure: 1, cancelled: 2 } as const;
/** 0x8108 manufacturer id: 5 bytes, padded. */
export const JT808_MANUFACTURER = 'FLTGT';

/**
 * GT06 (Concox) text command that makes the tracker download its firmware from a URL, and the
 * query of its version. The wording is a template: firmware families with another command word
 * change it here (docs/factory/ota.md).
 */
export const gt06UpgradeCommand = (url: string) => `UPGRADE,${url}#`;
export const GT06_VERSION_COMMAND = 'VERSION#';
/** A GT06 reply to the upgrade command that reports a failure. */
export const GT06_FAILURE = /fail|error|invalid|not support/i;

/** Whole percent of `done` out of `total`; 100 only when everything is done. */
export function percentOf(done: number, total: number): number {
  if (total <= 0) return 0;
  if (done >= total) return 100;
  return Math.min(99, Math.floor((done * 100) / total));
}

/** A job's devices by status, as the job list counts them. */
export type OtaStatusCounts = Partial<Record<OtaDeviceStatusName, number>>;

export interface OtaJobProgress {
  total: number;
  success: number;
  failed: number;
  cancelled: number;
  /** Sent the upgrade or downloading it. */
  active: number;
  pending: number;
  /** Devices whose upgrade is over, whatever its outcome. */
  finished: number;
  /** Whole percent of the job done. */
  progress: number;
}

/**
 * A job's percentage and counts from one computation, so they add up: a device whose upgrade is
 * over (succeeded, failed, cancelled) counts as done, one upgrading as far as its download went
 * (`runningProgress` sums those devices' percents), one waiting as nothing. 3 succeeded and 1
 * failed is 100 % done, never the 86 % a mean of the download bars gave; 100 only when every
 * device is done.
 */
export function otaJobProgress(counts: OtaStatusCounts, runningProgress: number): OtaJobProgress {
  const n = (s: OtaDeviceStatusName) => Math.max(0, Math.trunc(counts[s] ?? 0));
  const success = n('success');
  const failed = n('failed');
  const cancelled = n('cancelled');
  const active = n('sent') + n('downloading');
  const pending = n('pending');
  const finished = success + failed + cancelled;
  const total = finished + active + pending;
  // A running device is not done: its share stays under a whole device whatever it reports.
  const running = Math.min(Math.max(0, runningProgress), active * 99);
  return {
    total,
    success,
    failed,
    cancelled,
    active,
    pending,
    finished,
    progress: percentOf(finished * 100 + running, total * 100),
  };
}

export type ByteRange = { start: number; end: number };

/**
 * A `Range` header over a file of `size` bytes (RFC 9110, one range): the bytes to send,
 * 'unsatisfiable' (416), or null for the whole file (no header, another unit, several ranges or
 * a malformed one: ignoring the header is the RFC's answer there).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=\s*(\d*)-(\d*)\s*$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // Suffix range: the last N bytes.
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** IMEIs of a pasted list: split on commas, spaces and lines, trimmed, duplicates dropped. */
export function imeiList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}
