import { describe, expect, it } from 'vitest';
import { isHashedAsset, isNeverCached, isShellNavigation, shellFiles } from '../../src/pwa/routes';

describe('service worker routes', () => {
  it('never serves API answers, tiles, websockets or the ops endpoints from a cache', () => {
    for (const p of [
      '/api/login',
      '/api',
      '/api/device/list?x=1',
      '/tiles/15/1/2',
      '/ws',
      '/ws/live',
      '/metrics',
      '/health',
      '/ready',
    ])
      expect(isNeverCached(p), p).toBe(true);
    for (const p of ['/index/home', '/assets/index-1a2b.js', '/apiary', '/tilesets', '/'])
      expect(isNeverCached(p), p).toBe(false);
  });

  it('caches only files under /assets/ as hashed assets', () => {
    expect(isHashedAsset('/assets/maps-50657523.js')).toBe(true);
    expect(isHashedAsset('/favicon.svg')).toBe(false);
    expect(isHashedAsset('/brands/default.svg')).toBe(false);
    expect(isHashedAsset('/api/assets/x.js')).toBe(false);
  });

  it('answers app pages with the shell, but not API pages, tiles or assets', () => {
    expect(isShellNavigation('/index/home')).toBe(true);
    expect(isShellNavigation('/')).toBe(true);
    expect(isShellNavigation('/login')).toBe(true);
    expect(isShellNavigation('/api/docs')).toBe(false);
    expect(isShellNavigation('/tiles/1/2/3')).toBe(false);
    expect(isShellNavigation('/assets/index-1a2b.js')).toBe(false);
  });

  it('lists index.html and the same-origin files it links, without query strings', () => {
    const html = `<link rel="icon" href="/favicon.svg" />
      <script type="module" crossorigin src="/assets/index-2db5be36.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-2864a9a3.js">
      <link rel="stylesheet" href="/assets/index-7a5426e8.css?v=2">
      <link rel="preconnect" href="https://api.map.baidu.com">`;
    expect(shellFiles(html)).toEqual([
      'index.html',
      'favicon.svg',
      'assets/index-2db5be36.js',
      'assets/react-2864a9a3.js',
      'assets/index-7a5426e8.css',
    ]);
  });
});
