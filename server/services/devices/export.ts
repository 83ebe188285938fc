import { PassThrough, type Readable } from 'node:stream';
import { and, desc, lt, type SQL } from 'drizzle-orm';
import { DEVICE_STATE } from '../../../src/domain/codes';
import { protocolLabel } from '../../../src/domain/protocol-labels';
import { DEVICE_EXPORT_MAX } from '../../../src/domain/device-rules';
import { SHEET_MIME, type SheetColumn, type SheetFormat } from '../../../src/sheets';
import { sheetStream } from '../../lib/sheet-stream';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import type { AuthContext } from '../../plugins/auth';
import { deviceConditions, ownerIds, type DeviceFilter } from './filter';
import { selectDeviceRows, type DeviceListRow } from './rows';

const nameOf = (codes: Record<string, number>, v: number) =>
  Object.keys(codes).find((k) => codes[k] === v) ?? String(v);

export const DEVICE_EXPORT_COLUMNS: (SheetColumn & { value: (r: DeviceListRow) => unknown })[] = [
  { key: 'terminalID', header: 'IMEI', width: 18, value: (r) => r.terminalID },
  { key: 'nickname', header: 'Name', width: 18, value: (r) => r.nickname },
  { key: 'carNumber', header: 'Plate', width: 12, value: (r) => r.carNumber },
  { key: 'sim', header: 'SIM', width: 15, value: (r) => r.sim },
  { key: 'iccid', header: 'ICCID', width: 22, value: (r) => r.iccid },
  { key: 'deviceType', header: 'Device type', width: 12, value: (r) => r.deviceType },
  { key: 'protocol', header: 'Protocol', width: 12, value: (r) => protocolLabel(r.protocol) },
  { key: 'state', header: 'State', width: 11, value: (r) => nameOf(DEVICE_STATE, r.state) },
  { key: 'username', header: 'Owner', width: 14, value: (r) => r.username },
  { key: 'activatedAt', header: 'Activated', width: 22, value: (r) => r.activatedAt },
  { key: 'platformExpireAt', header: 'Platform expiry', width: 22, value: (r) => r.platformExpireAt },
  { key: 'userExpireAt', header: 'User expiry', width: 22, value: (r) => r.userExpireAt },
  { key: 'createdAt', header: 'Created', width: 22, value: (r) => r.createdAt },
];

/** Rows read per query while streaming: big enough to be cheap, small enough to stay flat in memory. */
const PAGE = 2000;

export function exportLimit(): number {
  const env = Number(process.env.DEVICE_EXPORT_MAX);
  return Number.isInteger(env) && env > 0 ? env : DEVICE_EXPORT_MAX;
}

export interface DeviceExport {
  stream: Readable;
  mime: string;
  filename: string;
  truncated: boolean;
}

/**
 * The device list under the filters as a spreadsheet, newest first, at most exportLimit()
 * rows. Rows are read in id-keyset pages and written to the stream as they arrive, so a
 * 100,000-row export never holds the whole list in memory.
 */
export async function exportDevices(
  db: Db,
  auth: AuthContext,
  f: DeviceFilter,
  format: SheetFormat,
): Promise<DeviceExport> {
  const owners = await ownerIds(db, auth, f);
  const where = deviceConditions(owners, f, auth);
  const cap = exportLimit();
  // Count up to cap + 1 only to know whether the file is cut.
  const probe = await db.select({ id: devices.id }).from(devices).where(where).limit(1).offset(cap);
  const truncated = probe.length > 0;
  const out = new PassThrough();
  const date = new Date().toISOString().slice(0, 10);
  void pump(db, where, cap, format, out).catch((err: Error) => out.destroy(err));
  return { stream: out, mime: SHEET_MIME[format], filename: `devices-${date}.${format}`, truncated };
}

async function pump(db: Db, where: SQL, cap: number, format: SheetFormat, out: PassThrough) {
  const cols = DEVICE_EXPORT_COLUMNS;
  const { writeRow, finish } = sheetStream(format, 'Devices', cols, out);
  let written = 0;
  let lastId: number | null = null;
  while (written < cap) {
    const cond: SQL = lastId == null ? where : and(where, lt(devices.id, lastId))!;
    const rows: DeviceListRow[] = await selectDeviceRows(db)
      .where(cond)
      .orderBy(desc(devices.id))
      .limit(Math.min(PAGE, cap - written));
    if (!rows.length) break;
    for (const r of rows) writeRow(cols.map((c) => c.value(r)));
    written += rows.length;
    lastId = rows[rows.length - 1]!.id;
    // Let the client drain before reading more: memory stays at about one page.
    if (out.writableNeedDrain) await new Promise((r) => out.once('drain', r));
  }
  await finish();
}
