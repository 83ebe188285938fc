import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_STATE } from '../../src/domain/codes';
import { seedBulkFleet } from '../../server/db/seed/bulk';
import { closeDatabase, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

const V1 = '/api/device/findDeviceLocationAll';
const V2 = '/api/device/findDeviceLocationAllV2';
type Columns = Record<string, unknown[]>;

/** V2's columns back into V1-like rows, to compare the two. */
function rowsOf(cols: Columns) {
  return cols.id.map((_, i) => Object.fromEntries(Object.keys(cols).map((k) => [k, cols[k][i]])));
}

describe('POST /api/device/findDeviceLocationAllV2', () => {
  it('answers the same devices as V1, column by column, with counts per tab', async () => {
    const agent = await h.login('agent');
    const v1 = (await h.post(V1, {}, agent)).data as Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
    const v2 = (await h.post(V2, {}, agent)).data;
    expect(v2.total).toBe(v1.length);
    for (const col of Object.values(v2.columns as Columns)) expect(col).toHaveLength(v1.length);
    const rows = rowsOf(v2.columns);
    for (let i = 0; i < v1.length; i++) {
      const a = v1[i];
      const b = rows[i];
      expect(b).toMatchObject({ id: a.id, terminalID: a.terminalID, userId: a.userId, state: a.state });
      expect(b.platformExpireAt).toBe(a.platformExpireAt ? Date.parse(a.platformExpireAt) : null);
      if (a.location) {
        expect(b).toMatchObject({ lat: a.location.lat, lon: a.location.lon, course: a.location.course });
        expect(b.fixTime).toBe(Date.parse(a.location.utcTime));
      } else expect([b.lat, b.lon, b.fixTime]).toEqual([null, null, null]);
    }
    const online = v1.filter((d) => d.state === DEVICE_STATE.online).length;
    const inactive = v1.filter((d) => d.state === DEVICE_STATE.unactivated).length;
    expect(v2.counts).toEqual({ 0: v1.length, 1: online, 2: v1.length - online - inactive, 3: inactive });
  });

  it('narrows the rows to one tab but keeps the counts of all', async () => {
    const agent = await h.login('agent');
    const all = (await h.post(V2, {}, agent)).data;
    const online = (await h.post(V2, { deviceMenuType: 1 }, agent)).data;
    expect(online.counts).toEqual(all.counts);
    expect(online.total).toBe(all.counts[1]);
    expect(new Set(online.columns.state)).toEqual(new Set([DEVICE_STATE.online]));
  });

  it("shows one selected account of the caller's subtree", async () => {
    const agent = await h.login('agent');
    const sub = await h.idOf('subagent');
    const r = (await h.post(V2, { userId: sub }, agent)).data;
    expect(r.total).toBeGreaterThan(0);
    expect(new Set(r.columns.userId)).toEqual(new Set([sub]));
  });

  it('answers not found for an account of another tree, and leaks nothing', async () => {
    const agent = await h.login('agent');
    for (const url of [V1, V2]) {
      const r = await h.post(url, { userId: await h.idOf('agent2user') }, agent);
      expect(r.meta.key, url).toBe('notFound');
      expect(r.data, url).toBeNull();
    }
    // A sub-agent cannot look upwards either.
    const sub = await h.login('subagent');
    expect((await h.post(V2, { userId: await h.idOf('agent') }, sub)).meta.key).toBe('notFound');
  });

  it('lets the read-only demo account read its own fleet', async () => {
    const demo = await h.login('demo');
    const r = await h.post(V2, {}, demo);
    expect(r.meta.success).toBe(true);
    expect(r.data.total).toBeGreaterThan(0);
    expect(new Set(r.data.columns.userId)).toEqual(new Set([await h.idOf('demo')]));
  });

  it('is closed to factory roles', async () => {
    expect((await h.post(V2, {}, await h.login('test'))).meta.message).toBe('9906');
  });
});

describe('10,000 devices in one account', () => {
  it('answers V1 and V2 quickly, V2 in a much smaller payload', async () => {
    const fleet = await seedBulkFleet(h.handle.db, { username: 'fleet10k', count: 10_000 });
    const token = await h.login('fleet10k');
    const timed = async (url: string) => {
      await h.post(url, {}, token); // warm-up (plans, caches)
      const t0 = performance.now();
      const res = await h.app.inject({
        method: 'POST',
        url,
        payload: {},
        headers: { authorization: `Bearer ${token}` },
      });
      return { ms: performance.now() - t0, bytes: res.rawPayload.length, json: res.json() };
    };
    const v1 = await timed(V1);
    const v2 = await timed(V2);
    console.log(
      `10k devices (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ` +
        `V1 ${v1.ms.toFixed(0)} ms ${(v1.bytes / 1024).toFixed(0)} KiB, V2 ${v2.ms.toFixed(0)} ms ${(v2.bytes / 1024).toFixed(0)} KiB`,
    );
    expect(v1.json.data).toHaveLength(10_000);
    expect(v2.json.data.total).toBe(10_000);
    expect(new Set(v2.json.data.columns.terminalID)).toEqual(new Set(fleet.terminalIds));
    expect(v2.bytes).toBeLessThan(v1.bytes * 0.6);
    // Generous bounds for a shared 2-core box; the measured figures are in the log line above.
    expect(v1.ms).toBeLessThan(3_000);
    expect(v2.ms).toBeLessThan(3_000);
  }, 120_000);
});
