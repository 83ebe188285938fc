import { and, asc, count, desc, eq, gt, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deviceLogs, type DeviceLogRow } from '../../db/schema/device-logs';
import { badRequest } from '../../lib/errors';
import { pageWindow, type PageParams } from '../../lib/envelope';
import {
  checkLogRange,
  LOG_LAST_MAX,
  LOG_NEW_MAX,
  LOG_WINDOW_MS,
  type LogFrame,
} from '../../../src/domain/device-log';

const columns = {
  id: deviceLogs.id,
  terminalId: deviceLogs.terminalId,
  direction: deviceLogs.direction,
  protocol: deviceLogs.protocol,
  raw: deviceLogs.raw,
  decoded: deviceLogs.decoded,
  createdAt: deviceLogs.createdAt,
};

type Row = Pick<DeviceLogRow, keyof typeof columns>;
const toFrame = (r: Row): LogFrame & { id: number } => ({
  id: r.id,
  terminalId: r.terminalId,
  direction: r.direction,
  protocol: r.protocol,
  raw: r.raw,
  decoded: r.decoded ?? null,
  at: r.createdAt.toISOString(),
});

export interface LogSearch extends PageParams {
  terminalID?: string;
  startTime?: string;
  endTime?: string;
}

/**
 * Frames of one terminal in a range of the last 7 days, newest first (searchLogApi). No
 * terminal: an empty page (the index is per terminal; a fleet-wide scan is not a search).
 */
export async function searchLogs(db: Db, q: LogSearch, now = Date.now()) {
  const end = q.endTime ? new Date(q.endTime) : new Date(now);
  const start = q.startTime ? new Date(q.startTime) : new Date(now - LOG_WINDOW_MS);
  const problem = checkLogRange(start, end, now);
  if (problem) throw badRequest(problem);
  const terminalId = q.terminalID?.trim();
  if (!terminalId) return { list: [], total: 0 };
  const where = and(
    eq(deviceLogs.terminalId, terminalId),
    gte(deviceLogs.createdAt, start),
    lte(deviceLogs.createdAt, end),
  );
  const { limit, offset } = pageWindow(q);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(deviceLogs).where(where),
    db
      .select(columns)
      .from(deviceLogs)
      .where(where)
      .orderBy(desc(deviceLogs.createdAt), desc(deviceLogs.id))
      .limit(limit)
      .offset(offset),
  ]);
  return { list: rows.map(toFrame), total: Number(total) };
}

/** A terminal's latest frames, newest first (findLastLog). */
export async function lastLogs(db: Db, terminalId: string, limit = LOG_LAST_MAX, now = Date.now()) {
  const rows = await db
    .select(columns)
    .from(deviceLogs)
    .where(
      and(eq(deviceLogs.terminalId, terminalId), gte(deviceLogs.createdAt, new Date(now - LOG_WINDOW_MS))),
    )
    .orderBy(desc(deviceLogs.createdAt), desc(deviceLogs.id))
    .limit(Math.min(limit, LOG_LAST_MAX));
  return rows.map(toFrame);
}

/** Frames stored after row `afterId`, oldest first (findNewLog: the monitor's polling fallback). */
export async function newLogs(db: Db, terminalId: string, afterId: number, now = Date.now()) {
  const rows = await db
    .select(columns)
    .from(deviceLogs)
    .where(
      and(
        eq(deviceLogs.terminalId, terminalId),
        gte(deviceLogs.createdAt, new Date(now - LOG_WINDOW_MS)),
        gt(deviceLogs.id, afterId),
      ),
    )
    .orderBy(asc(deviceLogs.id))
    .limit(LOG_NEW_MAX);
  return rows.map(toFrame);
}
