import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

const config = async (query = '', host?: string) => {
  const r = await h.app.inject({
    method: 'GET',
    url: `/api/public/config${query}`,
    headers: host ? { host } : {},
  });
  return r.json().data;
};

describe('GET /api/public/config picks the brand of the request', () => {
  it('answers the default brand and every login path when nothing names a brand', async () => {
    const data = await config();
    expect(data.brand.id).toBe('default');
    expect(data.loginCodes).toBe('merged');
    expect(data.loginPaths).toEqual(expect.arrayContaining(['/login', '/bengps/login', '/trackpro/login']));
  });

  it('by a brand login path, with its look, variant, map defaults and contact', async () => {
    const data = await config('?path=/trackpro/login');
    expect(data.brand).toMatchObject({
      id: 'trackpro',
      loginVariant: 'minimal',
      mapType: 'Yandex',
      map: { center: [37.6173, 55.7558], zoom: 10 },
      contact: { company: 'TrackPro LLC' },
    });
    expect((await config('?path=/bengps/login')).brand.loginVariant).toBe('split');
  });

  it('by the remembered brand, then the Host, then the default', async () => {
    expect((await config('?brand=bengps')).brand.id).toBe('bengps');
    expect((await config('', 'trackpro.localhost')).brand.id).toBe('trackpro');
    expect((await config('', 'bengps.localhost:8125')).brand.id).toBe('bengps');
    // The common /login keeps the host's brand; unknown names fall through to the default.
    expect((await config('?path=/login', 'trackpro.localhost')).brand.id).toBe('trackpro');
    expect((await config('?brand=nope&path=/nope/login', 'elsewhere.example')).brand.id).toBe('default');
  });

  it('refuses an oversized hint instead of failing', async () => {
    const r = await h.app.inject({ method: 'GET', url: `/api/public/config?brand=${'x'.repeat(40)}` });
    expect(r.statusCode).toBe(400);
  });
});

describe('login at a brand path', () => {
  it.each(['/api/login', '/api/bengps/login', '/api/trackpro/login'])('%s logs the agent in', async (url) => {
    const r = await h.post(url, { username: 'agent', password: '123456' });
    expect(r.meta.success).toBe(true);
    expect(r.data.user.username).toBe('agent');
  });

  it('a path no brand declares is not a login path', async () => {
    const r = await h.post('/api/acme/login', { username: 'agent', password: '123456' });
    expect(r.status).toBe(404);
  });
});
