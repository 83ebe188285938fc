import { expect, test } from '@playwright/test';
import { submitLogin } from './helpers';

/** The installable PWA (issue 18 item 3, docs/mobile.md): manifest, icons, service worker. */
test.describe('installable PWA', () => {
  test.use({ serviceWorkers: 'allow' });
  test('serves a valid manifest with its icons', async ({ page, request }) => {
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const res = await request.get(href!);
    expect(res.ok()).toBe(true);
    const m = await res.json();
    expect(m).toMatchObject({
      name: 'FleetGate GPS',
      short_name: expect.any(String),
      start_url: '/index/home',
      scope: '/',
      display: 'standalone',
      theme_color: '#1677ff',
      background_color: expect.any(String),
    });
    const icons = m.icons as { src: string; sizes: string; type: string; purpose?: string }[];
    expect(icons.some((i) => i.sizes === '192x192' && i.type === 'image/png')).toBe(true);
    expect(icons.some((i) => i.sizes === '512x512' && i.type === 'image/png' && !i.purpose)).toBe(true);
    expect(icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of icons) {
      const r = await request.get(icon.src);
      expect(r.ok(), icon.src).toBe(true);
      expect(r.headers()['content-type']).toBe(icon.type);
      expect((await r.body()).length).toBeGreaterThan(100);
    }
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1677ff');
  });

  test('the service worker caches the shell, never an API answer, and starts offline', async ({
    page,
    context,
  }) => {
    await page.goto('/login');
    const scriptURL = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return reg.active?.scriptURL ?? '';
    });
    expect(new URL(scriptURL).pathname).toBe('/sw.js');
    // Controlled from the next load on; the app then calls the API through the worker.
    await page.reload();
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await submitLogin(page, 'agent');
    await expect(page).toHaveURL('/index/home');
    await expect(page.getByTestId('device-row').first()).toBeVisible();

    // The same API call twice: both answers come from the server (a new request id each time).
    const ids = await page.evaluate(async () => {
      const one = await fetch('/api/public/config');
      const two = await fetch('/api/public/config');
      return [one.headers.get('x-request-id'), two.headers.get('x-request-id')];
    });
    expect(ids[0]).toBeTruthy();
    expect(ids[1]).toBeTruthy();
    expect(ids[0]).not.toBe(ids[1]);

    // Page loads are network first: each reload gets a new index.html from the server (a new
    // request id), so a rebuilt server is never hidden behind a cached shell.
    const loads: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await page.reload();
      expect(res?.fromServiceWorker()).toBe(true);
      loads.push(res?.headers()['x-request-id'] ?? '');
    }
    expect(loads[0]).toBeTruthy();
    expect(loads[0]).not.toBe(loads[1]);
    await expect(page.getByTestId('device-row').first()).toBeVisible();

    // No cache holds an API answer or a tile; the shell is cached.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const req of await cache.keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
    expect(cached.filter((u) => u.startsWith('/api') || u.startsWith('/tiles'))).toEqual([]);
    expect(cached).toContain('/index.html');
    expect(cached.some((u) => /^\/assets\/index-[0-9a-f]+\.js$/.test(u))).toBe(true);

    // Offline, a reload still starts the app from the cached shell.
    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.locator('#root')).not.toBeEmpty();
    } finally {
      await context.setOffline(false);
    }
  });
});
