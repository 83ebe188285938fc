import { LIST_TEXT_MAX } from '../../domain/limits';
import {
  CHECKSUM_PATTERN,
  FIRMWARE_MAX_BYTES,
  FIRMWARE_NOTES_MAX,
  FIRMWARE_VERSION_MAX,
  OTA_JOB_NAME_MAX,
  OTA_JOB_STATUSES,
  OTA_TARGET_MODES,
} from '../../domain/ota';
import type { EntityDescriptor, EntityField } from '../types';

type Row = Record<string, unknown>;

/** Status colours shared with the per-device progress (JobDevices). */
export const OTA_STATUS_COLORS: Record<string, string> = {
  pending: 'default',
  running: 'processing',
  sent: 'blue',
  downloading: 'processing',
  success: 'success',
  done: 'success',
  failed: 'error',
  cancelled: 'warning',
};

const time = (): EntityField => ({ type: 'datetime', width: 160 });
const mono = (): EntityField => ({ type: 'text', copyable: true });

/** 3.9 KB, 1.25 MB: a firmware image's size. */
export const sizeText = (n: unknown) => {
  const b = Number(n);
  return b >= 1 << 20 ? `${(b / (1 << 20)).toFixed(2)} MB` : `${(b / 1024).toFixed(1)} KB`;
};

/** Firmware images (otaHttp): listed with size and checksums, uploaded as a raw file. */
export const FIRMWARE_ENTITY: EntityDescriptor = {
  namespace: 'ota',
  subject: 'test',
  fields: {
    fileName: { type: 'text' },
    deviceType: {
      type: 'select',
      required: true,
      // The types whose trackers the platform can upgrade, with their protocol family.
      remoteOptions: {
        endpoint: '/ota/deviceTypes',
        value: 'name',
        label: (r) => `${String(r.name)} (${r.family === 'gt06' ? 'GT06' : 'JT/T 808'})`,
      },
    },
    version: { type: 'text', required: true, maxLength: FIRMWARE_VERSION_MAX },
    size: { type: 'number', format: sizeText },
    sha256: mono(),
    md5: mono(),
    notes: { type: 'textarea', maxLength: FIRMWARE_NOTES_MAX },
    createdAt: time(),
    file: {
      type: 'file',
      required: true,
      max: FIRMWARE_MAX_BYTES,
      fileNameParam: 'fileName',
      maxLength: 128,
    },
    checksum: {
      type: 'text',
      maxLength: 64,
      helpKey: 'checksumHelp',
      pattern: { regex: new RegExp(CHECKSUM_PATTERN), messageKey: 'checksumInvalid' },
    },
  },
};

/** Upgrade jobs (otaList, otaUpdateListForUser): progress over their devices. */
export const JOB_ENTITY: EntityDescriptor = {
  namespace: 'ota',
  subject: 'test',
  fields: {
    name: { type: 'text', required: true, maxLength: OTA_JOB_NAME_MAX },
    firmwareId: {
      type: 'select',
      labelKey: 'fields.firmware',
      required: true,
      remoteOptions: {
        endpoint: '/ota/firmware/list',
        params: { pageNum: 1, pageSize: 100 },
        value: 'id',
        label: (r) => `${String(r.deviceType)} ${String(r.version)} (${String(r.fileName)})`,
      },
    },
    targetMode: {
      type: 'select',
      buttons: true,
      required: true,
      initialValue: 'imeis',
      options: OTA_TARGET_MODES.map((m) => ({ value: m, labelKey: `targetMode.${m}` })),
    },
    imeis: { type: 'lines', maxLength: LIST_TEXT_MAX, helpKey: 'imeisHelp' },
    deviceType: { type: 'text' },
    firmwareVersion: { type: 'text', labelKey: 'fields.version' },
    status: {
      type: 'select',
      options: OTA_JOB_STATUSES.map((s) => ({
        value: s,
        labelKey: `status.${s}`,
        color: OTA_STATUS_COLORS[s],
      })),
    },
    progress: { type: 'number', width: 90, format: (v) => `${Number(v ?? 0)}%` },
    counts: { type: 'text', value: (r: Row) => `${Number(r.success)}/${Number(r.total)}` },
    failed: { type: 'number', labelKey: 'status.failed', width: 80 },
    createdAt: time(),
    finishedAt: time(),
  },
};
