import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { createMemoryBus } from '../../server/bus/memory';
import { loadConfig } from '../../server/config';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';
import { devices } from '../../server/db/schema/devices';
import { users } from '../../server/db/schema/users';
import { startGateway, type Gateway } from '../../server/gateway/runtime/server';
import { DEFAULT_SIM_OPTIONS, SimDevice, type Family } from '../../server/sim/device';
import { gt06Login } from '../../server/sim/gt06-frames';
import { COMMAND_RESULT, DEVICE_PROTOCOL } from '../../src/domain/codes';
import { MESSAGES } from '../../src/domain/messages';
import { loopbackListeners } from '../support/loopback-gateway';

let t: TestDatabase;
let gw: Gateway;
let app: FastifyInstance;
const bus = createMemoryBus();
const sims: SimDevice[] = [];
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await openTestDatabase({ seed: true });
  gw = await startGateway(
    { db: t.db, bus },
    loopbackListeners(),
    { commandTimeoutMs: 1500 },
  );
  const config = loadConfig({
    LOGIN_RATE_PER_IP: '10000',
    COMMAND_TIMEOUT: '1',
    EXPIRY_REMINDER_INTERVAL_MS: '0',
  });
  app = await buildApp({ config, handle: t.handle, bus });
  await app.ready();
  for (const u of ['agent', 'demo', 'agent2']) {
    const r = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: u, password: '123456' },
    });
    tokens[u] = r.json().data.token;
  }
});
afterAll(async () => {
  for (const s of sims) s.stop();
  await app.close();
  await gw.close();
  await t.dispose();
});

async function post(user: string, url: string, payload: object) {
  const r = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: { authorization: `Bearer ${tokens[user]}` },
  });
  return { status: r.statusCode, ...r.json() };
}

async function deviceOf(owner: string, protocols: number[], skip: number[] = []) {
  const rows = await t.db
    .select({ id: devices.id, terminalId: devices.terminalId, lat: devices.lat, lon: devices.lon })
    .from(devices)
    .innerJoin(users, eq(users.id, devices.userId))
    .where(and(eq(users.username, owner), inArray(devices.protocol, protocols)))
    .orderBy(devices.id);
  return rows.find((r) => r.lat != null && !skip.includes(r.id))!;
}

async function connect(
  d: { id: number; terminalId: string; lat: number | null; lon: number | null },
  family: Family,
) {
  const s = new SimDevice(
    { terminalId: d.terminalId, family, lat: d.lat!, lon: d.lon!, seed: 3 },
    {
      ...DEFAULT_SIM_OPTIONS,
      ports: { gt06: gw.ports.gt06, jt808: gw.ports.jt808 },
      manual: true,
      reconnect: false,
    },
  );
  sims.push(s);
  await s.start();
  // Seeded devices may already say "online": wait for this connection to be the live one.
  for (let i = 0; i < 200 && !gw.ctx.registry.get(d.terminalId); i++)
    await new Promise((r) => setTimeout(r, 25));
  return s;
}

describe('POST /api/command/sendCommand', () => {
  it('sends to an online device and stores the classified reply', async () => {
    const d = await deviceOf('agent', [DEVICE_PROTOCOL.Gt06]);
    await connect(d, 'gt06');
    const r = await post('agent', '/api/command/sendCommand', {
      terminalID: d.terminalId,
      content: 'Relay,1#',
    });
    expect(r.data).toMatchObject({
      queued: false,
      result: COMMAND_RESULT.success,
      backContent: 'Cut off the fuel supply: Success!',
    });
    const log = await post('agent', '/api/command/getCommand', { terminalID: d.terminalId });
    expect(log.data.list[0]).toMatchObject({
      content: 'Relay,1#',
      backContent: 'Cut off the fuel supply: Success!',
      result: 1,
    });
  });

  it('refuses the normal-mode command for an online device', async () => {
    const d = await deviceOf('agent', [DEVICE_PROTOCOL.Gt06]);
    const r = await post('agent', '/api/command/sendCommand', {
      terminalID: d.terminalId,
      content: 'SWMODE,0#',
    });
    expect(r.meta).toMatchObject({ key: 'normalModeOnline', message: MESSAGES.normalModeOnline });
  });

  it('queues for an unreachable device with an offline-capable protocol, then delivers on connect', async () => {
    const d = await deviceOf('agent', [DEVICE_PROTOCOL.Bsj]);
    // Locate-now means nothing later: it is not queued.
    const locate = await post('agent', '/api/command/sendCommand', {
      terminalID: d.terminalId,
      content: 'WHERE#',
    });
    expect(locate.meta.key).toBe('deviceNotOnline');
    const r = await post('agent', '/api/command/sendCommand', {
      terminalID: d.terminalId,
      content: 'Relay,1#',
    });
    expect(r.data).toMatchObject({ queued: true, key: 'commandQueued', commandKey: 'relayOff' });
    expect(r.meta.message).toBe(MESSAGES.commandQueued);
    await connect(d, 'jt808');
    let list: { status: string; reply: string }[] = [];
    for (let i = 0; i < 100 && list[0]?.status !== 'delivered'; i++) {
      list = (await post('agent', '/api/command/findAndOffline', { terminalID: d.terminalId })).data.list;
      await new Promise((res) => setTimeout(res, 50));
    }
    expect(list[0]).toMatchObject({ status: 'delivered' });
    expect(list[0].reply).toBe('Cut off the fuel supply: Success!');
  });

  it('refuses an unreachable device without offline support', async () => {
    const d = await deviceOf('subagent', [DEVICE_PROTOCOL.Gt06]);
    const r = await post('agent', '/api/command/sendCommand', {
      terminalID: d.terminalId,
      content: 'WHERE#',
    });
    expect(r.meta.key).toBe('deviceNotOnline');
  });

  it('reports a timeout and offers to save an offline command when the device stays silent', async () => {
    const d = await deviceOf('user', [DEVICE_PROTOCOL.Gt06]);
    const sock = net.connect(gw.ports.gt06, '127.0.0.1');
    await new Promise((res) => sock.once('connect', res));
    sock.write(gt06Login(d.terminalId, 1));
    await new Promise((res) => setTimeout(res, 300));
    const r = await post('agent', '/api/command/sendCommand', {
      terminalID: d.terminalId,
      content: 'Relay,0#',
    });
    sock.destroy();
    expect(r.data).toMatchObject({ result: COMMAND_RESULT.timeout, askOffline: true, key: 'commandTimeout' });
    const saved = await post('agent', '/api/command/insertOffline', {
      terminalID: d.terminalId,
      content: 'Relay,0#',
    });
    expect(saved.meta.message).toBe(MESSAGES.commandQueued);
    const cancel = await post('agent', '/api/command/cancelOffline', {
      terminalID: d.terminalId,
      id: saved.data.offlineCommandId,
    });
    expect(cancel.meta.success).toBe(true);
    const list = await post('agent', '/api/command/findAndOffline', { terminalID: d.terminalId });
    expect(list.data.list[0].status).toBe('cancelled');
  });

  it('refuses the demo account with the experience-account message', async () => {
    const d = await deviceOf('demo', [DEVICE_PROTOCOL.Gt06]);
    const r = await post('demo', '/api/command/sendCommand', { terminalID: d.terminalId, content: 'WHERE#' });
    expect(r.status).toBe(403);
    expect(r.meta).toMatchObject({ key: 'demoForbidden', message: MESSAGES.demoForbidden });
  });

  it('never reaches a device of another tree', async () => {
    const d = await deviceOf('agent2', [DEVICE_PROTOCOL.Gt06]);
    for (const url of ['/api/command/sendCommand', '/api/command/insertOffline']) {
      const r = await post('agent', url, { terminalID: d.terminalId, content: 'Relay,1#' });
      expect(r.meta.key, url).toBe('notFound');
    }
    expect((await post('agent', '/api/command/getCommand', { terminalID: d.terminalId })).data).toBeNull();
  });

  it('refuses an empty command', async () => {
    const d = await deviceOf('agent', [DEVICE_PROTOCOL.Gt06]);
    expect(
      (await post('agent', '/api/command/sendCommand', { terminalID: d.terminalId, content: '  ' })).meta.key,
    ).toBe('commandEmpty');
  });
});
