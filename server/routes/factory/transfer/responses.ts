import { TRANSFER_DEVICE_STATUSES, TRANSFER_STATUSES } from '../../../../src/domain/ip-transfer';
import { Nullable, Page, Row, Stamp, Type } from '../../../lib/schema/response';
import { Int, ReportLine, Str, Time } from '../responses';

/** Answer shapes of the IP transfer routes (server/services/ip-transfer; docs/factory/ip-transfer.md). */

const DeviceStatus = Type.Union(TRANSFER_DEVICE_STATUSES.map((s) => Type.Literal(s)));

/** A transfer's devices counted by status (src/domain/ip-transfer.ts transferCounts). */
const counts = {
  total: Int(),
  pending: Int(),
  sent: Int(),
  acked: Int(),
  failed: Int(),
  offline: Int(),
  moved: Int(),
};

/** transferIp: the transfer (null when no pasted terminal is known) and the per-line report. */
export const TransferReport = Row({
  transferId: Nullable(Int()),
  ...counts,
  results: Type.Array(
    ReportLine({ outcome: Type.Optional(DeviceStatus) }),
  ),
});

/** transferIpResults: a transfer with its devices counted. */
export const TransferRow = Row({
  id: Int(),
  name: Str(),
  host: Str(),
  port: Int(),
  status: Type.Union(TRANSFER_STATUSES.map((s) => Type.Literal(s))),
  createdAt: Time(),
  username: Nullable(Type.String({ description: 'Who sent it' })),
  ...counts,
});
export const TransferPage = Page(TransferRow);

/** transferIpResult / transferFindByImeis: one device of a transfer and where it is connected now. */
export const TransferDeviceRow = Row({
  id: Int(),
  transferId: Int(),
  terminalID: Str(),
  protocol: Nullable(Int()),
  name: Type.String({ description: "The transfer's name" }),
  target: Type.String({ description: 'host:port sent' }),
  fromAddr: Nullable(Type.String({ description: 'host:port it was connected to when sent' })),
  nowAddr: Nullable(Type.String({ description: 'local address:port of its current connection' })),
  online: Type.Boolean(),
  node: Nullable(Str()),
  status: DeviceStatus,
  result: Nullable(Type.String({ description: "The terminal's reply or the failure" })),
  sentAt: Stamp(),
  movedAt: Stamp(),
  createdAt: Time(),
});
export const TransferDevicePage = Page(TransferDeviceRow);

/** batchCheckTransferIpResults: devices found moved now, and the transfers they belong to. */
export const CheckResult = Row({ moved: Int(), transfers: Type.Array(Int()) });
