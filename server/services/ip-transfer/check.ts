import { sql, type SQL } from 'drizzle-orm';
import { TRANSFER_CHECKED_STATUSES, TRANSFER_OPEN_STATUSES } from '../../../src/domain/ip-transfer';
import type { Db } from '../../db/client';

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Which devices a check looks at: one transfer's, some terminals' (every transfer), or all running. */
export type CheckScope = { transferId?: number; terminalIds?: readonly string[] };

function scopeOf(s: CheckScope): SQL {
  const parts: SQL[] = [];
  if (s.transferId !== undefined) parts.push(sql`d.transfer_id = ${s.transferId}`);
  if (s.terminalIds?.length) parts.push(sql`d.terminal_id IN (${list(s.terminalIds)})`);
  if (parts.length === 0) parts.push(sql`t.status = 'running'`);
  return sql.join(parts, sql` AND `);
}

/**
 * batchCheckTransferIpResults: a device whose command went out is "moved" once its recorded
 * connection (device_connections) is to the target port, and to the target address when that is
 * an IP, and began after the command. A domain name is not compared: a node knows its addresses,
 * not the names pointing at them. Returns the devices found moved by this check.
 */
export async function checkMoves(db: Db, scope: CheckScope): Promise<{ moved: number; transfers: number[] }> {
  const { rows } = await db.execute<{ transfer_id: number }>(sql`
    UPDATE ip_transfer_devices d SET status = 'moved', moved_at = c.connected_at
    FROM ip_transfers t, device_connections c
    WHERE d.transfer_id = t.id AND c.terminal_id = d.terminal_id
      AND d.status IN (${list(TRANSFER_CHECKED_STATUSES)})
      AND d.sent_at IS NOT NULL AND c.connected_at > d.sent_at
      AND c.local_port = t.port
      AND (t.host !~ '^[0-9]{1,3}(\\.[0-9]{1,3}){3}$' OR c.local_addr = t.host)
      AND ${scopeOf(scope)}
    RETURNING d.transfer_id`);
  const transfers = [...new Set(rows.map((r) => Number(r.transfer_id)))];
  if (transfers.length) await finishSettled(db, transfers);
  return { moved: rows.length, transfers };
}

/** Transfers none of whose devices can still change are done. */
export async function finishSettled(db: Db, transferIds: readonly number[]) {
  if (transferIds.length === 0) return;
  await db.execute(sql`
    UPDATE ip_transfers t SET status = 'done'
    WHERE t.id IN (${sql.join(
      transferIds.map((id) => sql`${id}`),
      sql`, `,
    )}) AND t.status = 'running'
      AND NOT EXISTS (SELECT 1 FROM ip_transfer_devices d
        WHERE d.transfer_id = t.id AND d.status IN (${list(TRANSFER_OPEN_STATUSES)}))`);
}

/** Ends a transfer whose scheduled checks are over (devices still "sent" stay as they are). */
export async function finishTransfer(db: Db, transferId: number) {
  await db.execute(sql`UPDATE ip_transfers SET status = 'done' WHERE id = ${transferId}`);
}
