import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, type DeviceRow } from '../../server/db/schema/devices';
import { DAY_MS, TRACK_POINTS_PAGE_MAX } from '../../src/domain/track';
import { closeDatabase, startHarness, type Harness } from './harness';

/**
 * Playback's counts (issue 32): Bus 98 over 7 days showed 1,697 points in the summary and 1,134
 * in the points tab, which listed the simplified line drawn on the map. findTrackPoints lists
 * every fix the summary counts, a page at a time.
 */

let h: Harness;
let agent: string;
let seeded: DeviceRow;
const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();
const week = { startTime: iso(now - 7 * DAY_MS), endTime: iso(now) };

interface Point {
  t: number;
  valid: boolean;
  type: string;
  state: number;
}

beforeAll(async () => {
  h = await startHarness();
  agent = await h.login('agent');
  // The first vehicle of the seeded history (read only).
  [seeded] = await h.handle.db.select().from(devices).orderBy(asc(devices.id)).limit(1);
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

/** Every page of the fixes, in order. */
async function allPoints(body: object, pageSize: number) {
  const out: Point[] = [];
  let total = -1;
  for (let page = 1; page < 1000; page++) {
    const r = await h.post('/api/track/findTrackPoints', { ...body, pageNum: page, pageSize }, agent);
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
    total = r.data.total;
    out.push(...r.data.list);
    if (r.data.list.length < pageSize) break;
  }
  return { total, points: out };
}

describe('POST /api/track/findTrackPoints', () => {
  it("lists as many fixes as the track's summary counts, though the line drawn holds fewer", async () => {
    const body = { terminalID: seeded.terminalId, ...week };
    const track = (await h.post('/api/track/findTrackByTerminalID', body, agent)).data;
    // The drawn line of a week comes from the daily rollups' simplified geometry.
    expect(track.simplified).toBe(true);
    expect(track.points.t.length).toBeLessThan(track.total);

    const { total, points } = await allPoints(body, TRACK_POINTS_PAGE_MAX);
    expect(total).toBe(track.total);
    expect(points).toHaveLength(track.total);
    for (let i = 1; i < points.length; i++) expect(points[i].t).toBeGreaterThan(points[i - 1].t);
    expect(points[0].t).toBe(track.points.t[0]);
    expect(points[points.length - 1].t).toBe(track.points.t[track.points.t.length - 1]);
    // Invalid fixes are left out by default, as the summary leaves them out.
    expect(points.every((p) => p.valid)).toBe(true);
  });

  it('pages through the same fixes whatever the page size, and filters as the track does', async () => {
    const body = { terminalID: seeded.terminalId, ...week, hideLbs: true, dropJumps: true };
    const track = (await h.post('/api/track/findTrackByTerminalID', body, agent)).data;
    const big = await allPoints(body, TRACK_POINTS_PAGE_MAX);
    expect(big.total).toBe(track.total);
    expect(big.points).toHaveLength(track.total);
    expect(big.points.some((p) => p.type === 'lbs' || p.type === 'wifi')).toBe(false);
    // A middle page (it starts inside some day) is that slice of the whole list.
    const r = await h.post('/api/track/findTrackPoints', { ...body, pageNum: 4, pageSize: 97 }, agent);
    expect(r.data.list).toEqual(big.points.slice(3 * 97, 4 * 97));
    // Past the end: an empty page with the same total.
    const past = await h.post(
      '/api/track/findTrackPoints',
      { ...body, pageNum: 10_000, pageSize: 100 },
      agent,
    );
    expect(past.data).toMatchObject({ total: track.total, list: [] });
  });

  it("refuses a page size over the bound and a device outside the caller's tree", async () => {
    const body = { terminalID: seeded.terminalId, ...week };
    const big = await h.post(
      '/api/track/findTrackPoints',
      { ...body, pageSize: TRACK_POINTS_PAGE_MAX + 1 },
      agent,
    );
    expect(big.status).toBe(400);
    const other = await h.post('/api/track/findTrackPoints', body, await h.login('agent2'));
    expect(other.status).not.toBe(200);
  });
});
