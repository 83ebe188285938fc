import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPlugin from '../../server/plugins/web';

const dir = mkdtempSync(join(tmpdir(), 'fg-web-'));
const app = Fastify();

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dir, 'assets', 'main-0a1b2c3d.js'), 'console.log(1)');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{}');
  await app.register(webPlugin, { dir });
  await app.ready();
});
afterAll(() => app.close());

describe('the built app', () => {
  it('lets a browser keep the hashed assets for good, and asks again for the page and the rest', async () => {
    const asset = await app.inject({ url: '/assets/main-0a1b2c3d.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await app.inject({ url: '/index/home' });
    expect(page.body).toContain('<title>app</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    const manifest = await app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.headers['cache-control']).not.toContain('immutable');
  });
});
