import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { createMemoryBus } from '../../server/bus/memory';
import { SUBJECT } from '../../server/bus/types';
import { loadConfig } from '../../server/config';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';
import { devices } from '../../server/db/schema/devices';
import { users } from '../../server/db/schema/users';
import type { FastifyInstance } from 'fastify';

let t: TestDatabase;
let app: FastifyInstance;
const bus = createMemoryBus();

beforeAll(async () => {
  t = await openTestDatabase({ seed: true });
  // No expiry reminders: their alarms would be pushed among the events counted here.
  const config = loadConfig({ LOGIN_RATE_PER_IP: '10000', EXPIRY_REMINDER_INTERVAL_MS: '0' });
  app = await buildApp({ config, handle: t.handle, bus });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.dispose();
});

async function login(username: string) {
  const r = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: '123456' },
  });
  return r.json().data.token as string;
}

async function deviceOf(username: string) {
  const [row] = await t.db
    .select({ id: devices.id })
    .from(devices)
    .innerJoin(users, eq(devices.userId, users.id))
    .where(eq(users.username, username))
    .limit(1);
  return row.id;
}

type Msg = { type: string; events?: { deviceId: number }[] };

/** Opens a socket with a listener attached before the first message, and waits for 'hello'. */
async function open(token: string) {
  const got: Msg[] = [];
  let hello: () => void = () => {};
  const ready = new Promise<void>((r) => (hello = r));
  const ws = await app.injectWS(
    `/api/ws?token=${token}`,
    {},
    {
      onOpen: (socket) =>
        socket.on('message', (d: Buffer) => {
          const m = JSON.parse(d.toString()) as Msg;
          got.push(m);
          if (m.type === 'hello') hello();
        }),
    },
  );
  await ready;
  return { ws, got };
}

describe('GET /api/ws', () => {
  it("delivers only the events of devices in the user's subtree, batched", async () => {
    const mine = await deviceOf('user'); // under agent → subagent → user
    const foreign = await deviceOf('agent2user');
    const { ws, got } = await open(await login('agent'));
    bus.publish(SUBJECT.position(mine), { type: 'position', deviceId: mine, lat: 1, lon: 2 });
    bus.publish(SUBJECT.position(foreign), { type: 'position', deviceId: foreign, lat: 3, lon: 4 });
    bus.publish(SUBJECT.state(mine), { type: 'state', deviceId: mine, state: 2 });
    await new Promise((r) => setTimeout(r, 600));
    const events = got.filter((m) => m.type === 'events').flatMap((m) => m.events!);
    expect(events.map((e) => e.deviceId)).toEqual([mine, mine]);
    expect(got[0]).toMatchObject({ type: 'hello' });
    ws.terminate();
  });

  it('the other tree sees its own devices only', async () => {
    const mine = await deviceOf('user');
    const { ws, got } = await open(await login('agent2'));
    bus.publish(SUBJECT.position(mine), { type: 'position', deviceId: mine });
    await new Promise((r) => setTimeout(r, 400));
    expect(got.filter((m) => m.type === 'events')).toEqual([]);
    ws.terminate();
  });

  it('a device moved to another tree is delivered there at once, not at the next periodic refresh', async () => {
    const [device] = await t.db
      .select({ id: devices.id, terminalId: devices.terminalId, userId: devices.userId })
      .from(devices)
      .innerJoin(users, eq(devices.userId, users.id))
      .where(eq(users.username, 'user'))
      .limit(1);
    const [agent2] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'agent2'));
    const theirs = await open(await login('agent2'));
    const ours = await open(await login('agent'));
    const admin = await login('admin');
    const move = async (userId: number) => {
      const r = await app.inject({
        method: 'POST',
        url: '/api/device/deviceTransform',
        headers: { authorization: `Bearer ${admin}` },
        payload: { terminalIDs: [device.terminalId], userId },
      });
      expect(r.json().data).toMatchObject({ succeeded: 1, failed: [] });
    };
    const got = (c: { got: Msg[] }) =>
      c.got.filter((m) => m.type === 'events').flatMap((m) => m.events!.map((e) => e.deviceId));
    /** Publishes positions until the client has one of the device (the periodic refresh is 60 s away). */
    const delivered = async (c: { got: Msg[] }) => {
      for (let i = 0; i < 40 && !got(c).includes(device.id); i++) {
        bus.publish(SUBJECT.position(device.id), { type: 'position', deviceId: device.id });
        await new Promise((r) => setTimeout(r, 100));
      }
      return got(c).includes(device.id);
    };

    await move(agent2.id);
    expect(await delivered(theirs)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    ours.got.length = 0;
    bus.publish(SUBJECT.position(device.id), { type: 'position', deviceId: device.id });
    await new Promise((r) => setTimeout(r, 600));
    expect(got(ours)).not.toContain(device.id);

    await move(device.userId!);
    expect(await delivered(ours)).toBe(true);
    theirs.ws.terminate();
    ours.ws.terminate();
  }, 20_000);

  it('closes with 9902 for an invalid token', async () => {
    const ws = await app.injectWS('/api/ws?token=nope');
    const code = await new Promise<number>((r) => ws.on('close', (c: number) => r(c)));
    expect(code).toBe(4401);
  });
});
