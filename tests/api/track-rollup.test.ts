import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrackRollupJob } from '../../server/jobs/track-rollup';
import { devices } from '../../server/db/schema/devices';
import { positions } from '../../server/db/schema/positions';
import { trackDayShapes } from '../../server/db/schema/track-day-shapes';
import { trackDays } from '../../server/db/schema/track-days';
import { trackRollupCursors } from '../../server/db/schema/track-rollup-cursors';
import { rollupDay } from '../../server/services/track/rollup';
import { addDays, computePiece, DAY_MS, dayOf, dayStart, type TrackFix } from '../../src/domain/track';
import { drive } from '../unit/track/fixtures';
import { closeDatabase, startHarness, type Harness } from './harness';

/** The rollup job (server/jobs/track-rollup.ts): what it recomputes, and that it is idempotent. */

let h: Harness;
let deviceId: number;
const today = dayOf(Date.now());
const at = (day: string, hours: number) => dayStart(day) + hours * 3_600_000;

beforeAll(async () => {
  process.env.TRACK_ROLLUP_INTERVAL_MS = '0'; // the server's own job stays off: these tests drive it
  h = await startHarness();
  // A device of agent2 with a position but no history.
  const agent2 = await h.idOf('agent2');
  const [d] = await h.handle.db
    .select()
    .from(devices)
    .where(and(eq(devices.userId, agent2), eq(devices.state, 1)))
    .orderBy(asc(devices.id))
    .limit(1);
  deviceId = d.id;
  // Silent for four days: its cursor and row sit there, so what the tests upload is newer.
  const quiet = new Date(at(addDays(today, -4), 12));
  await h.handle.db.update(devices).set({ fixTime: quiet }).where(eq(devices.id, deviceId));
  await h.handle.db
    .update(trackRollupCursors)
    .set({ fixTime: quiet })
    .where(eq(trackRollupCursors.deviceId, deviceId));
});
afterAll(async () => {
  delete process.env.TRACK_ROLLUP_INTERVAL_MS;
  await h.close();
  await closeDatabase();
});

async function upload(fixes: TrackFix[]) {
  await h.handle.db
    .insert(positions)
    .values(
      fixes.map((f) => ({
        deviceId,
        fixTime: new Date(f.t),
        lat: f.lat,
        lon: f.lon,
        speed: f.speed,
        course: f.course,
      })),
    );
  const last = fixes[fixes.length - 1];
  await h.handle.db
    .update(devices)
    .set({ fixTime: new Date(last.t), lat: last.lat, lon: last.lon })
    .where(eq(devices.id, deviceId));
}

const rows = async () => {
  const d = await h.handle.db
    .select()
    .from(trackDays)
    .where(eq(trackDays.deviceId, deviceId))
    .orderBy(asc(trackDays.day));
  const s = await h.handle.db
    .select()
    .from(trackDayShapes)
    .where(eq(trackDayShapes.deviceId, deviceId))
    .orderBy(asc(trackDayShapes.day));
  return { days: d.map(({ computedAt: _, ...r }) => r), shapes: s };
};

/** track_owner_days as they should be: track_days summed per current owner and day. */
async function ownerSums() {
  const kept = await h.handle.db.execute<{ k: string }>(sql`
    SELECT user_id || '|' || day || '|' || round(mileage_m::numeric, 1) || '|' || devices AS k
    FROM track_owner_days ORDER BY 1`);
  const real = await h.handle.db.execute<{ k: string }>(sql`
    SELECT d.user_id || '|' || t.day || '|' || round(sum(t.mileage_m)::numeric, 1) || '|' || count(*) AS k
    FROM track_days t JOIN devices d ON d.id = t.device_id GROUP BY d.user_id, t.day ORDER BY 1`);
  return { kept: kept.rows.map((r) => r.k), real: real.rows.map((r) => r.k) };
}

const job = (nowMs: number) => new TrackRollupJob(h.handle.db, { now: () => new Date(nowMs) });

describe('track rollup job', () => {
  it('keeps the daily sums per owner with the rollups, and moves them with a device', async () => {
    let sums = await ownerSums();
    expect(sums.kept.length).toBeGreaterThan(100);
    expect(sums.kept).toEqual(sums.real);
    // A device of the seeded history changes hands: the next run moves its days (a job's first
    // run rebuilds every sum, so this one has run once already).
    const j = job(Date.now());
    await j.runOnce();
    const [d] = await h.handle.db.select().from(devices).where(eq(devices.id, 1));
    const other = await h.idOf('subagent');
    await h.handle.db.update(devices).set({ userId: other }).where(eq(devices.id, 1));
    expect(await j.runOnce()).toMatchObject({ devices: 1 });
    sums = await ownerSums();
    expect(sums.kept).toEqual(sums.real);
    await h.handle.db.update(devices).set({ userId: d.userId }).where(eq(devices.id, 1));
    await j.runOnce();
    sums = await ownerSums();
    expect(sums.kept).toEqual(sums.real);
  });

  it('has nothing to do after the seed', async () => {
    expect(await job(Date.now()).runOnce()).toEqual({ devices: 0, days: 0 });
  });

  it("recomputes the days from the cursor's to the new fix's, with the piece computation", async () => {
    const before = await rows();
    const y = addDays(today, -1);
    const a = drive(
      [
        [1800, 40, 0],
        [600, 0, 0],
        [1200, 60, 90],
      ],
      { start: at(y, 21) },
    );
    const b = drive([[900, 30, 180]], {
      start: at(today, 0) + 600_000,
      lat: a[a.length - 1].lat,
      lon: a[a.length - 1].lon,
    });
    await upload([...a, ...b]);
    const now = Math.max(at(today, 1), b[b.length - 1].t + 60_000);
    expect(await job(now).runOnce()).toMatchObject({ devices: 1 });
    const after = await rows();
    const yRow = after.days.find((r) => r.day === y)!;
    const inY = a.filter((f) => f.t < dayStart(today));
    const expected = computePiece({
      fixes: inY,
      from: dayStart(y),
      to: dayStart(today),
      next: a.find((f) => f.t >= dayStart(today)) ?? b[0],
    });
    expect(yRow.mileageM).toBe(expected.summary.mileageM);
    expect(before.days.every((r) => r.points === 0)).toBe(true); // alarm-only days of the seed
    expect(yRow.points).toBe(inY.length);
    expect(after.days.some((r) => r.day === today)).toBe(true);
    const [cursor] = await h.handle.db
      .select()
      .from(trackRollupCursors)
      .where(eq(trackRollupCursors.deviceId, deviceId));
    expect(cursor.fixTime.getTime()).toBe(b[b.length - 1].t);
    const sums = await ownerSums();
    expect(sums.kept).toEqual(sums.real);
    // Nothing new: nothing to do.
    expect(await job(now).runOnce()).toEqual({ devices: 0, days: 0 });
  });

  it('is idempotent: recomputing, or starting over without rows and cursor, gives the same rows', async () => {
    const first = await rows();
    for (const r of first.days) await rollupDay(h.handle.db, deviceId, r.day);
    const again = await rows();
    expect(again).toEqual(first);
    await h.handle.db.delete(trackDays).where(eq(trackDays.deviceId, deviceId));
    await h.handle.db.delete(trackDayShapes).where(eq(trackDayShapes.deviceId, deviceId));
    await h.handle.db.delete(trackRollupCursors).where(eq(trackRollupCursors.deviceId, deviceId));
    // The catch-up finds the device's first fix or alarm of the last 90 days and computes every day since.
    const report = await job(Date.now()).runOnce();
    expect(report.devices).toBe(1);
    expect(await rows()).toEqual(first);
  });

  it('picks up fixes uploaded late after a gap, and refreshes a busy today at most every 10 minutes', async () => {
    const d3 = addDays(today, -3);
    const d2 = addDays(today, -2);
    // Silent since two days ago: the cursor sits there.
    await h.handle.db
      .update(trackRollupCursors)
      .set({ fixTime: new Date(at(d3, 10)) })
      .where(eq(trackRollupCursors.deviceId, deviceId));
    const late = drive([[1200, 50, 45]], { start: at(d2, 9) });
    const fresh = drive([[300, 20, 0]], { start: at(today, 2) });
    await upload([...late, ...fresh]);
    const now = at(today, 3);
    await job(now).runOnce();
    expect((await rows()).days.find((r) => r.day === d2)?.points).toBe(late.length);
    // Two minutes later a new fix today: too soon to recompute today.
    await upload(drive([[60, 20, 0]], { start: at(today, 3) }));
    expect(await job(now + 120_000).runOnce()).toEqual({ devices: 0, days: 0 });
    expect(await job(now + 11 * 60_000).runOnce()).toMatchObject({ devices: 1, days: 1 });
  });

  it('computes a day once more after it has ended', async () => {
    // The next midnight has passed: every device's last day is recomputed once (100 a run),
    // then left alone.
    const now = at(today, 3) + 11 * 60_000 + DAY_MS;
    let runs = 0;
    while ((await job(now).runOnce()).devices > 0) runs++;
    expect(runs).toBeGreaterThan(0);
    expect(runs).toBeLessThan(5);
    const [cursor] = await h.handle.db
      .select()
      .from(trackRollupCursors)
      .where(eq(trackRollupCursors.deviceId, deviceId));
    expect(cursor.rolledAt.getTime()).toBe(now);
    expect(await job(now + 60_000).runOnce()).toEqual({ devices: 0, days: 0 });
  });
});
