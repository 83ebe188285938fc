import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { TEXT_FAMILY_PORTS } from '../../server/gateway/port-settings';

/**
 * Ports below the kernel's ephemeral range (net.ipv4.ip_local_port_range starts at 32768): a
 * port the OS hands out for listen(0) is one of the ephemeral ones, and between our closing it
 * and the child binding it, any outgoing connection on the machine (the child's own database
 * pool) or the next listen(0) (two servers started side by side) could take it (EADDRINUSE).
 */
const PORT_LOW = 20_000;
const PORT_HIGH = 32_767;
/** Every port this process handed out: never given twice. */
const given = new Set<number>();

const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '0.0.0.0', () => srv.close(() => resolve(true)));
  });

/** A port that is free right now, outside the ephemeral range, not handed out before by this process. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = PORT_LOW + Math.floor(Math.random() * (PORT_HIGH - PORT_LOW + 1));
    if (given.has(port)) continue;
    given.add(port);
    if (await bindable(port)) return port;
  }
}

/** The tracker ports a test server does not name itself, each on a free port (no clash with a dev server). */
export async function freeOtherTrackerPorts(): Promise<Record<string, string>> {
  const envs = ['TELTONIKA_PORT', 'OSMAND_PORT', ...Object.values(TEXT_FAMILY_PORTS).map((p) => p.env)];
  return Object.fromEntries(await Promise.all(envs.map(async (e) => [e, String(await freePort())])));
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  gt06Port: number;
  jt808Port: number;
  output: () => string;
  stop(): Promise<void>;
}

/** Starts `server/main.ts` as a real child process and waits until its API answers. */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  const port = await freePort();
  const gt06Port = await freePort();
  const jt808Port = await freePort();
  let out = '';
  // SERVER_NODE_ARGS adds node flags to the server only (e.g. --cpu-prof for a bench profile;
  // node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      GT06_PORT: String(gt06Port),
      JT808_PORT: String(jt808Port),
      ...(await freeOtherTrackerPorts()),
      SIMULATOR: '0',
      STATIC_DIR: '/nonexistent',
      // Every tracker of a test or bench connects from this machine: no per-address cap.
      GATEWAY_MAX_PER_ADDRESS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode != null) throw new Error(`server exited early:\n${out}`);
    // An API node answers its public config; a gateway-only node (NODE_ROLE=gateway) its /health.
    const up = await Promise.all(
      ['/api/public/config', '/health'].map((p) =>
        fetch(`http://127.0.0.1:${port}${p}`).then(
          (r) => r.ok,
          () => false, // not listening yet
        ),
      ),
    );
    if (up.some(Boolean)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    child,
    port,
    gt06Port,
    jt808Port,
    output: () => out,
    async stop() {
      // Already gone (exited, or killed by a fault test).
      if (child.exitCode != null || child.signalCode != null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(t);
    },
  };
}

export async function apiPost(port: number, url: string, body: object, token?: string) {
  const r = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return r.json();
}
