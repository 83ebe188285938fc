import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, startHarness, type Harness } from './harness';

/**
 * The Content Security Policy allows a map provider's hosts only when the mapKey setting has a key
 * for it, exact script hosts only (no *.google.com, *.baidu.com: they serve JSONP), and follows the
 * setting when the administrator saves it, without a restart.
 */
let h: Harness;
let admin = '';

beforeAll(async () => {
  h = await startHarness();
  admin = await h.login('admin');
});
afterAll(async () => {
  await h.post('/api/system/mapKey/save', {}, admin);
  await h.close();
  await closeDatabase();
});

async function csp(): Promise<Record<string, string[]>> {
  const res = await h.app.inject({ url: '/health' });
  const header = String(res.headers['content-security-policy']);
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([name, ...values]) => [name, values]),
  );
}

const save = (form: Record<string, string>) => h.post('/api/system/mapKey/save', form, admin);

describe('Content-Security-Policy', () => {
  it('allows no map host while no provider is configured', async () => {
    await save({});
    const p = await csp();
    expect(p['script-src']).toEqual(["'self'"]);
    expect(p['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(p['connect-src']).toEqual(["'self'", 'ws:', 'wss:']);
  });

  it('allows the exact script hosts of each configured provider, and never a JSONP-serving wildcard', async () => {
    await save({ googleKey: 'g-key' });
    let p = await csp();
    expect(p['script-src']).toEqual(["'self'", 'https://maps.googleapis.com', 'https://maps.gstatic.com']);
    expect(p['connect-src']).toContain('https://maps.googleapis.com');
    expect(p['img-src']).toContain('https://maps.gstatic.com');

    await save({ gaodeKey: 'a-key', baiduKey: 'b-key' });
    p = await csp();
    expect(p['script-src']).toContain('https://webapi.amap.com');
    expect(p['script-src']).toContain('https://api.map.baidu.com');
    expect(p['script-src']).not.toContain('https://maps.googleapis.com');
    expect(p['img-src']).toContain('https://*.is.autonavi.com');

    await save({ gaodeKey: 'a', baiduKey: 'b', googleKey: 'g', yandexKey: 'y', bingKey: 'k' });
    p = await csp();
    for (const d of ['script-src', 'img-src', 'connect-src', 'style-src', 'worker-src'])
      for (const v of p[d] ?? [])
        expect(v, `${d} ${v}`).not.toMatch(/\*\.(google|baidu|amap|yandex|googleapis|gstatic)\.(com|net|ru)/);
    // Tile providers load no script.
    expect(p['script-src'].some((v) => /yandex|virtualearth/.test(v))).toBe(false);
    expect(p['img-src']).toContain('https://core-sat.maps.yandex.net');
    expect(p['connect-src']).toContain('https://dev.virtualearth.net');
  });

  it("allows a self-hosted xyz template's origin for tiles only", async () => {
    await save({ xyzTemplate: 'https://tiles.example.org/{z}/{x}/{y}.png' });
    const p = await csp();
    expect(p['img-src']).toContain('https://tiles.example.org');
    expect(p['connect-src']).toContain('https://tiles.example.org');
    expect(p['script-src']).toEqual(["'self'"]);
  });
});
