import { eq, sql, type SQL } from 'drizzle-orm';
import { DAY_MS, dayOf, daysFrom, PLATFORM_OFFSET_MS, TRACK_MAX_MS } from '../../src/domain/track';
import type { Db } from '../db/client';
import { trackRollupCursors } from '../db/schema/track-rollup-cursors';
import { rebuildOwnerDays, refreshOwnerDays, type OwnerDay } from '../services/track/owner-days';
import { rollupDay } from '../services/track/rollup';
import { PeriodicJob } from './periodic';

/**
 * Keeps the daily track rollups up to date. Every run is one cheap query when nothing changed:
 * devices whose row holds a newer fix than their cursor (track_rollup_cursors) get the days
 * from the cursor's day to the new fix's day recomputed (late uploads after a gap fall in
 * between); a device never rolled up gets its days since its first fix of the last 90 days
 * (the catch-up). Today's row of a busy device is refreshed at most every `todayRefreshMs`:
 * playback reads today from raw positions anyway, only statistics wait for it. Once a day has
 * ended, its last computation is repeated once so it sees the first fix after midnight.
 *
 * Every recomputation replaces the day's rows (idempotent), so a run cut short, a restart or
 * two nodes running at once only repeat work.
 */

export interface RollupJobOptions {
  /** Between runs; default 60 s. */
  intervalMs?: number;
  /** Devices recomputed per run at most; default 100. */
  batch?: number;
  /** Default 10 minutes. */
  todayRefreshMs?: number;
  now?: () => Date;
}

export interface RunReport {
  devices: number;
  days: number;
}

interface Candidate {
  id: number;
  /** The device's owner now, and the one its days were last summed under. */
  owner: number | null;
  summedOwner: number | null;
  /** The device's newest fix and the cursor's, epoch ms. */
  fix: number;
  rolled: number | null;
  rolledAt: number | null;
}

/** A timestamptz as epoch milliseconds (float8: both drivers hand it over as a number). */
const epochMs = (col: SQL) => sql`floor(extract(epoch from ${col}) * 1000)::float8`;

const OWNER_REBUILD_MS = 3_600_000;

/** Milliseconds of the platform offset as an SQL interval (days end at 16:00 UTC). */
const OFFSET = sql.raw(`interval '${PLATFORM_OFFSET_MS / 1000} seconds'`);

export class TrackRollupJob extends PeriodicJob<RunReport> {
  private rebuiltAt = -Infinity;
  readonly opts: Required<RollupJobOptions>;

  constructor(
    private db: Db,
    opts: RollupJobOptions = {},
  ) {
    super('track-rollup');
    this.opts = {
      intervalMs: 60_000,
      batch: 100,
      todayRefreshMs: 10 * 60_000,
      now: () => new Date(),
      ...opts,
    };
  }

  /** A full batch means more is waiting: the next run comes in a second. */
  protected nextDelay(report?: RunReport) {
    return report && report.devices >= this.opts.batch ? 1_000 : this.opts.intervalMs;
  }

  protected async pass(): Promise<RunReport> {
    const now = this.opts.now();
    const nowMs = now.getTime();
    const report: RunReport = { devices: 0, days: 0 };
    // Owner sums from scratch on the first run and then hourly (deleted devices, missed moves).
    if (nowMs - this.rebuiltAt >= OWNER_REBUILD_MS) {
      await rebuildOwnerDays(this.db, dayOf(nowMs - TRACK_MAX_MS - 2 * DAY_MS));
      this.rebuiltAt = nowMs;
    }
    const touched: OwnerDay[] = [];
    for (const c of await this.candidates(now)) {
      if (this.stopped) break;
      for (const day of await this.daysOf(c, nowMs)) {
        await rollupDay(this.db, c.id, day, this.opts.now());
        if (c.owner != null) touched.push({ userId: c.owner, day });
        report.days++;
        // Let requests in between (PGlite runs one query at a time).
        await new Promise((r) => setImmediate(r));
      }
      if (c.summedOwner !== c.owner) touched.push(...(await this.moved(c)));
      const cursor = { fixTime: new Date(c.fix), rolledAt: this.opts.now(), ownerId: c.owner };
      await this.db
        .insert(trackRollupCursors)
        .values({ deviceId: c.id, ...cursor })
        .onConflictDoUpdate({ target: trackRollupCursors.deviceId, set: cursor });
      report.devices++;
    }
    await refreshOwnerDays(this.db, touched);
    return report;
  }

  /** A device that changed owner: every day of it, under the old owner and the new. */
  private async moved(c: Candidate): Promise<OwnerDay[]> {
    const res = await this.db.execute<{ day: string }>(
      sql`SELECT day::text AS day FROM track_days WHERE device_id = ${c.id}`,
    );
    const owners = [c.owner, c.summedOwner].filter((o): o is number => o != null);
    return res.rows.flatMap((r) => owners.map((userId) => ({ userId, day: r.day })));
  }

  /**
   * Devices with something to do, newest fix first, `batch` at most: never rolled up; moved to
   * another owner since its days were summed; a newer
   * fix on a later day than the cursor's; a newer fix on the same day when today's row is older
   * than todayRefreshMs; or a cursor day that has ended since it was computed.
   */
  private async candidates(now: Date): Promise<Candidate[]> {
    const since = new Date(now.getTime() - TRACK_MAX_MS).toISOString();
    const nowIso = now.toISOString();
    const stale = new Date(now.getTime() - this.opts.todayRefreshMs).toISOString();
    const day = (col: SQL) => sql`date_trunc('day', (${col} AT TIME ZONE 'UTC') + ${OFFSET})`;
    // End of the platform day holding the cursor's fix, as a timestamptz.
    const cursorDayEnd = sql`((${day(sql`c.fix_time`)} + interval '1 day' - ${OFFSET}) AT TIME ZONE 'UTC')`;
    const res = await this.db.execute<{
      id: number;
      owner: number | null;
      summed: number | null;
      fix: number;
      rolled: number | null;
      rolled_at: number | null;
    }>(sql`
      SELECT d.id, d.user_id AS owner, c.owner_id AS summed, ${epochMs(sql`d.fix_time`)} AS fix,
        ${epochMs(sql`c.fix_time`)} AS rolled, ${epochMs(sql`c.rolled_at`)} AS rolled_at
      FROM devices d LEFT JOIN track_rollup_cursors c ON c.device_id = d.id
      WHERE d.fix_time IS NOT NULL AND d.fix_time >= ${since}::timestamptz
        AND (c.fix_time IS NULL OR c.owner_id IS DISTINCT FROM d.user_id
          OR (d.fix_time > c.fix_time
            AND (${day(sql`d.fix_time`)} > ${day(sql`c.fix_time`)} OR c.rolled_at < ${stale}::timestamptz))
          OR (${cursorDayEnd} <= ${nowIso}::timestamptz AND c.rolled_at < ${cursorDayEnd}))
      ORDER BY d.fix_time DESC
      LIMIT ${this.opts.batch}`);
    const num = (v: number | string | null) => (v == null ? null : Number(v));
    return res.rows.map((r) => ({
      id: r.id,
      owner: r.owner,
      summedOwner: r.summed,
      fix: num(r.fix)!,
      rolled: num(r.rolled),
      rolledAt: num(r.rolled_at),
    }));
  }

  /** The days to recompute for a candidate: from the cursor's day (or the first fix) to the new fix's. */
  private async daysOf(c: Candidate, nowMs: number): Promise<string[]> {
    const oldest = dayOf(nowMs - TRACK_MAX_MS);
    let first = c.rolled;
    if (first == null) {
      // Never rolled up: from its first fix or alarm of the last 90 days.
      const since = sql`${new Date(nowMs - TRACK_MAX_MS).toISOString()}::timestamptz`;
      const res = await this.db.execute<{ t: number | null }>(sql`
        SELECT ${epochMs(sql`least(
          (SELECT min(fix_time) FROM positions WHERE device_id = ${c.id} AND fix_time >= ${since}),
          (SELECT min(time) FROM alarms WHERE device_id = ${c.id} AND time >= ${since}))`)} AS t`);
      const t = res.rows[0]?.t;
      first = t == null ? c.fix : Math.min(Number(t), c.fix);
    }
    const firstDay = dayOf(first);
    return daysFrom(firstDay < oldest ? oldest : firstDay, dayOf(c.fix));
  }
}

/** Forgets the cursors (tests; or to force a full recomputation). */
export async function resetRollupCursor(db: Db, deviceId?: number) {
  if (deviceId == null) await db.delete(trackRollupCursors);
  else await db.delete(trackRollupCursors).where(eq(trackRollupCursors.deviceId, deviceId));
}
