import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, gte, inArray, lt } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openDatabase, type DbHandle } from '../../server/db/client';
import { devices } from '../../server/db/schema/devices';
import { positions } from '../../server/db/schema/positions';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';
import { gt06Codec } from '../../server/gateway/gt06';
import { gt06Heartbeat, gt06Location, gt06Login } from '../../server/sim/gt06-frames';
import { demoSpecs } from '../../server/sim/fleet';
import { apiPost, startServerProcess, type ServerProcess } from '../support/processes';

/**
 * Graceful shutdown (issue 17): a real server process with positions in flight gets SIGTERM;
 * it closes its trackers and its browsers' websockets (1001, going away), stores every position
 * it read, and exits 0. On PostgreSQL when DATABASE_URL is set, else on PGlite in a folder.
 */
const TRACKERS = 20;
const FIXES = 100;

let t: TestDatabase | null = null;
let node: ServerProcess | null = null;
let stuck: ServerProcess | null = null;
const dirs: string[] = [];
afterAll(async () => {
  await node?.stop();
  await stuck?.stop();
  await t?.dispose();
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

/** The database settings of a child process: this file's PostgreSQL database, or a PGlite folder. */
async function databaseEnv(): Promise<{ DATABASE_URL?: string; DATA_DIR?: string }> {
  if (process.env.DATABASE_URL) {
    t ??= await openTestDatabase({ seed: true });
    return { DATABASE_URL: t.url! };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'fg-shutdown-'));
  dirs.push(dir);
  return { DATA_DIR: dir };
}

/** A GT06 tracker that logs in, sends `FIXES` fixes and a heartbeat, and says when the heartbeat is answered. */
function tracker(port: number, terminalId: string, t0: number) {
  const sock = net.connect(port, '127.0.0.1');
  sock.on('error', () => {});
  const splitter = gt06Codec.createSplitter({ maxBuffer: 1 << 16 });
  let heard: () => void = () => {};
  const answered = new Promise<void>((r) => (heard = r));
  const closed = new Promise<void>((r) => sock.once('close', () => r()));
  sock.on('data', (d: Buffer) => {
    // 78 78 len 13: the heartbeat's answer, sent after every frame before it was handled.
    for (const f of splitter.push(d)) if (f[3] === 0x13) heard();
  });
  sock.once('connect', () => {
    const frames = [gt06Login(terminalId, 1)];
    for (let i = 0; i < FIXES; i++)
      frames.push(
        gt06Location(
          { time: new Date(t0 + i * 1000), lat: 39.9 + i / 1e4, lon: 116.4, speed: 30, course: 90 },
          2 + i,
        ),
      );
    frames.push(gt06Heartbeat({ acc: true, voltageLevel: 5 }, 2 + FIXES));
    sock.write(Buffer.concat(frames));
  });
  return { answered, closed };
}

describe('graceful shutdown', () => {
  it('stores every position it read, closes trackers and websockets, and exits 0', async () => {
    const db = await databaseEnv();
    const env = { ...db, LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT: '20' };
    node = await startServerProcess(env, 180_000);

    const login = await apiPost(node.port, '/api/login', { username: 'agent', password: '123456' });
    const ws = new WebSocket(`ws://127.0.0.1:${node.port}/api/ws?token=${login.data.token}`);
    const wsClosed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    await new Promise((r) => ws.once('message', r));

    const ids = demoSpecs('gt06')
      .slice(0, TRACKERS)
      .map((s) => s.terminalId);
    // Long before the demo seed's history, so only these fixes are counted.
    const t0 = Date.UTC(2021, 0, 5);
    const trackers = ids.map((id) => tracker(node!.gt06Port, id, t0));
    // Every fix decoded and queued for the writer; most not yet committed (it writes every 100 ms).
    await Promise.all(trackers.map((tr) => tr.answered));
    const exited = new Promise<number | null>((r) => node!.child.once('exit', (code) => r(code)));
    node.child.kill('SIGTERM');

    expect(await exited, node.output().slice(-3000)).toBe(0);
    await Promise.all(trackers.map((tr) => tr.closed));
    expect(await wsClosed).toBe(1001);
    expect(node.output()).toMatch(/shutdown complete/);

    let handle: DbHandle | null = null;
    const dbOf = t?.db ?? (handle = await openDatabase({ dataDir: path.join(db.DATA_DIR!, 'pglite') })).db;
    try {
      const own = await dbOf.select({ id: devices.id }).from(devices).where(inArray(devices.terminalId, ids));
      const [{ n }] = await dbOf
        .select({ n: count() })
        .from(positions)
        .where(
          and(
            inArray(
              positions.deviceId,
              own.map((d) => d.id),
            ),
            gte(positions.fixTime, new Date(t0)),
            lt(positions.fixTime, new Date(t0 + 86_400_000)),
          ),
        );
      expect(Number(n)).toBe(TRACKERS * FIXES);
    } finally {
      await handle?.close();
    }
  }, 300_000);

  it('exits 1 at the deadline when a step does not finish', async () => {
    const env = { ...(await databaseEnv()), SHUTDOWN_TIMEOUT: '2' };
    stuck = await startServerProcess(env, 180_000);
    // A request whose body never completes: closing the HTTP server waits for it.
    const slow = net.connect(stuck.port, '127.0.0.1');
    slow.on('error', () => {});
    await new Promise((r) => slow.once('connect', r));
    slow.write(
      'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"us',
    );
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    const exited = new Promise<number | null>((r) => stuck!.child.once('exit', (code) => r(code)));
    stuck.child.kill('SIGTERM');
    expect(await exited).toBe(1);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(1900);
    expect(took).toBeLessThan(15_000);
    expect(stuck.output()).toMatch(/shutdown deadline passed/);
    slow.destroy();
  }, 300_000);
});
