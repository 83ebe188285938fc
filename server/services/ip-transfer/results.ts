import { sql, type SQL } from 'drizzle-orm';
import { transferCounts } from '../../../src/domain/ip-transfer';
import { parseLines } from '../../../src/domain/validators';
import type { Db } from '../../db/client';
import { pageWindow, type PageParams } from '../../lib/envelope';
import { containsPattern } from '../../lib/sql';

const toIso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
const where = (parts: SQL[]) => (parts.length ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``);

export interface TransferListQuery extends PageParams {
  name?: string;
  host?: string;
}

/** transferIpResults: transfers, newest first, with their devices counted by status. */
export async function listTransfers(db: Db, q: TransferListQuery) {
  const { limit, offset } = pageWindow(q);
  const parts: SQL[] = [];
  if (q.name?.trim()) parts.push(sql`t.name ILIKE ${containsPattern(q.name.trim())}`);
  if (q.host?.trim()) parts.push(sql`t.host = ${q.host.trim()}`);
  const filter = where(parts);
  const [total, rows] = await Promise.all([
    db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM ip_transfers t ${filter}`),
    db.execute<Record<string, unknown>>(sql`
      SELECT t.id, t.name, t.host, t.port, t.status, t.total, t.created_at, u.username,
        (SELECT json_agg(d.status) FROM ip_transfer_devices d WHERE d.transfer_id = t.id) AS statuses
      FROM ip_transfers t LEFT JOIN users u ON u.id = t.created_by
      ${filter} ORDER BY t.id DESC LIMIT ${limit} OFFSET ${offset}`),
  ]);
  const list = rows.rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    host: r.host,
    port: r.port,
    status: r.status,
    createdAt: toIso(r.created_at),
    username: r.username ?? null,
    ...transferCounts((r.statuses as string[] | null) ?? []),
  }));
  return { list, total: Number(total.rows[0]?.n ?? 0) };
}

export interface DeviceResultQuery extends PageParams {
  transferId?: number;
  /** Pasted terminal ids, one a line (transferFindByImeis). */
  imeis?: string;
  status?: string;
}

/**
 * transferIpResult and transferFindByImeis: the devices of a transfer, or the transfer records of
 * given terminals (every transfer, newest first), with where each is connected now.
 */
export async function listTransferDevices(db: Db, q: DeviceResultQuery) {
  const { limit, offset } = pageWindow(q);
  const parts: SQL[] = [];
  if (q.transferId !== undefined) parts.push(sql`d.transfer_id = ${q.transferId}`);
  const ids = q.imeis ? [...new Set(parseLines(q.imeis))] : [];
  if (ids.length)
    parts.push(
      sql`d.terminal_id IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
  if (q.status) parts.push(sql`d.status = ${q.status}`);
  const filter = where(parts);
  const [total, rows] = await Promise.all([
    db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM ip_transfer_devices d ${filter}`),
    db.execute<Record<string, unknown>>(sql`
      SELECT d.id, d.transfer_id, d.terminal_id, d.protocol, d.from_addr, d.status, d.result, d.sent_at,
        d.moved_at, t.name, t.host, t.port, t.created_at, c.local_addr, c.local_port, c.online, c.node
      FROM ip_transfer_devices d JOIN ip_transfers t ON t.id = d.transfer_id
      LEFT JOIN device_connections c ON c.terminal_id = d.terminal_id
      ${filter} ORDER BY d.transfer_id DESC, d.id LIMIT ${limit} OFFSET ${offset}`),
  ]);
  const list = rows.rows.map((r) => ({
    id: Number(r.id),
    transferId: Number(r.transfer_id),
    terminalID: r.terminal_id,
    protocol: r.protocol,
    name: r.name,
    target: `${String(r.host)}:${String(r.port)}`,
    fromAddr: r.from_addr || null,
    nowAddr: r.local_addr ? `${String(r.local_addr)}:${String(r.local_port)}` : null,
    online: r.online ?? false,
    node: r.node ?? null,
    status: r.status,
    result: r.result,
    sentAt: toIso(r.sent_at),
    movedAt: toIso(r.moved_at),
    createdAt: toIso(r.created_at),
  }));
  return { list, total: Number(total.rows[0]?.n ?? 0) };
}
