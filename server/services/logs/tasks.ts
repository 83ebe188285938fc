import { and, count, desc, eq, gte, max, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deviceConnections } from '../../db/schema/device-connections';
import { deviceLogs } from '../../db/schema/device-logs';
import { devices } from '../../db/schema/devices';
import { users } from '../../db/schema/users';
import { pageWindow, type PageParams } from '../../lib/envelope';
import { LOG_WINDOW_MS } from '../../../src/domain/device-log';

export interface TaskQuery extends PageParams {
  terminalID?: string;
  startTime?: string;
  endTime?: string;
}

/**
 * Commands sent to terminals (the commands table) and those still waiting in the offline queue,
 * newest first, by IMEI and time (the log group's command tasks).
 */
export async function commandTasks(db: Db, q: TaskQuery) {
  const { limit, offset } = pageWindow(q);
  const filter = (t: { terminal: SQL; at: SQL }) => {
    const parts: SQL[] = [];
    if (q.terminalID) parts.push(sql`${t.terminal} = ${q.terminalID.trim()}`);
    if (q.startTime) parts.push(sql`${t.at} >= ${new Date(q.startTime).toISOString()}::timestamptz`);
    if (q.endTime) parts.push(sql`${t.at} <= ${new Date(q.endTime).toISOString()}::timestamptz`);
    return parts.length ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``;
  };
  // One list over both tables: a queued command is a task as much as a sent one.
  const union = sql`
    SELECT 'sent' AS source, c.id, c.terminal_id, c.content, c.status, c.reply, c.result, c.protocol,
      c.created_at, c.replied_at AS done_at, u.username
    FROM commands c LEFT JOIN users u ON u.id = c.user_id
    ${filter({ terminal: sql`c.terminal_id`, at: sql`c.created_at` })}
    UNION ALL
    SELECT 'offline', o.id, o.terminal_id, o.content, o.status, o.reply, null, o.protocol,
      o.created_at, o.delivered_at, u.username
    FROM offline_commands o LEFT JOIN users u ON u.id = o.user_id
    ${filter({ terminal: sql`o.terminal_id`, at: sql`o.created_at` })}`;
  const [totalRows, rows] = await Promise.all([
    db.execute<{ total: string }>(sql`SELECT count(*) AS total FROM (${union}) t`),
    db.execute<Record<string, unknown>>(
      sql`SELECT * FROM (${union}) t ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
    ),
  ]);
  const list = rows.rows.map((r) => ({
    key: `${String(r.source)}-${String(r.id)}`,
    source: r.source,
    terminalID: r.terminal_id,
    content: r.content,
    status: r.status,
    reply: r.reply,
    result: r.result,
    protocol: r.protocol,
    createdAt: toIso(r.created_at),
    doneAt: toIso(r.done_at),
    username: r.username,
  }));
  return { list, total: Number(totalRows.rows[0]?.total ?? 0) };
}

const toIso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

export interface StateQuery extends PageParams {
  terminalID?: string;
  online?: boolean;
}

/**
 * Each tracker's connection (device_connections) with its device and the time of its last frame
 * (device_logs, last 7 days): the log group's device state.
 */
export async function deviceStates(db: Db, q: StateQuery, now = Date.now()) {
  const where = and(
    q.terminalID ? eq(deviceConnections.terminalId, q.terminalID.trim()) : undefined,
    q.online === undefined ? undefined : eq(deviceConnections.online, q.online),
  );
  const { limit, offset } = pageWindow(q);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(deviceConnections).where(where),
    db
      .select({
        terminalID: deviceConnections.terminalId,
        nickname: devices.nickname,
        username: users.username,
        deviceState: devices.state,
        online: deviceConnections.online,
        node: deviceConnections.node,
        remoteAddr: deviceConnections.remoteAddr,
        localAddr: deviceConnections.localAddr,
        localPort: deviceConnections.localPort,
        protocol: deviceConnections.protocol,
        connectedAt: deviceConnections.connectedAt,
        disconnectedAt: deviceConnections.disconnectedAt,
      })
      .from(deviceConnections)
      .leftJoin(devices, eq(devices.terminalId, deviceConnections.terminalId))
      .leftJoin(users, eq(users.id, devices.userId))
      .where(where)
      .orderBy(desc(deviceConnections.connectedAt), deviceConnections.terminalId)
      .limit(limit)
      .offset(offset),
  ]);
  const last = await lastFrameTimes(
    db,
    rows.map((r) => r.terminalID),
    now,
  );
  return {
    list: rows.map((r) => ({ ...r, lastFrameAt: last.get(r.terminalID) ?? null })),
    total: Number(total),
  };
}

/** The newest frame time per terminal of a page (one index probe each). */
async function lastFrameTimes(db: Db, terminalIds: string[], now: number) {
  const out = new Map<string, Date>();
  await Promise.all(
    terminalIds.map(async (t) => {
      const [r] = await db
        .select({ at: max(deviceLogs.createdAt) })
        .from(deviceLogs)
        .where(and(eq(deviceLogs.terminalId, t), gte(deviceLogs.createdAt, new Date(now - LOG_WINDOW_MS))));
      if (r?.at) out.set(t, new Date(r.at));
    }),
  );
  return out;
}

/** A terminal's recorded connection (connectLogApi); null when it never connected. */
export async function connectionRecord(db: Db, terminalId: string) {
  const [row] = await db
    .select()
    .from(deviceConnections)
    .where(eq(deviceConnections.terminalId, terminalId))
    .limit(1);
  return row ?? null;
}
