import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBJECT } from '../../server/bus/types';
import { loadConfig } from '../../server/config';
import { devices, type DeviceRow } from '../../server/db/schema/devices';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifySignature } from '../../server/notify/signature';
import type { PositionEvent } from '../../src/domain/live-events';
import { closeDatabase, startHarness, type Harness } from './harness';

/**
 * The integrator's story (issue 16 acceptance): an agent makes a key, reads its devices and a
 * track with it, hits the rate limit, revokes and refreshes keys, never reaches another tree,
 * and receives position webhooks.
 */
let h: Harness;
let agent: string;
let all: DeviceRow[];
let agent2Device: DeviceRow;
const DAY = 86_400_000;

beforeAll(async () => {
  const base = loadConfig(process.env);
  h = await startHarness({
    notify: { ...base.notify, webhookPrivate: true },
    positionWebhooks: { enabled: true, flushMs: 100, batchMax: 500 },
  });
  agent = await h.login('agent');
  all = await h.handle.db.select().from(devices).orderBy(asc(devices.id));
  const agent2 = await h.idOf('agent2');
  agent2Device = all.find((d) => d.userId === agent2)!;
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

type Cred = { key: string; via?: 'header' | 'bearer' } | { token: string };

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, cred: Cred, body?: object) {
  const headers: Record<string, string> =
    'token' in cred
      ? { authorization: `Bearer ${cred.token}` }
      : cred.via === 'bearer'
        ? { authorization: `Bearer ${cred.key}` }
        : { 'x-api-key': cred.key };
  const res = await h.app.inject({ method, url, headers, payload: body });
  const json = res.json();
  return { status: res.statusCode, headers: res.headers, meta: json.meta, data: json.data };
}

async function makeKey(body: object, token = agent): Promise<{ id: number; secret: string }> {
  const r = await h.post('/api/apikey/add', body, token);
  expect(r.status, JSON.stringify(r.meta)).toBe(200);
  return r.data;
}

describe('API keys', () => {
  it('are made over the API, shown once and listed without their secret', async () => {
    const k = await makeKey({ name: 'erp', scope: 'read' });
    expect(k.secret).toMatch(/^fgk_[A-Za-z0-9_-]{43}$/);
    const list = await h.post('/api/apikey/list', {}, agent);
    const row = list.data.find((r: { id: number }) => r.id === k.id);
    expect(row).toMatchObject({
      name: 'erp',
      scope: 'read',
      status: 'active',
      prefix: k.secret.slice(0, 12),
    });
    expect(JSON.stringify(list.data)).not.toContain(k.secret);
  });

  it('read devices and a track, by X-API-Key and by Bearer', async () => {
    const k = await makeKey({ name: 'reader' });
    const byHeader = await call('GET', '/api/v1/devices?pageSize=100', { key: k.secret });
    expect(byHeader.status, JSON.stringify(byHeader.meta)).toBe(200);
    expect(byHeader.data.total).toBeGreaterThan(0);
    expect(byHeader.data.list[0]).toHaveProperty('terminalId');
    const byBearer = await call('GET', '/api/v1/devices?pageSize=100', { key: k.secret, via: 'bearer' });
    expect(byBearer.status).toBe(200);
    expect(byBearer.data.total).toBe(byHeader.data.total);

    const d = all.find((x) => x.id === 1)!;
    const now = Date.now();
    const from = new Date(now - 2 * DAY).toISOString();
    const to = new Date(now).toISOString();
    const t = await call('GET', `/api/v1/devices/${d.terminalId}/track?from=${from}&to=${to}`, {
      key: k.secret,
    });
    expect(t.status, JSON.stringify(t.meta)).toBe(200);
    expect(t.data.terminalId).toBe(d.terminalId);
    expect(t.data.points.length).toBeGreaterThan(10);
    expect(t.data.points[0]).toEqual(
      expect.objectContaining({ time: expect.any(String), lat: expect.any(Number), lon: expect.any(Number) }),
    );
    const one = await call('GET', `/api/v1/devices/${d.terminalId}`, { key: k.secret });
    expect(one.status).toBe(200);
    expect(one.data.terminalId).toBe(d.terminalId);
    const latest = await call('GET', `/api/v1/positions/latest?terminalIds=${d.terminalId}`, {
      key: k.secret,
    });
    expect(latest.data).toHaveLength(1);
    expect(latest.data[0].terminalId).toBe(d.terminalId);
  });

  it('never read another tree', async () => {
    const k = await makeKey({ name: 'nosy' });
    const tid = agent2Device.terminalId;
    const one = await call('GET', `/api/v1/devices/${tid}`, { key: k.secret });
    expect(one.status).toBe(404);
    const from = new Date(Date.now() - DAY).toISOString();
    const t = await call('GET', `/api/v1/devices/${tid}/track?from=${from}&to=${new Date().toISOString()}`, {
      key: k.secret,
    });
    expect(t.status).toBe(404);
    const latest = await call('GET', `/api/v1/positions/latest?terminalIds=${tid}`, { key: k.secret });
    expect(latest.data).toEqual([]);
    const list = await call('GET', `/api/v1/devices?keyword=${tid}`, { key: k.secret });
    expect(list.data.total).toBe(0);
    const alarms = await call('GET', `/api/v1/alarms?terminalId=${tid}`, { key: k.secret });
    expect(alarms.status).toBe(200);
    expect(alarms.data.total).toBe(0);
  });

  it('a read key cannot send a command, and no key works outside /api/v1', async () => {
    const k = await makeKey({ name: 'ro', scope: 'read' });
    const d = all.find((x) => x.id === 1)!;
    const cmd = await call(
      'POST',
      '/api/v1/commands',
      { key: k.secret },
      { terminalId: d.terminalId, content: 'WHERE#' },
    );
    expect(cmd.status).toBe(403);
    expect(cmd.meta.key).toBe('apiKeyReadOnly');
    const other = await call('POST', '/api/device/deviceList', { key: k.secret }, {});
    expect(other.status).toBe(403);
    expect(other.meta.key).toBe('apiKeyNotHere');
    const keys = await call('POST', '/api/apikey/list', { key: k.secret }, {});
    expect(keys.meta.key).toBe('apiKeyNotHere');
  });

  it('hit the rate limit with a clear 429 in the envelope', async () => {
    const k = await makeKey({ name: 'busy', ratePerMinute: 3 });
    for (let i = 0; i < 3; i++)
      expect((await call('GET', '/api/v1/positions/latest', { key: k.secret })).status).toBe(200);
    const r = await call('GET', '/api/v1/positions/latest', { key: k.secret });
    expect(r.status).toBe(429);
    expect(r.meta).toMatchObject({ success: false, code: 429, key: 'tooManyRequests' });
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect(r.headers['x-ratelimit-limit']).toBe('3');
    // Another key of the same account has its own count.
    const k2 = await makeKey({ name: 'calm' });
    expect((await call('GET', '/api/v1/positions/latest', { key: k2.secret })).status).toBe(200);
  });

  it('are refused once revoked, and a refresh ends the old secret at once', async () => {
    const k = await makeKey({ name: 'short-lived' });
    expect((await call('GET', '/api/v1/devices', { key: k.secret })).status).toBe(200);
    const fresh = await h.post('/api/refreshApiKey', { id: k.id }, agent);
    expect(fresh.data.secret).toMatch(/^fgk_/);
    expect(fresh.data.secret).not.toBe(k.secret);
    const old = await call('GET', '/api/v1/devices', { key: k.secret });
    expect(old.status).toBe(401);
    expect(old.meta.key).toBe('apiKeyInvalid');
    expect((await call('GET', '/api/v1/devices', { key: fresh.data.secret })).status).toBe(200);

    const revoked = await h.post('/api/apikey/revoke', { id: k.id }, agent);
    expect(revoked.data.status).toBe('revoked');
    const r = await call('GET', '/api/v1/devices', { key: fresh.data.secret });
    expect(r.status).toBe(401);
    expect(r.meta.key).toBe('apiKeyRevoked');
    const unknown = await call('GET', '/api/v1/devices', { key: `fgk_${'x'.repeat(43)}` });
    expect(unknown.status).toBe(401);
  });

  it('a login session also reaches /api/v1; the demo account cannot make keys', async () => {
    expect((await call('GET', '/api/v1/devices', { token: agent })).status).toBe(200);
    const demo = await h.login('demo');
    const r = await h.post('/api/apikey/add', { name: 'x' }, demo);
    expect(r.status).toBe(403);
  });
});

describe('position webhooks', () => {
  let server: Server;
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("post signed batches of the positions of the owner's subtree only", async () => {
    const k = await makeKey({ name: 'hooks', scope: 'write' });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const add = await call('POST', '/api/v1/webhooks', { key: k.secret }, { url, events: ['position'] });
    expect(add.status, JSON.stringify(add.meta)).toBe(200);
    expect(add.data.events).toEqual(['position']);
    const secret: string = add.data.secret;
    const mine = all.find((x) => x.id === 1)!;
    const position = (d: DeviceRow, lat: number): PositionEvent => ({
      type: 'position',
      deviceId: d.id,
      lat,
      lon: 114.05,
      speed: 30,
      course: 90,
      fixTime: new Date().toISOString(),
      valid: true,
      positionType: 'gps',
      acc: true,
      battery: 90,
      alarm: null,
    });
    // The routes reload when the webhook is announced on the bus: publish until a batch arrives.
    const deadline = Date.now() + 8000;
    while (!received.length && Date.now() < deadline) {
      h.app.bus.publish(SUBJECT.position(agent2Device.id), position(agent2Device, 10));
      h.app.bus.publish(SUBJECT.position(mine.id), position(mine, 22.5));
      await new Promise((r) => setTimeout(r, 150));
    }
    expect(received.length).toBeGreaterThan(0);
    const first = received[0];
    const ts = String(first.headers[TIMESTAMP_HEADER]);
    expect(verifySignature(secret, ts, first.body, String(first.headers[SIGNATURE_HEADER]))).toBe(true);
    const batch = JSON.parse(first.body);
    expect(batch.event).toBe('position');
    expect(batch.positions.length).toBeGreaterThan(0);
    const tids = new Set(
      received.flatMap((r) => JSON.parse(r.body).positions.map((p: { terminalId: string }) => p.terminalId)),
    );
    expect(tids.has(mine.terminalId)).toBe(true);
    expect(tids.has(agent2Device.terminalId)).toBe(false);

    const list = await call('GET', '/api/v1/webhooks', { key: k.secret });
    expect(list.data.find((w: { id: number }) => w.id === add.data.id)).toMatchObject({
      events: ['position'],
    });
    const del = await call('DELETE', `/api/v1/webhooks/${add.data.id}`, { key: k.secret });
    expect(del.status).toBe(200);
  });
});
