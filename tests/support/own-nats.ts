import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort } from './processes';

/**
 * A nats-server of the test's own (core NATS, no JetStream) on a free port, so a fault test can
 * stop and restart it without touching the machine's shared server. `stop()` kills it,
 * `start()` brings it back on the same port, `dispose()` is safe to call in afterAll always.
 */
export const NATS_SERVER_BIN = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

export interface OwnNats {
  url: string;
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  dispose(): Promise<void>;
}

/** Resolves once something accepts TCP connections on the port. */
export async function waitForPort(port: number, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((r) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => (s.destroy(), r(true)));
      s.once('error', () => r(false));
    });
    if (ok) return;
    if (Date.now() > end) throw new Error(`nothing listens on ${port} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startOwnNats(): Promise<OwnNats> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  let out = '';
  const start = async () => {
    child = spawn(NATS_SERVER_BIN, ['-a', '127.0.0.1', '-p', String(port)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    try {
      await waitForPort(port);
    } catch (e) {
      throw new Error(`${(e as Error).message}\n${out}`);
    }
  };
  const stop = async () => {
    const c = child;
    child = null;
    if (!c || c.exitCode != null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `nats://127.0.0.1:${port}`, port, start, stop, dispose: stop };
}
