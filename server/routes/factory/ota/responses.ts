import { OTA_DEVICE_STATUSES, OTA_JOB_STATUSES, OTA_TARGET_MODES } from '../../../../src/domain/ota';
import { binaryReply, Nullable, Page, Row, Stamp, Type } from '../../../lib/schema/response';
import { Int, Str, Time } from '../responses';

/** Answer shapes of the firmware and OTA job routes (server/services/ota; docs/factory/ota.md). */

const literals = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));
const Family = Type.Union([Type.Literal('gt06'), Type.Literal('jt808')], {
  description: 'The upgrade a device type takes: its gateway family',
});

/** A firmware image as shown (no storage key). */
export const FirmwareRow = Row(
  {
    id: Int(),
    fileName: Str(),
    version: Str(),
    deviceType: Str(),
    protocol: Type.Integer({ description: 'DEVICE_PROTOCOL code of its device type' }),
    size: Type.Integer({ description: 'Bytes' }),
    sha256: Str(),
    md5: Str(),
    notes: Str(),
    createdAt: Time(),
  },
  {
    examples: [
      {
        id: 3,
        fileName: 'GT06N-1.2.0.bin',
        version: '1.2.0',
        deviceType: 'GT06N',
        protocol: 1,
        size: 65536,
        sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
        md5: '098f6bcd4621d373cade4e832627b4f6',
        notes: 'Fixes the APN command',
        createdAt: '2026-11-20T08:00:00.000Z',
      },
    ],
  },
);
export const FirmwarePage = Page(FirmwareRow);
export const UpgradableTypes = Type.Array(Row({ name: Str(), protocol: Int(), family: Family }));
export const Deleted = Row({ id: Int() });

/** A firmware image download; a range request answers 206 with that range. */
export const firmwareReply = (description: string) => {
  const whole = binaryReply('application/octet-stream', description);
  return { ...whole, 206: { ...whole[200], description: 'The requested byte range (Content-Range)' } };
};

/** An OTA job with its devices counted by state and its mean progress. */
export const JobRow = Row({
  id: Int(),
  name: Str(),
  firmwareId: Nullable(Int()),
  firmwareVersion: Str(),
  deviceType: Str(),
  targetMode: literals(OTA_TARGET_MODES),
  status: literals(OTA_JOB_STATUSES),
  total: Type.Integer({ description: 'Devices of the job' }),
  success: Int(),
  failed: Int(),
  cancelled: Int(),
  active: Type.Integer({ description: 'Sent or downloading' }),
  pending: Int(),
  progress: Type.Integer({ minimum: 0, maximum: 100, description: 'Mean progress, percent' }),
  createdAt: Time(),
  finishedAt: Stamp(),
});
export const JobPage = Page(JobRow);

/** One device of a job. */
export const JobDeviceRow = Row({
  id: Int(),
  jobId: Int(),
  terminalID: Str(),
  status: literals(OTA_DEVICE_STATUSES),
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  attempts: Int(),
  bytesSent: Int(),
  fromVersion: Nullable(Str()),
  result: Nullable(Str()),
  sentAt: Stamp(),
  finishedAt: Stamp(),
  updatedAt: Time(),
});
export const JobDevicePage = Page(JobDeviceRow);

export const JobCreated = Row({ id: Int(), total: Type.Integer({ description: 'Target devices' }) });
export const Cancelled = Row({ cancelled: Type.Integer({ description: 'Devices cancelled' }) });
export const Retried = Row({ retried: Type.Integer({ description: 'Devices started again' }) });
