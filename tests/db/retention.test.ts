import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';
import { devices } from '../../server/db/schema/devices';
import { positions } from '../../server/db/schema/positions';
import { trackDays } from '../../server/db/schema/track-days';
import {
  ensurePositionPartitions,
  listPositionPartitions,
  positionPartitionName,
} from '../../server/db/partitions';
import { PositionWriter } from '../../server/ingest/position-writer';
import { PositionRetentionJob } from '../../server/jobs/position-retention';
import { positionRecord } from '../support/position-record';

/**
 * Position retention (issue 17): monthly partitions entirely older than the setting are
 * detached and dropped; positions_default, younger partitions and the daily rollups stay.
 */
let t: TestDatabase;
let deviceId: number;

beforeAll(async () => {
  t = await openTestDatabase({ seed: true });
  [{ id: deviceId }] = await t.db.select({ id: devices.id }).from(devices).limit(1);
});
afterAll(async () => {
  await t.dispose();
});

const fix = (at: string) => positionRecord(deviceId, at, { battery: 80 });

async function storedBetween(from: string, to: string) {
  const [{ n }] = await t.db
    .select({ n: count() })
    .from(positions)
    .where(and(gte(positions.fixTime, new Date(from)), lt(positions.fixTime, new Date(to))));
  return Number(n);
}

const job = (now: string, months = 6) => new PositionRetentionJob(t.db, months, () => new Date(now));

describe('position retention', () => {
  it('drops whole months past the setting and keeps the rest, the default partition and the rollups', async () => {
    await ensurePositionPartitions(t.db, new Date('2025-01-15T00:00:00Z'), 3); // Jan, Feb, Mar 2025
    const w = new PositionWriter(t.db, { flushMs: 5 });
    // June 2024 has no partition: it lands in positions_default, which retention never touches.
    for (const at of [
      '2024-06-10T00:00:00Z',
      '2025-01-31T23:59:59Z',
      '2025-02-14T12:00:00Z',
      '2025-03-01T00:00:00Z',
    ])
      w.add(fix(at));
    await w.close();
    await t.db.insert(trackDays).values([
      { deviceId, day: '2025-01-31', counts: [1, 0, 0], points: 1 },
      { deviceId, day: '2025-02-14', counts: [1, 0, 0], points: 1 },
    ]);
    const current = (await listPositionPartitions(t.db)).filter((n) => n > 'positions_y2025m03');

    // 30 September: the instant 6 months back is 30 March, so January and February are wholly
    // older; March is only partly older and stays whole.
    expect(await job('2025-09-30T10:00:00Z').runOnce()).toEqual(['positions_y2025m01', 'positions_y2025m02']);
    expect(await listPositionPartitions(t.db)).toEqual(['positions_y2025m03', ...current]);
    expect(await storedBetween('2025-01-01', '2025-03-01')).toBe(0);
    expect(await storedBetween('2025-03-01', '2025-04-01')).toBe(1);
    expect(await storedBetween('2024-06-01', '2024-07-01')).toBe(1);
    const rollups = await t.db
      .select({ day: trackDays.day })
      .from(trackDays)
      .where(and(eq(trackDays.deviceId, deviceId), lt(trackDays.day, '2025-03-01')));
    expect(rollups.map((r) => r.day).sort()).toEqual(['2025-01-31', '2025-02-14']);
    const detached = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pg_class WHERE relname IN ('positions_y2025m01', 'positions_y2025m02')`,
    );
    expect(detached.rows[0].n).toBe(0);

    // In October March goes too; two nodes running at once drop it once between them.
    const [a, b] = await Promise.all([
      job('2025-10-01T00:00:00Z').runOnce(),
      job('2025-10-01T00:00:00Z').runOnce(),
    ]);
    expect([...a, ...b]).toEqual(['positions_y2025m03']);
    expect(await listPositionPartitions(t.db)).toEqual(current);
    expect(await storedBetween('2024-06-01', '2024-07-01')).toBe(1);
  });

  it('keeps everything when the setting is 0, and the current and last month with 1', async () => {
    await ensurePositionPartitions(t.db, new Date('2024-01-01T00:00:00Z'), 1);
    expect(await job('2030-01-01T00:00:00Z', 0).runOnce()).toEqual([]);
    expect(await listPositionPartitions(t.db)).toContain('positions_y2024m01');
    const now = new Date();
    const name = (monthsBack: number) =>
      positionPartitionName(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1)));
    await ensurePositionPartitions(
      t.db,
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1)),
      2,
    );

    const dropped = await job(now.toISOString(), 1).runOnce();
    expect(dropped).toContain('positions_y2024m01');
    expect(dropped).toContain(name(2));
    const left = await listPositionPartitions(t.db);
    expect(left).toContain(name(1));
    expect(left).toContain(name(0));
    expect(left.every((n) => n >= name(1))).toBe(true);
  });
});
