import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';
import { devices } from '../../server/db/schema/devices';
import { positions } from '../../server/db/schema/positions';
import { users } from '../../server/db/schema/users';
import { DEFAULT_SIM_OPTIONS, SimDevice } from '../../server/sim/device';
import { COMMAND_RESULT, DEVICE_PROTOCOL } from '../../src/domain/codes';
import { apiPost, freeOtherTrackerPorts, freePort, startServerProcess, type ServerProcess } from '../support/processes';

/**
 * server/gateway-main.ts: two gateway processes share the tracker port; trackers land on both,
 * an API node elsewhere commands each of them over NATS and their positions are stored; a
 * gateway process killed with -9 is started again and its trackers reconnect.
 */
if (!process.env.DATABASE_URL || !process.env.NATS_URL) {
  throw new Error('The cluster tests need DATABASE_URL (PostgreSQL) and NATS_URL');
}

let t: TestDatabase | null = null;
let api: ServerProcess | null = null;
let gateways: ChildProcess | null = null;
const sims: SimDevice[] = [];
const SIMS = 8;

afterAll(async () => {
  for (const s of sims) s.stop();
  if (gateways && gateways.exitCode == null) {
    const exited = new Promise((r) => gateways!.once('exit', r));
    gateways.kill('SIGTERM');
    await exited;
  }
  await api?.stop();
  await t?.dispose();
});

const run = (env: Record<string, string>) => {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/gateway-main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { child, output: () => out };
};

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => resolve(true));
    s.once('error', () => resolve(false));
  }).then((ok) => ok);

const until = async (what: () => Promise<boolean>, ms: number) => {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (await what()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
};

describe('gateway processes of their own (server/gateway-main.ts)', () => {
  it('refuses to start without PostgreSQL', async () => {
    const p = run({ DATABASE_URL: '', GATEWAY_PROCESSES: '2' });
    const code = await new Promise((r) => p.child.once('exit', r));
    expect(code).toBe(1);
    expect(p.output()).toContain('need DATABASE_URL');
  });

  it('spreads trackers over two processes on one port, reachable from an API node, and restarts a killed one', async () => {
    t = await openTestDatabase({ seed: true });
    const env = { DATABASE_URL: t.url!, NATS_URL: process.env.NATS_URL!, LOGIN_RATE_PER_IP: '1000' };
    const gt06Port = await freePort();
    const gw = run({
      ...env,
      GATEWAY_PROCESSES: '2',
      GT06_PORT: String(gt06Port),
      JT808_PORT: String(await freePort()),
      ...(await freeOtherTrackerPorts()),
    });
    gateways = gw.child;
    api = await startServerProcess(env);
    expect(await until(() => listening(gt06Port), 60_000)).toBe(true);

    const devs = await t.db
      .select({ id: devices.id, terminalId: devices.terminalId, lat: devices.lat, lon: devices.lon })
      .from(devices)
      .innerJoin(users, eq(users.id, devices.userId))
      .where(
        and(
          eq(users.username, 'agent'),
          eq(devices.protocol, DEVICE_PROTOCOL.Gt06),
          // Commands to an expired device are refused before they reach a gateway.
          or(isNull(devices.platformExpireAt), gt(devices.platformExpireAt, sql`now()`)),
          or(isNull(devices.userExpireAt), gt(devices.userExpireAt, sql`now()`)),
        ),
      )
      .orderBy(devices.id)
      .limit(SIMS);
    expect(devs).toHaveLength(SIMS);
    for (const [i, d] of devs.entries()) {
      const s = new SimDevice(
        { terminalId: d.terminalId, family: 'gt06', lat: d.lat!, lon: d.lon!, seed: i },
        { ...DEFAULT_SIM_OPTIONS, ports: { gt06: gt06Port, jt808: 0 }, manual: true, reconnect: true },
      );
      sims.push(s);
      await s.start();
    }
    const nodes = async () =>
      (
        await t!.db.execute<{ terminal_id: string; node: string }>(
          sql`SELECT terminal_id, node FROM device_connections WHERE online AND terminal_id IN ${devs.map((d) => d.terminalId)}`,
        )
      ).rows;
    expect(await until(async () => (await nodes()).length === SIMS, 20_000)).toBe(true);
    // The primary hands connections out in turn: both processes hold trackers.
    const held = new Set((await nodes()).map((r) => r.node.replace(/.*\//, '')));
    expect(held).toEqual(new Set(['gw1', 'gw2']));

    const login = await apiPost(api.port, '/api/login', { username: 'agent', password: '123456' });
    const token = login.data.token as string;
    const commandAll = async () => {
      for (const d of devs) {
        let reply: { data: { result: number } | null } = { data: null };
        for (let i = 0; i < 40 && reply.data?.result !== COMMAND_RESULT.success; i++) {
          reply = await apiPost(
            api!.port,
            '/api/command/sendCommand',
            { terminalID: d.terminalId, content: 'Relay,1#' },
            token,
          );
          if (reply.data?.result !== COMMAND_RESULT.success) await new Promise((r) => setTimeout(r, 250));
        }
        expect(reply.data?.result, `${d.terminalId}: ${JSON.stringify(reply)}`).toBe(COMMAND_RESULT.success);
      }
    };
    await commandAll();

    const since = new Date();
    for (const s of sims) s.report(Date.now());
    const stored = async () =>
      Number(
        (
          await t!.db
            .select({ n: sql<number>`count(*)` })
            .from(positions)
            .where(gt(positions.serverTime, since))
        )[0].n,
      );
    expect(await until(async () => (await stored()) >= SIMS, 15_000)).toBe(true);

    // kill -9 one gateway process: the primary starts another; the trackers reconnect.
    const children = execFileSync('pgrep', ['-P', String(gw.child.pid)])
      .toString()
      .trim()
      .split('\n');
    expect(children).toHaveLength(2);
    process.kill(Number(children[0]), 'SIGKILL');
    expect(await until(async () => gw.output().includes('starting it again'), 10_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    expect(
      await until(async () => sims.every((s) => s.connected) && (await nodes()).length === SIMS, 30_000),
    ).toBe(true);
    await commandAll();
  }, 180_000);
});
