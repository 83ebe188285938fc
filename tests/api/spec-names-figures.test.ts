import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../server/db/schema/devices';
import { trackDays } from '../../server/db/schema/track-days';
import { closeDatabase, startHarness, type Harness } from './harness';

/**
 * Issue 32, API details: five calls of the spec's client (section 7) answer under the spec's
 * names too, as aliases of the routes that do the work (same request, same answer, in the
 * OpenAPI document); and statistics answer figures rounded to what they mean, not a rollup's
 * float4 noise (`maxSpeed: 126.30000305175781`).
 */
let h: Harness;
let admin: string;
let agent: string;

beforeAll(async () => {
  h = await startHarness();
  admin = await h.login('admin');
  agent = await h.login('agent');
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

/** The same answer, whatever request id or timing the envelope may carry. */
const same = (a: { status: number; meta: { key?: string }; data: unknown }) => [a.status, a.meta.key, a.data];

describe("the spec client's names", () => {
  it('are operations of the OpenAPI document, so the hostile-input test covers them', () => {
    const paths = (h.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    expect(Object.keys(paths['/api/stat/battery'] ?? {})).toContain('get');
    expect(Object.keys(paths['/api/stat/getCountBattery'] ?? {})).toContain('get');
    expect(Object.keys(paths['/api/stat/countExportApi'] ?? {})).toContain('post');
    expect(Object.keys(paths['/api/command/insertCommand'] ?? {})).toContain('post');
    expect(Object.keys(paths['/api/command/commandAdd'] ?? {})).toContain('post');
  });

  it('getCountBattery (params) and battery {id} answer the battery count', async () => {
    const agentId = await h.idOf('agent');
    const posted = await h.post('/api/stat/countBattery', { pageSize: 20 }, admin);
    expect(posted.status).toBe(200);
    expect(same(await h.get('/api/stat/getCountBattery?pageSize=20', admin))).toEqual(same(posted));
    const ofAgent = await h.post('/api/stat/countBattery', { userId: agentId, pageSize: 20 }, admin);
    expect(ofAgent.data.total).toBeGreaterThan(0);
    expect(same(await h.get(`/api/stat/battery?id=${agentId}&pageSize=20`, admin))).toEqual(same(ofAgent));
    // The report's permission holds for the aliases too (battery is the administrator's).
    expect((await h.get('/api/stat/getCountBattery', agent)).status).toBe(403);
  });

  it('countExportApi is the range export', async () => {
    const body = { report: 'mileage', range: 'week' };
    const a = await h.app.inject({
      method: 'POST',
      url: '/api/stat/countExport',
      payload: body,
      headers: { authorization: `Bearer ${agent}` },
    });
    const b = await h.app.inject({
      method: 'POST',
      url: '/api/stat/countExportApi',
      payload: body,
      headers: { authorization: `Bearer ${agent}` },
    });
    expect([b.statusCode, b.headers['content-type']]).toEqual([a.statusCode, a.headers['content-type']]);
    expect(b.statusCode).toBe(200);
  });

  it('insertCommand sends like sendCommand, commandAdd queues like insertOffline', async () => {
    const [device] = await h.handle.db
      .select({ t: devices.terminalId })
      .from(devices)
      .where(eq(devices.userId, await h.idOf('user')))
      .limit(1);
    const cmd = { terminalID: device.t, content: 'WHERE#' };
    // No tracker is connected in the harness: both names give the same answer (queued or refused).
    const sent = await h.post('/api/command/sendCommand', cmd, agent);
    const inserted = await h.post('/api/command/insertCommand', cmd, agent);
    expect([inserted.status, inserted.meta.key]).toEqual([sent.status, sent.meta.key]);
    const queued = await h.post('/api/command/insertOffline', cmd, agent);
    const added = await h.post('/api/command/commandAdd', cmd, agent);
    expect([added.status, added.meta.key]).toEqual([queued.status, queued.meta.key]);
    // Unknown fields and a missing device are refused the same way (one schema).
    const bad = { content: 'WHERE#' };
    expect((await h.post('/api/command/commandAdd', bad, agent)).meta.key).toBe(
      (await h.post('/api/command/insertOffline', bad, agent)).meta.key,
    );
  });
});

describe('statistics figures', () => {
  it('are rounded to what they mean: speeds to 0.1 km/h, metres to 0.1, seconds whole', async () => {
    const [device] = await h.handle.db
      .select({ id: devices.id, t: devices.terminalId })
      .from(devices)
      .where(eq(devices.userId, await h.idOf('user')))
      .limit(1);
    // A day of this file's own database, long before the demo's history: a rollup as the job
    // writes it, max_speed a float4 (126.3 reads back as 126.30000305175781).
    const day = '2024-03-05';
    await h.handle.db.insert(trackDays).values({
      deviceId: device.id,
      day,
      mileageM: 12_345.678_9,
      movingS: 3601,
      maxSpeed: 126.3,
      points: 40,
      counts: [40, 0, 0],
    });
    const q = { terminalIDs: [device.t], startDate: day, endDate: day };
    for (const groupBy of ['deviceDay', 'device'] as const) {
      const m = await h.post('/api/stat/countMileage', { ...q, groupBy }, agent);
      expect(m.data.list[0], groupBy).toMatchObject({ maxSpeed: 126.3, mileageM: 12_345.7, movingS: 3601 });
      expect(m.data.totals.mileageM).toBe(12_345.7);
    }
    const stats = await h.post('/api/stat/findStatistics', q, agent);
    expect(stats.data.list[0]).toMatchObject({ statsticDate: day, maxSpeed: 126.3, mileageM: 12_345.7 });
    const info = await h.post('/api/stat/countTrackInfo', q, admin);
    expect(info.data.list[0]).toMatchObject({ maxSpeed: 126.3, mileageM: 12_345.7 });
    // 12.3457 km in 3601 s: 12.3 km/h.
    expect(info.data.list[0].avgSpeed).toBe(12.3);
  });
});
