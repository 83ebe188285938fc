import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms } from '../../server/db/schema/alarms';
import { devices } from '../../server/db/schema/devices';
import { fences } from '../../server/db/schema/fences';
import { testMapKey } from '../../server/services/system/key-test';
import { closeDatabase, startHarness, type Harness } from './harness';

/**
 * System settings (issue 16): mapKey and demoAccountSet. A local server stands in for the map
 * providers (there is no internet here): key "good" is accepted, anything else refused.
 */
let h: Harness;
let fake: http.Server;
let base = '';
let admin = '';

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const key = u.searchParams.get('ak') ?? u.searchParams.get('key') ?? u.searchParams.get('apikey');
    res.setHeader('content-type', 'application/json');
    if (u.pathname === '/reverse_geocoding/v3/') {
      res.end(
        JSON.stringify(
          key === 'good'
            ? { status: 0, result: { formatted_address: 'x' } }
            : { status: 200, message: 'APP不存在，AK有误' },
        ),
      );
    } else if (u.pathname.startsWith('/tiles/')) {
      res.statusCode = u.pathname.includes('good') ? 200 : 404;
      res.end('{}');
    } else {
      res.statusCode = key === 'good' ? 200 : 401;
      res.end('{}');
    }
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  h = await startHarness();
  admin = await h.login('admin');
}, 120_000);

afterAll(async () => {
  await h?.close();
  await closeDatabase();
  await new Promise((r) => fake?.close(r));
});

describe('mapKey', () => {
  it('is for the administrator only', async () => {
    const agent = await h.login('agent');
    for (const url of [
      '/api/system/mapKey/get',
      '/api/system/mapKey/save',
      '/api/system/demoAccount/reset',
    ]) {
      const r = await h.post(url, {}, agent);
      expect(r.status, url).toBe(403);
    }
  });

  it('saves, reads back, and POST /map/getKey answers the new key at once', async () => {
    const agent = await h.login('agent');
    const before = await h.post('/api/map/getKey', { mapType: 'GaoDe' }, agent);
    expect(before.data).toEqual({ mapType: 'GaoDe', key: '', configured: false });
    const form = {
      gaodeKey: 'amap-browser',
      gaodeSecurityCode: 'sec-123',
      baiduKey: 'bd-browser',
      baiduServiceKey: 'bd-server-secret',
      xyzTemplate: 'https://tiles.example.com/{z}/{x}/{y}.png',
      defaultMapType: 'GaoDe',
      geocoder: 'Baidu',
    };
    const saved = await h.post('/api/system/mapKey/save', form, admin);
    expect(saved.meta.success).toBe(true);
    const read = await h.post('/api/system/mapKey/get', {}, admin);
    expect(read.data).toEqual(form);

    const gaode = await h.post('/api/map/getKey', { mapType: 'GaoDe' }, agent);
    expect(gaode.data).toEqual({ mapType: 'GaoDe', key: 'amap-browser', securityJsCode: 'sec-123', configured: true });
    // The browser gets the browser key, never the server's service key.
    const baidu = await h.post('/api/map/getKey', { mapType: 'Baidu' }, agent);
    expect(baidu.data).toEqual({ mapType: 'Baidu', key: 'bd-browser', configured: true });
    expect(JSON.stringify(baidu.data)).not.toContain('secret');
    const defaults = await h.post('/api/system/mapDefaults', {}, agent);
    expect(defaults.data).toEqual({ defaultMapType: 'GaoDe', keyedMapTypes: ['Baidu', 'GaoDe'] });

    // Cleared keys are gone at once too.
    await h.post('/api/system/mapKey/save', { baiduKey: 'bd-2' }, admin);
    expect((await h.post('/api/map/getKey', { mapType: 'GaoDe' }, agent)).data.configured).toBe(false);
    expect((await h.post('/api/map/getKey', { mapType: 'Baidu' }, agent)).data.key).toBe('bd-2');
    expect((await h.post('/api/system/mapDefaults', {}, agent)).data).toEqual({ defaultMapType: null, keyedMapTypes: ['Baidu'] });
    // OpenStreetMap and the offline map are defaults an administrator may choose (issue 32).
    for (const choice of ['OSM', 'Offline']) {
      expect((await h.post('/api/system/mapKey/save', { defaultMapType: choice }, admin)).meta.success).toBe(true);
      expect((await h.post('/api/system/mapDefaults', {}, agent)).data.defaultMapType).toBe(choice);
    }
  });

  it('tests a key: unreachable without an answer, ok or invalid from the provider', async () => {
    // Nothing listens on port 1: the provider is out of reach, which is an answer, not an error.
    const saved = process.env.MAP_API_BASE;
    try {
      process.env.MAP_API_BASE = 'http://127.0.0.1:1';
      const r = await h.post('/api/system/mapKey/test', { provider: 'Baidu', key: 'good' }, admin);
      expect(r.status).toBe(200);
      expect(r.data.result).toBe('unreachable');

      process.env.MAP_API_BASE = base;
      const okBaidu = await h.post('/api/system/mapKey/test', { provider: 'Baidu', key: 'good' }, admin);
      expect(okBaidu.data.result).toBe('ok');
      const bad = await h.post('/api/system/mapKey/test', { provider: 'Baidu', key: 'wrong' }, admin);
      expect(bad.data).toMatchObject({ result: 'invalid' });
      expect(bad.data.detail).toContain('200');
      expect(
        (await h.post('/api/system/mapKey/test', { provider: 'Bing', key: 'good' }, admin)).data.result,
      ).toBe('ok');
      expect(
        (await h.post('/api/system/mapKey/test', { provider: 'Yandex', key: 'nope' }, admin)).data.result,
      ).toBe('invalid');
      const xyz = (t: string) => h.post('/api/system/mapKey/test', { provider: 'xyz', key: t }, admin);
      expect((await xyz(`${base}/tiles/good/{z}/{x}/{y}.png`)).data.result).toBe('ok');
      expect((await xyz(`${base}/tiles/gone/{z}/{x}/{y}.png`)).data.result).toBe('invalid');
      expect((await xyz('not a url')).data.result).toBe('invalid');
    } finally {
      if (saved === undefined) delete process.env.MAP_API_BASE;
      else process.env.MAP_API_BASE = saved;
    }
  });

  it('gives up on a provider that does not answer within the timeout', async () => {
    const never = () =>
      new Promise<Response>((_, reject) =>
        setTimeout(() => reject(Object.assign(new Error('timed out'), { name: 'TimeoutError' })), 50),
      );
    const r = await testMapKey('Google', 'k', { fetch: never as typeof fetch, timeoutMs: 20 });
    expect(r.result).toBe('unreachable');
  });
});

describe('demoAccountSet', () => {
  it('moves the demo to another account: that one is refused writes, the old demo no longer', async () => {
    const userId = await h.idOf('user');
    const before = await h.post('/api/system/demoAccount/get', {}, admin);
    expect(before.data.userId).toBe(await h.idOf('demo'));
    const asDemo = await h.login('demo');
    const asUser = await h.login('user');
    // A write both may attempt: sending a command (refused to the demo with demoForbidden).
    const cmd = { terminalID: '000000000000000', content: 'WHERE#' };
    expect((await h.post('/api/command/sendCommand', cmd, asDemo)).meta.key).toBe('demoForbidden');

    const saved = await h.post(
      '/api/system/demoAccount/save',
      { userId, areas: ['monitor', 'track'] },
      admin,
    );
    expect(saved.data).toEqual({ userId, username: 'user', areas: ['monitor', 'track'] });
    expect((await h.post('/api/command/sendCommand', cmd, asUser)).meta.key).toBe('demoForbidden');
    expect((await h.post('/api/command/sendCommand', cmd, asDemo)).meta.key).not.toBe('demoForbidden');
    // What it may see is enforced: alarms are off for the demo now, on for the old demo.
    expect(
      (await h.post('/api/deviceAlarms/findAllAlarm', { pageNum: 1, pageSize: 10 }, asUser)).status,
    ).toBe(403);

    const adminId = await h.idOf('admin');
    const refused = await h.post('/api/system/demoAccount/save', { userId: adminId, areas: [] }, admin);
    expect(refused.meta.key).toBe('demoAccountInvalid');
    await h.post(
      '/api/system/demoAccount/save',
      {
        userId: await h.idOf('demo'),
        areas: ['monitor', 'track', 'stats', 'alarms', 'fence', 'devices', 'accounts', 'tire', 'cards'],
      },
      admin,
    );
    expect((await h.post('/api/command/sendCommand', cmd, asDemo)).meta.key).toBe('demoForbidden');
  });

  it("resets the demo's devices, alarms and fences to the seed and leaves other trees alone", async () => {
    const db = h.handle.db;
    const demoId = await h.idOf('demo');
    const agentId = await h.idOf('agent');
    const demoDevices = await db.select().from(devices).where(eq(devices.userId, demoId)).orderBy(devices.id);
    const agentBefore = await db
      .select()
      .from(devices)
      .where(eq(devices.userId, agentId))
      .orderBy(devices.id);
    const agentFences = await db.select().from(fences).where(eq(fences.userId, agentId));
    const fenceNames = async () =>
      (await db.select().from(fences).where(eq(fences.userId, demoId))).map((f) => f.name).sort();
    const seededFences = await fenceNames();
    expect(seededFences).toContain('Futian CBD');
    const [first] = demoDevices;
    // Damage: a renamed device, a deleted device with its alarms, a fence gone, a stray fence.
    await db.update(devices).set({ nickname: 'damaged' }).where(eq(devices.id, first.id));
    const gone = demoDevices[demoDevices.length - 1];
    await db.delete(alarms).where(eq(alarms.deviceId, gone.id));
    await db
      .delete(devices)
      .where(eq(devices.id, gone.id))
      .catch(() => undefined);
    await db
      .insert(fences)
      .values({ name: 'stray', userId: demoId, type: 'circle', centerLat: 1, centerLon: 1, radius: 100 });
    await db.update(devices).set({ nickname: 'agent own' }).where(eq(devices.id, agentBefore[0].id));

    const r = await h.post('/api/system/demoAccount/reset', {}, admin);
    expect(r.status).toBe(200);
    expect(r.data.devices).toBe(demoDevices.length);

    const after = await db.select().from(devices).where(eq(devices.userId, demoId)).orderBy(devices.id);
    expect(after.map((d) => [d.id, d.terminalId, d.nickname])).toEqual(
      demoDevices.map((d) => [d.id, d.terminalId, d.nickname]),
    );
    expect(await fenceNames()).toEqual(seededFences);
    const demoAlarms = await db
      .select()
      .from(alarms)
      .where(
        inArray(
          alarms.deviceId,
          demoDevices.map((d) => d.id),
        ),
      );
    expect(demoAlarms.length).toBeGreaterThan(0);
    // The agent's tree is as it was, the change made there included.
    const agentAfter = await db.select().from(devices).where(eq(devices.userId, agentId)).orderBy(devices.id);
    expect(agentAfter.length).toBe(agentBefore.length);
    expect(agentAfter[0].nickname).toBe('agent own');
    expect((await db.select().from(fences).where(eq(fences.userId, agentId))).length).toBe(
      agentFences.length,
    );
  }, 120_000);
});
