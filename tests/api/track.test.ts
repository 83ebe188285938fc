import { and, asc, between, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, type DeviceRow } from '../../server/db/schema/devices';
import { positions } from '../../server/db/schema/positions';
import { trackDays } from '../../server/db/schema/track-days';
import { MESSAGES } from '../../src/domain/messages';
import { addDays, DAY_MS, dayOf, dayStart, SPEED_BUCKETS_MAX } from '../../src/domain/track';
import { closeDatabase, startHarness, type Harness } from './harness';

let h: Harness;
let agent: string;
let all: DeviceRow[];
const now = Date.now();
const today = dayOf(now);
const iso = (ms: number) => new Date(ms).toISOString();
const dev = (id: number) => all.find((d) => d.id === id)!;

beforeAll(async () => {
  h = await startHarness();
  agent = await h.login('agent');
  all = await h.handle.db.select().from(devices).orderBy(asc(devices.id));
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

const track = (body: object, token = agent) => h.post('/api/track/findTrackByTerminalID', body, token);
/** Days [first, first + n) as a range. */
const days = (first: string, n: number) => ({
  startTime: iso(dayStart(first)),
  endTime: iso(dayStart(first) + n * DAY_MS),
});

async function rolledMileage(deviceId: number, first: string, last: string) {
  const rows = await h.handle.db
    .select({ m: trackDays.mileageM })
    .from(trackDays)
    .where(and(eq(trackDays.deviceId, deviceId), between(trackDays.day, first, last)));
  return Math.round(rows.reduce((s, r) => s + r.m, 0) * 10) / 10;
}

describe('POST /api/track/findTrackByTerminalID', () => {
  it('answers a week of a seeded vehicle: simplified points, full-data mileage, stays and speed', async () => {
    const d = dev(1);
    const r = await track({ terminalID: d.terminalId, startTime: iso(now - 7 * DAY_MS), endTime: iso(now) });
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
    const t = r.data;
    expect(t).toMatchObject({ terminalID: d.terminalId, name: d.carNumber || d.nickname || d.terminalId });
    expect(t.from).toBe(now - 7 * DAY_MS);
    const n = t.points.t.length;
    // How much a week holds depends on its weekdays (the seed drives less on Sundays).
    expect(n).toBeGreaterThan(200);
    expect(n).toBeLessThanOrEqual(4000);
    for (const k of ['lat', 'lon', 'speed', 'course', 'state', 'type', 'valid'])
      expect(t.points[k]).toHaveLength(n);
    for (let i = 1; i < n; i++) expect(t.points.t[i]).toBeGreaterThan(t.points.t[i - 1]);
    expect(new Set(t.points.state).size).toBeGreaterThanOrEqual(3);
    expect(t.points.valid.every(Boolean)).toBe(true);
    expect(t.total).toBeGreaterThanOrEqual(n);
    expect(t.mileageM).toBeGreaterThan(50_000);
    expect(t.stays.length).toBeGreaterThan(5);
    expect(t.stays[0]).toEqual({
      start: expect.any(Number),
      end: expect.any(Number),
      durationS: expect.any(Number),
      lat: expect.any(Number),
      lon: expect.any(Number),
    });
    expect(t.stays.every((s: { durationS: number }) => s.durationS >= 180)).toBe(true);
    expect(t.speed.t.length).toBeGreaterThan(100);
    expect(t.speed.t.length).toBeLessThanOrEqual(SPEED_BUCKETS_MAX);
    expect(Math.max(...t.speed.max)).toBeGreaterThan(60);
  });

  it('gives a day the kilometres of its rollup, from raw positions and from rollups alike', async () => {
    const d = dev(2);
    const first = addDays(today, -9);
    // One day and two days: read raw. Seven days: read from rollups.
    for (const n of [1, 2, 7]) {
      const r = await track({ terminalID: d.terminalId, ...days(first, n) });
      expect(r.data.mileageM, `${n} days`).toBe(await rolledMileage(d.id, first, addDays(first, n - 1)));
    }
  });

  it('answers the same mileage and totals for a range whichever way it is read', async () => {
    const d = dev(5);
    const from = dayStart(addDays(today, -6)) + 5 * 3_600_000;
    const to = dayStart(addDays(today, -3)) + 20 * 3_600_000;
    const whole = (
      await track({ terminalID: d.terminalId, startTime: iso(from), endTime: iso(to), maxPoints: 20_000 })
    ).data;
    // The same range as three raw requests (each under 48 h) cut at midnights, put together.
    const cuts = [from, dayStart(addDays(today, -5)), dayStart(addDays(today, -4)), to];
    let mileage = 0;
    let total = 0;
    for (let k = 0; k < 3; k++) {
      const p = (
        await track({ terminalID: d.terminalId, startTime: iso(cuts[k]), endTime: iso(cuts[k + 1]) })
      ).data;
      mileage += p.mileageM;
      total += p.total;
    }
    expect(Math.round(mileage * 10) / 10).toBe(whole.mileageM);
    expect(total).toBe(whole.total);
  });

  it('simplifies to maxPoints and applies the filters', async () => {
    const d = dev(1);
    const range = days(addDays(today, -20), 14);
    const small = (await track({ terminalID: d.terminalId, ...range, maxPoints: 100 })).data;
    expect(small.points.t).toHaveLength(100);
    expect(small.simplified).toBe(true);
    const withInvalid = (await track({ terminalID: d.terminalId, ...range, hideInvalid: false })).data;
    const noLbs = (await track({ terminalID: d.terminalId, ...range, hideLbs: true, dropJumps: true })).data;
    // The seed flags a few parked fixes invalid; how many fall in the range depends on the date.
    const invalid = await h.handle.db.$count(
      positions,
      and(
        eq(positions.deviceId, d.id),
        eq(positions.valid, false),
        between(positions.fixTime, new Date(range.startTime), new Date(range.endTime)),
      ),
    );
    expect(withInvalid.total - small.total).toBe(invalid);
    const network = await h.handle.db.$count(
      positions,
      and(
        eq(positions.deviceId, d.id),
        eq(positions.valid, true),
        inArray(positions.positionType, ['lbs', 'wifi']),
        between(positions.fixTime, new Date(range.startTime), new Date(range.endTime)),
      ),
    );
    // Cell-tower and Wi-Fi fixes go, and jumps with them.
    expect(small.total - noLbs.total).toBeGreaterThanOrEqual(network);
    expect(noLbs.points.type).not.toContain('lbs');
    expect(withInvalid.mileageM).toBe(small.mileageM);
  });

  it('spends the points budget inside a box when the map is zoomed in', async () => {
    const d = dev(1);
    const range = {
      terminalID: d.terminalId,
      startTime: iso(now - 60 * DAY_MS),
      endTime: iso(now),
      maxPoints: 500,
    };
    const whole = (await track(range)).data;
    // A box around the middle of the track's extent, a quarter of it each way.
    const lat = [...whole.points.lat].sort((a: number, b: number) => a - b);
    const lon = [...whole.points.lon].sort((a: number, b: number) => a - b);
    const mid = (v: number[], q: number) => v[Math.floor(v.length * q)];
    const bbox = {
      west: mid(lon, 0.375),
      east: mid(lon, 0.625),
      south: mid(lat, 0.375),
      north: mid(lat, 0.625),
    };
    const inside = (pts: { lat: number[]; lon: number[] }) =>
      pts.lat.filter(
        (la, i) => la >= bbox.south && la <= bbox.north && pts.lon[i] >= bbox.west && pts.lon[i] <= bbox.east,
      ).length;
    const zoomed = (await track({ ...range, bbox })).data;
    expect(zoomed.points.t.length).toBeLessThanOrEqual(500);
    expect(inside(zoomed.points)).toBeGreaterThan(inside(whole.points));
    // Each point is inside the box or next to one that is (lines leave the box).
    const n = zoomed.points.t.length;
    const isIn = (i: number) =>
      i >= 0 && i < n && inside({ lat: [zoomed.points.lat[i]], lon: [zoomed.points.lon[i]] }) === 1;
    for (let i = 0; i < n; i++) expect(isIn(i) || isIn(i - 1) || isIn(i + 1)).toBe(true);
    // The figures are the whole range's.
    expect(zoomed.mileageM).toBe(whole.mileageM);
    expect(zoomed.total).toBe(whole.total);
    expect(zoomed.stays).toEqual(whole.stays);
    const bad = await track({ ...range, bbox: { ...bbox, north: 91 } });
    expect(bad.status).toBe(400);
  });

  it('refuses a range over 90 days, before the last 90 days, or ending before it starts', async () => {
    const id = dev(1).terminalId;
    const cases: [object, string][] = [
      [{ startTime: iso(now - 91 * DAY_MS), endTime: iso(now) }, 'trackRangeTooLong'],
      [{ startTime: iso(now - 100 * DAY_MS), endTime: iso(now - 95 * DAY_MS) }, 'trackRangeTooOld'],
      [{ startTime: iso(now), endTime: iso(now - DAY_MS) }, 'rangeOrder'],
    ];
    for (const [range, key] of cases) {
      const r = await track({ terminalID: id, ...range });
      expect(r.status, key).toBe(400);
      expect(r.meta.key).toBe(key);
      expect(r.meta.message).toBe(MESSAGES[key as keyof typeof MESSAGES]);
    }
    expect(MESSAGES.trackRangeTooLong).toBe('The track range is at most 90 days');
    const ok = await track({ terminalID: id, startTime: iso(now - 90 * DAY_MS), endTime: iso(now) });
    expect(ok.status).toBe(200);
  });

  it("answers not found for another tree's device, and lets demo read its own", async () => {
    const agent2 = await h.idOf('agent2');
    const other = all.find((d) => d.userId === agent2 && d.fixTime)!;
    const range = { startTime: iso(now - DAY_MS), endTime: iso(now) };
    for (const body of [{ terminalID: other.terminalId }, { terminalID: '000000000000000' }]) {
      const r = await track({ ...body, ...range });
      expect(r.status).toBe(404);
      expect(r.meta.key).toBe('notFound');
    }
    const demo = await h.login('demo');
    const mine = await track({ terminalID: dev(102).terminalId, ...range }, demo);
    expect(mine.status).toBe(200);
    expect(mine.data.points.t.length).toBeGreaterThan(0);
    expect((await track({ terminalID: dev(1).terminalId, ...range }, demo)).status).toBe(404);
    expect((await track({ terminalID: dev(1).terminalId, ...range }, await h.login('user'))).status).toBe(
      404,
    );
    expect((await track({ terminalID: dev(81).terminalId, ...range }, await h.login('user'))).status).toBe(
      200,
    );
  });
});

describe('POST /api/track/findStayAll', () => {
  it('answers the stays of the track, longer ones only when asked', async () => {
    const body = { terminalID: dev(6).terminalId, ...days(addDays(today, -10), 5) };
    const t = (await track(body)).data;
    const s = await h.post('/api/track/findStayAll', body, agent);
    expect(s.data.list).toEqual(t.stays);
    const long = await h.post('/api/track/findStayAll', { ...body, minStaySeconds: 3600 }, agent);
    expect(long.data.list.length).toBeLessThan(s.data.list.length);
    expect(long.data.list.every((x: { durationS: number }) => x.durationS >= 3600)).toBe(true);
  });
});

describe('POST /api/track/trackUser and trackUserList', () => {
  const item = (id: number) => ({ terminalID: dev(id).terminalId, nickname: 'ignored', userId: 1 });

  it('remembers up to 5 devices in order and answers their current names', async () => {
    const user = await h.login('subagent');
    const ids = [82, 51, 81];
    const r = await h.post('/api/track/trackUser', { usr_list: ids.map(item) }, user);
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
    const list = await h.post('/api/track/trackUserList', {}, user);
    expect(list.data.usr_list).toEqual(
      ids.map((id) => ({
        terminalID: dev(id).terminalId,
        userId: dev(id).userId,
        nickname: dev(id).nickname,
        carNumber: dev(id).carNumber,
      })),
    );
    // Another account's selection is its own.
    expect((await h.post('/api/track/trackUserList', {}, agent)).data.usr_list).toEqual([]);
    await h.post('/api/track/trackUser', { usr_list: [] }, user);
    expect((await h.post('/api/track/trackUserList', {}, user)).data.usr_list).toEqual([]);
  });

  it('refuses a sixth device with the spec message, devices out of scope, and the demo account', async () => {
    const six = await h.post('/api/track/trackUser', { usr_list: [1, 2, 5, 6, 7, 51].map(item) }, agent);
    expect(six.status).toBe(400);
    expect(six.meta).toMatchObject({
      key: 'trackTooManyDevices',
      message: 'At most 5 devices can be played back at once',
    });
    const agent2 = await h.idOf('agent2');
    const other = all.find((d) => d.userId === agent2)!;
    const out = await h.post(
      '/api/track/trackUser',
      { usr_list: [item(1), { terminalID: other.terminalId }] },
      agent,
    );
    expect(out.status).toBe(404);
    expect((await h.post('/api/track/trackUserList', {}, agent)).data.usr_list).toEqual([]);
    const demo = await h.post('/api/track/trackUser', { usr_list: [item(102)] }, await h.login('demo'));
    expect(demo.status).toBe(403);
    expect(demo.meta.key).toBe('demoForbidden');
    expect((await h.post('/api/track/trackUserList', {}, await h.login('demo'))).status).toBe(200);
  });
});
