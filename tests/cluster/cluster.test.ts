import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { and, eq } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';
import { devices } from '../../server/db/schema/devices';
import { users } from '../../server/db/schema/users';
import { DEFAULT_SIM_OPTIONS, SimDevice } from '../../server/sim/device';
import { COMMAND_RESULT, DEVICE_PROTOCOL } from '../../src/domain/codes';
import { apiPost, startServerProcess, type ServerProcess } from '../support/processes';

/**
 * Two real server processes over one PostgreSQL and NATS: a device connected to node B is
 * commanded through node A's API, and its positions reach a websocket client of node A.
 * The `cluster` project needs DATABASE_URL and NATS_URL; .ci/run gives both.
 */
if (!process.env.DATABASE_URL || !process.env.NATS_URL) {
  throw new Error('The cluster tests need DATABASE_URL (PostgreSQL) and NATS_URL');
}

let t: TestDatabase | null = null;
const nodes: ServerProcess[] = [];
let sim: SimDevice | null = null;

afterAll(async () => {
  sim?.stop();
  for (const n of nodes) await n.stop();
  await t?.dispose();
});

describe('cluster of two nodes over NATS', () => {
  it('routes a command from node A to a device on node B, and B’s positions to A’s browsers', async () => {
    t = await openTestDatabase({ seed: true });
    const env = { DATABASE_URL: t.url!, NATS_URL: process.env.NATS_URL!, LOGIN_RATE_PER_IP: '1000' };
    const [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    nodes.push(a, b);

    const [dev] = await t.db
      .select({ id: devices.id, terminalId: devices.terminalId, lat: devices.lat, lon: devices.lon })
      .from(devices)
      .innerJoin(users, eq(users.id, devices.userId))
      .where(and(eq(users.username, 'agent'), eq(devices.protocol, DEVICE_PROTOCOL.Gt06)))
      .orderBy(devices.id)
      .limit(1);

    const login = await apiPost(a.port, '/api/login', { username: 'agent', password: '123456' });
    const token = login.data.token as string;
    const ws = new WebSocket(`ws://127.0.0.1:${a.port}/api/ws?token=${token}`);
    const positions: number[] = [];
    await new Promise<void>((resolve, reject) => {
      ws.on('message', (d) => {
        const m = JSON.parse(d.toString());
        if (m.type === 'hello') resolve();
        for (const e of m.events ?? []) if (e.type === 'position') positions.push(e.deviceId);
      });
      ws.on('error', reject);
    });

    sim = new SimDevice(
      { terminalId: dev.terminalId, family: 'gt06', lat: dev.lat!, lon: dev.lon!, seed: 1 },
      {
        ...DEFAULT_SIM_OPTIONS,
        ports: { gt06: b.gt06Port, jt808: b.jt808Port },
        manual: true,
        reconnect: false,
      },
    );
    await sim.start();

    // Node A reaches the device on node B once B has taken its login.
    let reply: { data: { result: number; backContent: string } | null } = { data: null };
    for (let i = 0; i < 40 && reply.data?.result !== COMMAND_RESULT.success; i++) {
      await new Promise((r) => setTimeout(r, 250));
      reply = await apiPost(
        a.port,
        '/api/command/sendCommand',
        { terminalID: dev.terminalId, content: 'Relay,1#' },
        token,
      );
    }
    expect(reply.data).toMatchObject({
      result: COMMAND_RESULT.success,
      backContent: 'Cut off the fuel supply: Success!',
    });

    for (let i = 0; i < 3; i++) sim.report(Date.now() + i * 1000);
    for (let i = 0; i < 60 && positions.length < 3; i++) await new Promise((r) => setTimeout(r, 100));
    expect(positions.filter((id) => id === dev.id)).toHaveLength(3);
    ws.close();
  });
});
