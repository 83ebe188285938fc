import type { MessageKey } from './messages';
import { isValidImei, validateHost } from './validators';

/**
 * IP transfer (issue 15, part 6): trackers are sent a new server address, then the platform
 * checks which reconnected there. Pure rules shared by the screens, the server and the simulator.
 */

/** Terminals of one transfer (the sends run in the background beyond a few hundred). */
export const TRANSFER_LINES_MAX = 2000;
/** Characters of the pasted list (TRANSFER_LINES_MAX lines of an IMEI and a line break). */
export const TRANSFER_TEXT_MAX = 40_000;
export const TRANSFER_NAME_MAX = 64;
export const TRANSFER_HOST_MAX = 128;
export const TRANSFER_PORT_MAX = 65_535;
/** IMEIs a result search takes at once (transferFindByImeis). */
export const TRANSFER_FIND_MAX = 2000;

export const TRANSFER_DEVICE_STATUS = {
  /** Not sent yet (the sends are still running). */
  pending: 'pending',
  /** The command went out; the terminal did not answer in time (it may still move). */
  sent: 'sent',
  /** The terminal confirmed the command. */
  acked: 'acked',
  /** The terminal refused the command, or its gateway node could not send it. */
  failed: 'failed',
  /** Not connected when the transfer ran: nothing was sent. */
  offline: 'offline',
  /** Seen connected to the new address after the command. */
  moved: 'moved',
} as const;
export type TransferDeviceStatus = (typeof TRANSFER_DEVICE_STATUS)[keyof typeof TRANSFER_DEVICE_STATUS];
export const TRANSFER_DEVICE_STATUSES = Object.values(TRANSFER_DEVICE_STATUS);
/** Statuses the move check looks at: the command went out (a refusal may still have moved it). */
export const TRANSFER_CHECKED_STATUSES: readonly TransferDeviceStatus[] = ['sent', 'acked', 'failed'];
/** While any device is in one of these the transfer keeps being checked. */
export const TRANSFER_OPEN_STATUSES: readonly TransferDeviceStatus[] = ['pending', 'sent', 'acked'];

export const TRANSFER_STATUS = { running: 'running', done: 'done' } as const;
export const TRANSFER_STATUSES = Object.values(TRANSFER_STATUS);

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** A dotted-quad IPv4 address (the GT06 command's mode 0, and the move check compares it). */
export const isIpv4 = (host: string) => {
  const m = IPV4.exec(host);
  return !!m && m.slice(1).every((o) => Number(o) <= 255);
};

/** The host field alone (the form's rule): the server's validateHost, without a port. */
export const validateTransferHost = (host: string): MessageKey | null =>
  checkTransferTarget(host, 1) ? 'transferHostInvalid' : null;

/** The new server: a domain name or IPv4 address without a port, and a port 1–65535. */
export function checkTransferTarget(host: string, port: number): MessageKey | null {
  const h = host.trim();
  if (!h || h.length > TRANSFER_HOST_MAX || h.includes(':') || validateHost(h)) return 'transferHostInvalid';
  if (!Number.isInteger(port) || port < 1 || port > TRANSFER_PORT_MAX) return 'transferPortInvalid';
  return null;
}

/**
 * The Concox (GT06) server command: `SERVER,<mode>,<host>,<port>,0#`, mode 0 for an IP address
 * and 1 for a domain name, the last 0 for TCP (Concox/Jimi SMS command lists; docs/factory/ip-transfer.md).
 */
export const gt06ServerCommand = (host: string, port: number) =>
  `SERVER,${isIpv4(host) ? 0 : 1},${host},${port},0#`;

/** The host and port of a GT06 server command, as a tracker reads it; null for any other text. */
export function parseGt06ServerCommand(text: string): { host: string; port: number } | null {
  const m = /^SERVER,([01]),([^,#]+),(\d{1,5})(?:,\d)?#?$/i.exec(text.trim());
  if (!m) return null;
  const port = Number(m[3]);
  return port >= 1 && port <= TRANSFER_PORT_MAX ? { host: m[2], port } : null;
}

/** One pasted line's check: `row` counts from 1; `key` says why a line was refused. */
export interface TransferLine {
  row: number;
  terminalID: string;
  ok: boolean;
  key?: MessageKey;
}

/** Pasted terminal ids: GT06 IMEIs or 808 numbers (6 to 15 letters or digits), each once. */
export function checkTransferLines(ids: readonly string[]): TransferLine[] {
  const seen = new Set<string>();
  return ids.map((raw, i) => {
    const terminalID = raw.trim();
    const line: TransferLine = { row: i + 1, terminalID, ok: true };
    if (!isValidImei(terminalID, false)) return { ...line, ok: false, key: 'imeiInvalid' };
    if (seen.has(terminalID)) return { ...line, ok: false, key: 'imeiDuplicate' };
    seen.add(terminalID);
    return line;
  });
}

export interface TransferCounts {
  total: number;
  pending: number;
  sent: number;
  acked: number;
  failed: number;
  offline: number;
  moved: number;
}

/** Counts of a transfer's devices by status. */
export function transferCounts(statuses: readonly string[]): TransferCounts {
  const c: TransferCounts = { total: 0, pending: 0, sent: 0, acked: 0, failed: 0, offline: 0, moved: 0 };
  for (const s of statuses) {
    c.total++;
    if (s in c && s !== 'total') c[s as TransferDeviceStatus]++;
  }
  return c;
}

/** The outcome of a sent command: acked when the terminal confirmed, failed when it refused. */
export function sendOutcome(reply: string | null, refused: boolean): TransferDeviceStatus {
  if (reply == null) return 'sent';
  return refused ? 'failed' : 'acked';
}
