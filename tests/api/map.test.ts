import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemSettings } from '../../server/db/schema/system-settings';
import { clearAddressCache } from '../../server/services/map/web-service';
import { closeDatabase, startHarness, type Harness } from './harness';

/**
 * The map routes against a local stand-in for the providers' web services (there is no
 * internet here; online map services are the one thing tests may fake). It answers Baidu,
 * AMap and Google paths in their own shapes and records what it was asked.
 */
let h: Harness;
let fake: http.Server;
const asked: URL[] = [];
let baiduStatus = 0;

function answer(u: URL): unknown {
  if (u.pathname.startsWith('/hang')) return undefined;
  if (u.pathname === '/place/v2/suggestion') {
    return {
      status: 0,
      message: 'ok',
      result: [
        { name: '天安门', location: { lat: 39.915119, lng: 116.403963 }, city: '北京市', district: '东城区' },
        { name: 'no location', city: '北京市' },
      ],
    };
  }
  if (u.pathname === '/reverse_geocoding/v3/') {
    if (baiduStatus !== 0) return { status: baiduStatus, message: 'APP不存在，AK有误请检查再重试' };
    return {
      status: 0,
      result: {
        formatted_address: '北京市东城区东长安街',
        sematic_description: '天安门内,故宫博物院附近20米',
        addressComponent: { city: '北京市' },
      },
    };
  }
  if (u.pathname === '/v3/geocode/regeo') {
    return {
      status: '1',
      regeocode: {
        formatted_address: '北京市东城区东华门街道天安门',
        pois: [{ name: '天安门', direction: '北', distance: '35.2' }],
      },
    };
  }
  if (u.pathname === '/v3/assistant/inputtips') {
    return { status: '1', tips: [{ name: '天安门', address: '东长安街', location: '116.397755,39.908491' }] };
  }
  if (u.pathname === '/maps/api/geocode/json') {
    return u.searchParams.get('key') === 'bad'
      ? { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.' }
      : { status: 'OK', results: [{ formatted_address: 'Tiananmen, Dongcheng, Beijing, China' }] };
  }
  return { status: 404 };
}

async function setMapKey(value: unknown) {
  await h.handle.db.update(systemSettings).set({ value }).where(eq(systemSettings.key, 'mapKey'));
  clearAddressCache();
}

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    const u = new URL(req.url!, 'http://x');
    asked.push(u);
    const body = answer(u);
    if (body === undefined) return; // never answers: the route must time out
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  process.env.MAP_API_BASE = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  process.env.MAP_API_TIMEOUT_MS = '400';
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
  await closeDatabase();
  fake.closeAllConnections();
  await new Promise((r) => fake.close(r));
  delete process.env.MAP_API_BASE;
  delete process.env.MAP_API_TIMEOUT_MS;
  delete process.env.MAP_API_BASE_GOOGLE;
});
beforeEach(async () => {
  asked.length = 0;
  baiduStatus = 0;
  await setMapKey(null);
});

const where = { param: '39.9151,116.4039', language: 'cn', extensions_poi: 1 };

describe('POST /api/map/getKey', () => {
  it('answers 200 with no key while none is set: a missing key is a normal state (issue 32)', async () => {
    const r = await h.post(
      '/api/map/getKey',
      { projectName: 'default', devicePlatform: 1, mapType: 'Baidu' },
      await h.login('user'),
    );
    expect(r.status).toBe(200);
    expect(r.meta).toMatchObject({ success: true, code: 200 });
    // The spec's shape: data holds the key, here empty.
    expect(r.data).toEqual({ mapType: 'Baidu', key: '', configured: false });
  });

  it('lists the map types that have a key in mapDefaults, so browsers ask getKey only for those', async () => {
    const user = await h.login('user');
    expect((await h.post('/api/system/mapDefaults', {}, user)).data).toEqual({ defaultMapType: null, keyedMapTypes: [] });
    await setMapKey({ keys: { gaode: 'amap-key', Bing: 'bing-key' }, defaultMapType: 'OSM' });
    expect((await h.post('/api/system/mapDefaults', {}, user)).data).toEqual({ defaultMapType: 'OSM', keyedMapTypes: ['GaoDe'] });
  });

  it('gives the key of the requested map type to any logged-in account, the demo included', async () => {
    await setMapKey({ keys: { Baidu: 'bd-key', GaoDe: 'amap-key', Bing: 'bing-key' } });
    for (const name of ['user', 'demo', 'agent2']) {
      const r = await h.post(
        '/api/map/getKey',
        { projectName: 'default', devicePlatform: 1, mapType: 'Baidu' },
        await h.login(name),
      );
      expect(r.data, name).toEqual({ mapType: 'Baidu', key: 'bd-key', configured: true });
    }
    const token = await h.login('user');
    expect((await h.post('/api/map/getKey', { mapType: 'gaode' }, token)).data.key).toBe('amap-key');
    expect((await h.post('/api/map/getKey', { mapType: 'Bing' }, token)).data.key).toBe('bing-key');
    const google = await h.post('/api/map/getKey', { mapType: 'Google' }, token);
    expect(google.status).toBe(200);
    expect(google.data).toEqual({ mapType: 'Google', key: '', configured: false });
  });

  it('accepts a plain string setting as the key of every map type', async () => {
    await setMapKey('one-key');
    const r = await h.post('/api/map/getKey', { mapType: 'Yandex' }, await h.login('agent'));
    expect(r.data.key).toBe('one-key');
  });

  it('needs a login', async () => {
    expect((await h.post('/api/map/getKey', { mapType: 'Baidu' })).meta.message).toBe('9902');
  });
});

describe('POST /api/map/getKeyAddress', () => {
  it("answers 'map configuration not obtained' without a key, and calls no provider", async () => {
    const r = await h.post('/api/map/getKeyAddress', where, await h.login('user'));
    expect(r.meta.key).toBe('mapConfigMissing');
    expect(asked).toHaveLength(0);
  });

  it('reverse-geocodes through Baidu with the server-side key, WGS-84 in', async () => {
    await setMapKey({ keys: { Baidu: 'browser-ak' }, serviceKeys: { Baidu: 'server-ak' } });
    const r = await h.post('/api/map/getKeyAddress', where, await h.login('demo'));
    expect(r.data).toMatchObject({
      status: 0,
      result: {
        formatted_address: '北京市东城区东长安街',
        sematic_description: '天安门内,故宫博物院附近20米',
      },
    });
    expect(asked).toHaveLength(1);
    expect(asked[0].searchParams.get('ak')).toBe('server-ak');
    expect(asked[0].searchParams.get('coordtype')).toBe('wgs84ll');
    expect(asked[0].searchParams.get('location')).toBe('39.9151,116.4039');
    // The user's language as the provider knows it (issue 32: `cn` gave English addresses).
    expect(asked[0].searchParams.get('language')).toBe('zh-CN');
  });

  it("asks Google in the user's language, as a BCP 47 tag", async () => {
    await setMapKey({ keys: { Google: 'g' } });
    const token = await h.login('user');
    await h.post('/api/map/getKeyAddress', { ...where, param: '31.2304,121.4737' }, token);
    await h.post('/api/map/getKeyAddress', { ...where, param: '31.2305,121.4737', language: 'fr' }, token);
    expect(asked.map((u) => u.searchParams.get('language'))).toEqual(['zh-CN', 'fr']);
  });

  it('caches answers by rounded position for a while', async () => {
    await setMapKey({ keys: { Baidu: 'ak' } });
    const token = await h.login('user');
    await h.post('/api/map/getKeyAddress', where, token);
    const again = await h.post('/api/map/getKeyAddress', { ...where, param: '39.91512,116.40391' }, token);
    expect(again.data.result.formatted_address).toBe('北京市东城区东长安街');
    expect(asked).toHaveLength(1);
    await h.post('/api/map/getKeyAddress', { ...where, param: '39.92,116.41' }, token);
    expect(asked).toHaveLength(2);
  });

  it('uses AMap with GCJ-02 coordinates when it is the configured geocoder', async () => {
    await setMapKey({ keys: { GaoDe: 'amap' }, geocoder: 'GaoDe' });
    const r = await h.post('/api/map/getKeyAddress', where, await h.login('user'));
    expect(r.data.result).toEqual({
      formatted_address: '北京市东城区东华门街道天安门',
      sematic_description: '天安门 北 35 m',
    });
    const [lng, lat] = asked[0].searchParams.get('location')!.split(',').map(Number);
    // GCJ-02 is shifted a few hundred metres from WGS-84 around Beijing.
    expect(lng - 116.4039).toBeGreaterThan(0.003);
    expect(lat - 39.9151).toBeGreaterThan(0.0005);
  });

  it("turns a provider's refusal into a clear error with its reason", async () => {
    await setMapKey({ keys: { Baidu: 'wrong' } });
    baiduStatus = 200;
    const r = await h.post('/api/map/getKeyAddress', where, await h.login('user'));
    expect(r.status).toBe(502);
    expect(r.meta.key).toBe('mapServiceError');
    expect(r.data).toMatchObject({ provider: 'Baidu', status: '200' });
    expect(r.data.reason).toContain('AK有误');
  });

  it('gives up after the timeout instead of hanging', async () => {
    await setMapKey({ keys: { Google: 'g' } });
    process.env.MAP_API_BASE_GOOGLE = `${process.env.MAP_API_BASE}/hang/`;
    try {
      const t0 = Date.now();
      const r = await h.post('/api/map/getKeyAddress', where, await h.login('user'));
      expect(r.status).toBe(504);
      expect(r.meta.key).toBe('mapServiceTimeout');
      expect(Date.now() - t0).toBeLessThan(3_000);
    } finally {
      delete process.env.MAP_API_BASE_GOOGLE;
    }
  });

  it('reports an unreachable provider', async () => {
    await setMapKey({ keys: { Google: 'g' } });
    process.env.MAP_API_BASE_GOOGLE = 'http://127.0.0.1:1';
    try {
      const r = await h.post('/api/map/getKeyAddress', where, await h.login('user'));
      expect(r.meta.key).toBe('mapServiceError');
    } finally {
      delete process.env.MAP_API_BASE_GOOGLE;
    }
  });

  it('rejects a malformed position', async () => {
    await setMapKey({ keys: { Baidu: 'ak' } });
    const r = await h.post('/api/map/getKeyAddress', { param: 'north pole' }, await h.login('user'));
    expect(r.meta.key).toBe('fieldFormat');
    expect(r.meta.message).toBe('param has the wrong format');
    expect(asked).toHaveLength(0);
  });
});

describe('POST /api/map/getSuggestion', () => {
  it("answers 'map configuration not obtained' without a key", async () => {
    const r = await h.post(
      '/api/map/getSuggestion',
      { param: '天安门', output: 'json', region: '北京' },
      await h.login('user'),
    );
    expect(r.meta.key).toBe('mapConfigMissing');
  });

  it('returns Baidu suggestions converted to the asked datum, skipping entries without a location', async () => {
    await setMapKey({ keys: { Baidu: 'ak' } });
    const token = await h.login('user');
    const bd = await h.post(
      '/api/map/getSuggestion',
      { param: '天安门', output: 'json', region: '北京', coord_type: 'bd09ll' },
      token,
    );
    expect(bd.data.status).toBe(0);
    expect(bd.data.result).toEqual([
      { name: '天安门', address: '北京市东城区', location: { lat: 39.915119, lng: 116.403963 } },
    ]);
    expect(asked[0].searchParams.get('query')).toBe('天安门');
    expect(asked[0].searchParams.get('region')).toBe('北京');
    const wgs = await h.post(
      '/api/map/getSuggestion',
      { param: '天安门', region: '北京', coord_type: 'wgs84' },
      token,
    );
    const loc = wgs.data.result[0].location;
    // BD-09 → WGS-84 moves Beijing points about 0.0125° west and 0.007° south.
    expect(116.403963 - loc.lng).toBeGreaterThan(0.01);
    expect(39.915119 - loc.lat).toBeGreaterThan(0.005);
  });

  it('uses AMap input tips when asked for GaoDe', async () => {
    await setMapKey({ keys: { Baidu: 'ak', GaoDe: 'amap' } });
    const r = await h.post(
      '/api/map/getSuggestion',
      { param: '天安门', coord_type: 'gcj02', mapType: 'GaoDe' },
      await h.login('user'),
    );
    expect(r.data).toMatchObject({
      provider: 'GaoDe',
      result: [{ name: '天安门', location: { lat: 39.908491, lng: 116.397755 } }],
    });
    expect(asked[0].pathname).toBe('/v3/assistant/inputtips');
    expect(asked[0].searchParams.get('key')).toBe('amap');
  });

  it("reports a Google key refusal as the provider's error", async () => {
    await setMapKey({ keys: { Google: 'bad' } });
    const r = await h.post('/api/map/getSuggestion', { param: 'Tiananmen' }, await h.login('user'));
    expect(r.meta.key).toBe('mapServiceError');
    expect(r.data.reason).toContain('invalid');
  });
});
