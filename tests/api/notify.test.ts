import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeAlarms } from '../../server/alarms/store';
import { devices } from '../../server/db/schema/devices';
import { fenceDevices } from '../../server/db/schema/fence-devices';
import { fences } from '../../server/db/schema/fences';
import { notifications } from '../../server/db/schema/notifications';
import { gt06Codec } from '../../server/gateway/gt06';
import { startGateway, type Gateway } from '../../server/gateway/runtime/server';
import { loadNotifyConfig } from '../../server/notify/config';
import type { SandboxProvider } from '../../server/notify/provider';
import { verifySignature } from '../../server/notify/signature';
import { gt06Location, gt06Login, type Fix } from '../../server/sim/gt06-frames';
import { DEVICE_PROTOCOL } from '../../src/domain/codes';
import { FENCE_POST_TYPES } from '../../src/domain/fence/rules';
import { until } from '../support/until';
import { closeDatabase, startHarness, type Harness } from './harness';

/**
 * Alarm notifications (issue 12): SMS and calls through the sandbox provider for a fence
 * alarm of a real GT06 tracker, signed webhooks to a local receiver with retries, and the
 * scope of the endpoints and log API.
 */
let h: Harness;
let gw: Gateway;
let receiver: http.Server;
let base = '';
let agent: string;
let agent2: string;
let user: string;
let demo: string;

interface Received {
  path: string;
  body: string;
  headers: http.IncomingHttpHeaders;
}
const received: Received[] = [];
/** Statuses a path answers in turn; 200 once they run out. */
const scripted = new Map<string, number[]>();

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.statusCode = scripted.get(path)?.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // Retries after 100 ms instead of seconds: the schedule is injected through the config.
  // The receivers run on this machine: private addresses allowed (one test turns that off).
  h = await startHarness({
    notify: { ...loadNotifyConfig({}), pollMs: 50, backoffMs: [100, 100, 100], webhookPrivate: true },
  });
  gw = await startGateway({ db: h.handle.db, bus: h.app.bus }, [
    { codec: gt06Codec, port: 0, host: '127.0.0.1' },
  ]);
  [agent, agent2, user, demo] = await Promise.all(['agent', 'agent2', 'user', 'demo'].map((u) => h.login(u)));
});
afterAll(async () => {
  await gw.close();
  await h.close();
  await new Promise((r) => receiver.close(r));
  await closeDatabase();
});

const sandbox = () => h.app.notify.provider as SandboxProvider;
const addHook = (path: string, token: string, extra: object = {}) =>
  h.post('/api/notify/webhook/add', { url: `${base}${path}`, ...extra }, token);
const noticesOf = (alarmId: number) =>
  h.handle.db
    .select()
    .from(notifications)
    .where(eq(notifications.alarmId, alarmId))
    .orderBy(asc(notifications.id));
const settledNotices = (alarmId: number, n: number) =>
  until(
    () => noticesOf(alarmId),
    (rows) => rows.length >= n && rows.every((r) => r.status !== 'pending'),
  );
const hitsOf = (path: string) => received.filter((r) => r.path === path);

/** An alarm stored as the engine would: through storeAlarms, at a time no other test uses. */
let tick = Date.parse('2025-01-01T00:00:00Z');
async function raise(username: string, postType?: number) {
  const [d] = await h.handle.db
    .select({ id: devices.id, terminalId: devices.terminalId })
    .from(devices)
    .where(eq(devices.userId, await h.idOf(username)))
    .orderBy(asc(devices.id))
    .limit(1);
  const [told] = await storeAlarms(h.handle.db, h.app.bus, [
    {
      deviceId: d.id,
      terminalId: d.terminalId,
      type: 'sos',
      time: new Date((tick += 1000)),
      lat: 22.5,
      lon: 114,
      speed: 0,
      postType,
    },
  ]);
  return told;
}

function expectSigned(r: Received, secret: string) {
  const sig = String(r.headers['x-fleetgate-signature']);
  const ts = String(r.headers['x-fleetgate-timestamp']);
  expect(sig).toMatch(/^sha256=[0-9a-f]{64}$/);
  expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(60);
  expect(verifySignature(secret, ts, r.body, sig)).toBe(true);
  expect(verifySignature(`${secret}x`, ts, r.body, sig)).toBe(false);
  expect(r.headers['content-type']).toBe('application/json');
}

describe('a fence alarm from a GT06 tracker', () => {
  it('texts and calls the owner (post type SMS+phone) and posts signed to the webhooks of its tree only', async () => {
    const own = await addHook('/agent', agent);
    expect(own.meta.code).toBe(200);
    expect(own.data.secret).toMatch(/^[0-9a-f]{64}$/);
    const other = await addHook('/agent2', agent2, { secret: 'agent2-secret-0123456789' });
    expect(other.meta.code).toBe(200);
    expect(other.data.secret).toBe('agent2-secret-0123456789');

    const agentId = await h.idOf('agent');
    const [d] = await h.handle.db
      .select({ id: devices.id, terminalId: devices.terminalId })
      .from(devices)
      .where(
        and(
          eq(devices.userId, agentId),
          eq(devices.protocol, DEVICE_PROTOCOL.Gt06),
          or(isNull(devices.platformExpireAt), gt(devices.platformExpireAt, new Date())),
        ),
      )
      .orderBy(devices.id)
      .limit(1);
    const center = { lat: 22.5431, lon: 114.0579 };
    const [f] = await h.handle.db
      .insert(fences)
      .values({
        name: 'notify circle',
        userId: agentId,
        type: 'circle',
        centerLat: center.lat,
        centerLon: center.lon,
        radius: 1000,
      })
      .returning({ id: fences.id });
    await h.handle.db
      .insert(fenceDevices)
      .values({ fenceId: f.id, deviceId: d.id, alarmMode: 'in', postType: FENCE_POST_TYPES.smsPhone });
    await gw.alarms.reload();

    const sock = net.connect(gw.ports.gt06, '127.0.0.1');
    sock.on('error', () => {});
    await new Promise((r) => sock.once('connect', r));
    let serial = 1;
    sock.write(gt06Login(d.terminalId, serial++));
    const t0 = Date.now() - 10 * 60_000;
    const path: Fix[] = [5, 0].map((km, i) => ({
      time: new Date(t0 + i * 60_000),
      lat: center.lat + km * 0.009,
      lon: center.lon,
      speed: 30,
      course: 0,
    }));
    for (const fix of path) sock.write(gt06Location(fix, serial++));
    try {
      const alarm = await until(
        async () =>
          (await h.post('/api/notify/log', { channel: 'sms' }, agent)).data.list as {
            alarmId: number;
            terminalID: string;
          }[],
        (list) => list.some((n) => n.terminalID === d.terminalId),
      );
      const alarmId = alarm.find((n) => n.terminalID === d.terminalId)!.alarmId;
      const rows = await settledNotices(alarmId, 3);
      // SMS and call to the owner's telephone; the admin's tree has no webhook, agent2's is not on the path.
      expect(rows.map((r) => [r.channel, r.target, r.status, r.attempts, r.provider])).toEqual([
        ['sms', '13800138000', 'sent', 1, 'sandbox'],
        ['phone', '13800138000', 'sent', 1, 'sandbox'],
        ['webhook', `${base}/agent`, 'sent', 1, 'webhook'],
      ]);
      const delivered = sandbox().delivered.filter((x) => x.text.includes(d.terminalId));
      expect(delivered.map((x) => [x.kind, x.to])).toEqual([
        ['sms', '13800138000'],
        ['phone', '13800138000'],
      ]);
      // Worded in the owner's language: the alarm's name, not its code.
      expect(delivered[0].text).not.toContain('fenceIn');

      const [hit] = hitsOf('/agent');
      expectSigned(hit, own.data.secret);
      expect(hit.headers['x-fleetgate-delivery']).toBe(String(rows[2].id));
      expect(JSON.parse(hit.body)).toMatchObject({
        event: 'alarm',
        id: alarmId,
        alarm: 'fenceIn',
        terminalId: d.terminalId,
        deviceId: d.id,
        attributes: { fenceId: f.id },
      });
      expect(hitsOf('/agent2')).toEqual([]);
    } finally {
      sock.destroy();
    }
  });
});

describe('webhooks', () => {
  it("reach every account above the owner: agent's endpoint gets its sub-user's alarm, agent2's never", async () => {
    const before = hitsOf('/agent').length;
    const told = await raise('user');
    const rows = await settledNotices(told.id, 1);
    expect(rows.map((r) => [r.channel, r.userId, r.status])).toEqual([
      ['webhook', await h.idOf('agent'), 'sent'],
    ]);
    expect(hitsOf('/agent').length).toBe(before + 1);
    expect(JSON.parse(hitsOf('/agent').at(-1)!.body).id).toBe(told.id);
    expect(hitsOf('/agent2')).toEqual([]);

    const theirs = await raise('agent2user');
    await settledNotices(theirs.id, 1);
    const got = hitsOf('/agent2').map((r) => JSON.parse(r.body).id);
    expect(got).toEqual([theirs.id]);
    expect(hitsOf('/agent').map((r) => JSON.parse(r.body).id)).not.toContain(theirs.id);
  });

  it('retries a receiver answering 500 twice, then 200: sent after 3 attempts', async () => {
    scripted.set('/flaky', [500, 500]);
    const hook = await addHook('/flaky', agent);
    const told = await raise('agent');
    const rows = await until(
      () => noticesOf(told.id),
      (r) => r.some((n) => n.target.endsWith('/flaky') && n.status !== 'pending'),
    );
    const flaky = rows.find((n) => n.target.endsWith('/flaky'))!;
    expect([flaky.status, flaky.attempts, flaky.lastError]).toEqual(['sent', 3, null]);
    const hits = hitsOf('/flaky');
    expect(hits).toHaveLength(3);
    // Each attempt is signed anew, with the same delivery id.
    for (const hit of hits) expectSigned(hit, hook.data.secret);
    expect(new Set(hits.map((x) => x.headers['x-fleetgate-delivery']))).toEqual(new Set([String(flaky.id)]));
    await h.post('/api/notify/webhook/delete', { id: hook.data.id }, agent);
  });

  it('marks a notice failed once the schedule is spent, with the last error', async () => {
    scripted.set('/down', [503, 503, 503, 503, 503]);
    const hook = await addHook('/down', agent);
    const told = await raise('agent');
    const rows = await until(
      () => noticesOf(told.id),
      (r) => r.some((n) => n.target.endsWith('/down') && n.status !== 'pending'),
    );
    const down = rows.find((n) => n.target.endsWith('/down'))!;
    expect([down.status, down.attempts, down.lastError]).toEqual(['failed', 4, 'HTTP 503']);
    expect(hitsOf('/down')).toHaveLength(4);
    await h.post('/api/notify/webhook/delete', { id: hook.data.id }, agent);
  });

  it('sends a signed test event on request', async () => {
    const hook = await addHook('/probe', agent, { secret: 'probe-secret-0123456789' });
    const r = await h.post('/api/notify/webhook/test', { id: hook.data.id }, agent);
    expect(r.meta.code).toBe(200);
    const [hit] = await until(
      async () => hitsOf('/probe'),
      (x) => x.length > 0,
    );
    expectSigned(hit, 'probe-secret-0123456789');
    expect(JSON.parse(hit.body)).toMatchObject({ event: 'test', alarm: 'test' });
    const [row] = await until(
      () => h.handle.db.select().from(notifications).where(eq(notifications.id, r.data.notificationId)),
      (x) => x[0]?.status === 'sent',
    );
    expect(row.alarmId).toBeNull();
    await h.post('/api/notify/webhook/delete', { id: hook.data.id }, agent);
  });

  it('drops the pending notices of a deleted endpoint', async () => {
    scripted.set('/gone', [500]);
    const hook = await addHook('/gone', agent);
    const told = await raise('agent');
    await until(
      () => noticesOf(told.id),
      (r) => r.some((n) => n.target.endsWith('/gone') && n.attempts === 1),
    );
    await h.post('/api/notify/webhook/delete', { id: hook.data.id }, agent);
    const rows = await until(
      () => noticesOf(told.id),
      (r) => r.some((n) => n.target.endsWith('/gone') && n.status === 'failed'),
    );
    expect(rows.find((n) => n.target.endsWith('/gone'))!.lastError).toBe('endpoint removed or disabled');
    expect(hitsOf('/gone')).toHaveLength(1);
  });
});

describe('the endpoints API', () => {
  it('lists only the caller’s own endpoints, never their secrets', async () => {
    const mine = await h.post('/api/notify/webhook/list', {}, agent);
    expect(mine.data.list.map((e: { url: string }) => e.url)).toEqual([`${base}/agent`]);
    expect(JSON.stringify(mine.data)).not.toMatch(/secret/);
    const theirs = await h.post('/api/notify/webhook/list', {}, agent2);
    expect(theirs.data.list.map((e: { url: string }) => e.url)).toEqual([`${base}/agent2`]);
    expect((await h.post('/api/notify/webhook/list', {}, user)).data.list).toEqual([]);
  });

  it("answers not found for another account's endpoint", async () => {
    const [theirs] = (await h.post('/api/notify/webhook/list', {}, agent2)).data.list;
    for (const path of ['update', 'delete', 'test'])
      expect(
        (await h.post(`/api/notify/webhook/${path}`, { id: theirs.id, enabled: false }, agent)).status,
      ).toBe(404);
    // Not even the parent of the owner reaches it: endpoints are their account's own.
    const subHook = await addHook('/user', user);
    expect((await h.post('/api/notify/webhook/delete', { id: subHook.data.id }, agent)).status).toBe(404);
    expect((await h.post('/api/notify/webhook/delete', { id: subHook.data.id }, user)).meta.code).toBe(200);
  });

  it('refuses the demo account, other schemes, a taken URL and an 11th endpoint', async () => {
    const r = await addHook('/demo', demo);
    expect([r.status, r.meta.key]).toEqual([403, 'demoForbidden']);
    const ftp = await h.post('/api/notify/webhook/add', { url: 'ftp://example.com/hook' }, agent);
    expect(ftp.status).toBe(400);
    const short = await addHook('/x', agent, { secret: 'short' });
    expect(short.status).toBe(400);
    expect((await addHook('/agent', agent)).meta.key).toBe('webhookUrlTaken');
    const added: number[] = [];
    for (let i = 0; ; i++) {
      const a = await addHook(`/many/${i}`, agent);
      if (a.meta.code !== 200) {
        expect(a.meta.key).toBe('webhookLimit');
        break;
      }
      added.push(a.data.id);
    }
    expect(added.length + 1).toBe(10);
    for (const id of added) await h.post('/api/notify/webhook/delete', { id }, agent);
  });

  it('updates the URL, secret and switch; a disabled endpoint gets nothing', async () => {
    const hook = await addHook('/switch', agent);
    const up = await h.post(
      '/api/notify/webhook/update',
      { id: hook.data.id, url: `${base}/switched`, enabled: false, secret: 'rotated-secret-0123456789' },
      agent,
    );
    expect(up.data).toMatchObject({ id: hook.data.id, url: `${base}/switched`, enabled: false });
    const told = await raise('agent');
    await settledNotices(told.id, 1);
    expect((await noticesOf(told.id)).map((n) => n.target)).not.toContain(`${base}/switched`);
    await h.post('/api/notify/webhook/update', { id: hook.data.id, enabled: true }, agent);
    const next = await raise('agent');
    await settledNotices(next.id, 2);
    const hit = hitsOf('/switched').at(-1)!;
    expectSigned(hit, 'rotated-secret-0123456789');
    await h.post('/api/notify/webhook/delete', { id: hook.data.id }, agent);
  });
});

describe('the notification log', () => {
  it("shows the caller's subtree only", async () => {
    const ids = async (token: string, body: object = {}) =>
      (
        (await h.post('/api/notify/log', { pageSize: 100, ...body }, token)).data.list as { userId: number }[]
      ).map((n) => n.userId);
    const agentId = await h.idOf('agent');
    const agent2Id = await h.idOf('agent2');
    expect(new Set(await ids(agent))).toEqual(new Set([agentId]));
    expect(new Set(await ids(agent2))).toEqual(new Set([agent2Id]));
    // The agent's webhook notices about the user's alarm are not the user's to see.
    expect(await ids(user)).toEqual([]);
    const sms = await h.post('/api/notify/log', { channel: 'sms', status: 'sent' }, agent);
    expect(sms.data.total).toBeGreaterThan(0);
    expect(
      sms.data.list.every(
        (n: { channel: string; status: string }) => n.channel === 'sms' && n.status === 'sent',
      ),
    ).toBe(true);
    expect((await h.post('/api/notify/log', { userId: agent2Id }, agent)).status).toBe(404);
  });
});

describe('post types', () => {
  it('sends SMS only, calls only, or nothing as the allocation says', async () => {
    const cases: [number, string[]][] = [
      [FENCE_POST_TYPES.platform, []],
      [FENCE_POST_TYPES.sms, ['sms']],
      [FENCE_POST_TYPES.phone, ['phone']],
    ];
    for (const [postType, channels] of cases) {
      const told = await raise('subagent', postType);
      const rows = await until(
        () => noticesOf(told.id),
        (r) => r.length >= channels.length + 1 && r.every((n) => n.status !== 'pending'),
      );
      expect(rows.filter((n) => n.channel !== 'webhook').map((n) => [n.channel, n.target])).toEqual(
        channels.map((c) => [c, '13900139000']),
      );
    }
    const all = await h.handle.db
      .select()
      .from(notifications)
      .where(inArray(notifications.status, ['pending']));
    expect(all.filter((n) => n.channel !== 'webhook')).toEqual([]);
  });
});
