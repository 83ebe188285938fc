import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { expect, type Page } from '@playwright/test';
import { PASSWORD } from './helpers';
import { gt06Alarm, gt06Location, gt06Login, type Fix } from '../../server/sim/gt06-frames';

export interface ApiDevice {
  id: number;
  terminalID: string;
  state: number;
  deviceProtocol: number;
  platformExpireAt: string | null;
  location: { lat: number; lon: number; utcTime: string } | null;
}

/** Calls the API from the page with the logged-in token (the same call the monitor makes). */
export async function apiPost<T>(page: Page, path: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ([p, b]) => {
      const token = JSON.parse(sessionStorage.getItem('userInfo') ?? '{}').token as string;
      const res = await fetch(`/api${p}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(b),
      });
      return (await res.json()).data;
    },
    [path, body] as const,
  ) as Promise<T>;
}

/**
 * The e2e server listens for GT06 on a random port (GT06_PORT=0). Its other listening ports
 * are found through the process that owns the web port; the GT06 one answers a login frame.
 */
export async function findGt06Port(webPort: number, imei: string): Promise<number> {
  const out = execFileSync('ss', ['-ltnpH'], { encoding: 'utf8' });
  const lines = out.split('\n');
  const pidOf = (line: string) => /pid=(\d+)/.exec(line)?.[1];
  const web = lines.find((l) => new RegExp(`:${webPort}\\s`).test(l));
  const pid = web && pidOf(web);
  if (!pid) throw new Error(`no process listens on ${webPort}`);
  const ports = lines
    .filter((l) => pidOf(l) === pid)
    .map((l) => Number(/:(\d+)\s/.exec(l)?.[1]))
    .filter((p) => p && p !== webPort);
  for (const port of ports) {
    if (await answersGt06Login(port, imei)) return port;
  }
  throw new Error(`no GT06 gateway among ports ${ports.join(', ')}`);
}

/** True when the port acks a GT06 login of a known device (an unknown one is disconnected). */
function answersGt06Login(port: number, imei: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    let settled = false;
    const done = (ok: boolean) => {
      if (settled) return;
      settled = true;
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(1500, () => done(false));
    s.on('error', () => done(false));
    s.on('close', () => done(false));
    // A GT06 login ack starts with the 0x78 0x78 start bits.
    s.on('data', (d) => done(d[0] === 0x78 && d[1] === 0x78));
    s.on('connect', () => s.write(gt06Login(imei, 1)));
  });
}

/**
 * A tracker over a real TCP connection: logs in and waits for the ack. The connection stays
 * open until `close()`, since the gateway reports a disconnected device offline.
 */
export async function connectGt06(port: number, imei: string) {
  const s = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('error', reject);
  });
  s.write(gt06Login(imei, 1));
  await new Promise<void>((resolve, reject) => {
    s.once('data', () => resolve());
    s.once('close', () => reject(new Error(`the gateway closed the connection of ${imei}`)));
  });
  let serial = 2;
  return {
    send: (fix: Fix) => s.write(gt06Location(fix, serial++)),
    /** An alarm packet (0x16) with its GT06 alarm code, e.g. 0x01 SOS. */
    alarm: (fix: Fix, code: number) => s.write(gt06Alarm(fix, code, serial++)),
    close: () => s.destroy(),
  };
}

/**
 * A GT06 device of the test's own, under a new IMEI: the factory's QC account passes it (a
 * device is importable only after its test) and the logged-in account imports it, so no other
 * test moves, alarms or expires it meanwhile (the demo fleet is shared by the workers).
 */
export async function ownGt06(page: Page): Promise<string> {
  const imei = `86${Date.now()}${Math.floor(Math.random() * 10)}`.slice(0, 15);
  const qc = await (await page.request.post('/api/login', { data: { username: 'test', password: PASSWORD } })).json();
  const passed = await page.request.post('/api/serials/testSerialResult', {
    data: { terminalID: imei, passed: true, deviceType: 'GT06N' },
    headers: { authorization: `Bearer ${qc.data.token}` },
  });
  expect(passed.ok(), await passed.text()).toBe(true);
  const result = await apiPost<{ imported: number }>(page, '/device/deviceImport', { imeis: imei, importProtocol: 0 });
  expect(result.imported, `import of ${imei}`).toBe(1);
  return imei;
}

/** Waits until the server has stored the device's fix of this time (the gateway works in order). */
export async function fixStored(page: Page, imei: string, time: Date) {
  await expect
    .poll(async () => {
      const list = await apiPost<ApiDevice[]>(page, '/device/findDeviceLocationAll', {});
      const d = list.find((x) => x.terminalID === imei);
      return d?.location ? Date.parse(d.location.utcTime) : 0;
    })
    .toBeGreaterThanOrEqual(time.getTime());
}
