import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';
import { gt06Login } from '../../server/sim/gt06-frames';
import { demoSpecs } from '../../server/sim/fleet';
import { startServerProcess, type ServerProcess } from '../support/processes';

/**
 * NODE_ROLE (issue 17): a gateway node takes trackers and serves only /health, /ready and
 * /metrics over HTTP; an API node serves the API and opens no tracker port. Real processes, on
 * one PostgreSQL database when DATABASE_URL is set, else each on its own PGlite folder.
 */
let t: TestDatabase | null = null;
const dirs: string[] = [];
const nodes: ServerProcess[] = [];
afterAll(async () => {
  for (const n of nodes) await n.stop();
  await t?.dispose();
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function databaseEnv(): Promise<Record<string, string>> {
  if (process.env.DATABASE_URL) {
    t ??= await openTestDatabase({ seed: true });
    return { DATABASE_URL: t.url! };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'fg-role-'));
  dirs.push(dir);
  return { DATA_DIR: dir };
}

const get = (port: number, url: string) => fetch(`http://127.0.0.1:${port}${url}`);

/** Resolves true when the port takes a TCP connection, false when it is refused. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

describe('node roles', () => {
  it('a gateway node takes trackers and answers only the ops endpoints; an API node opens no tracker port', async () => {
    const [gatewayEnv, apiEnv] = [await databaseEnv(), await databaseEnv()];
    const [gateway, api] = await Promise.all([
      startServerProcess({ ...gatewayEnv, NODE_ROLE: 'gateway' }, 180_000),
      startServerProcess({ ...apiEnv, NODE_ROLE: 'api' }, 180_000),
    ]);
    nodes.push(gateway, api);

    expect((await get(gateway.port, '/health')).status).toBe(200);
    expect(await (await get(gateway.port, '/ready')).json()).toMatchObject({ status: 'ready' });
    expect((await get(gateway.port, '/api/public/config')).status).toBe(404);
    const tracker = net.connect(gateway.gt06Port, '127.0.0.1');
    tracker.on('error', () => {});
    const acked = new Promise((r) => tracker.once('data', r));
    tracker.write(gt06Login(demoSpecs('gt06')[0].terminalId, 1));
    await acked; // the login answer: the device is known and online on this node
    const metrics = await (await get(gateway.port, '/metrics')).text();
    expect(metrics).toContain('fleetgate_tracker_connections{protocol="gt06"} 1');
    tracker.destroy();

    expect((await get(api.port, '/api/public/config')).status).toBe(200);
    expect((await get(api.port, '/ready')).status).toBe(200);
    expect(await accepts(api.gt06Port)).toBe(false);
    expect(await accepts(api.jt808Port)).toBe(false);
  }, 300_000);
});
