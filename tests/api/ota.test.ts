import { randomBytes, createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../server/db/schema/devices';
import { startGateway, type Gateway } from '../../server/gateway/runtime/server';
import { DEFAULT_SIM_OPTIONS, SimDevice, type Family } from '../../server/sim/device';
import { DEVICE_PROTOCOL } from '../../src/domain/codes';
import { closeDatabase, startHarness, type Harness } from './harness';
import { loopbackListeners } from '../support/loopback-gateway';

/**
 * OTA over real sockets (issue 15, part 4): firmware uploaded, jobs sent to simulated JT/T 808
 * trackers (0x8108 sub-packages, 0x0108 result) and GT06 trackers (URL command, range
 * downloads, version check), range edge cases, cancel and retry, and who may do what.
 */
let h: Harness;
let gw: Gateway;
let dir: string;
let base: string;
let token: string;
const sims: SimDevice[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ota-fw-'));
  h = await startHarness({ firmwareDir: dir, ota: { tickMs: 150, stallSeconds: 600 } });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  // The download URLs trackers get are built on it.
  h.config.publicUrl = base;
  gw = await startGateway(
    { db: h.handle.db, bus: h.app.bus },
    loopbackListeners(),
    { commandTimeoutMs: 5000 },
  );
  token = await h.login('test');
});
afterAll(async () => {
  for (const s of sims) s.stop();
  await gw.close();
  await h.close();
  await closeDatabase();
  await rm(dir, { recursive: true, force: true });
});

const image = (version: string, size: number) =>
  Buffer.concat([Buffer.from(`VERSION=${version}\n`), randomBytes(size)]);

async function upload(bytes: Buffer, meta: Record<string, string>, as = token) {
  const r = await h.app.inject({
    method: 'POST',
    url: `/api/ota/firmware/upload?${new URLSearchParams(meta)}`,
    payload: bytes,
    headers: { authorization: `Bearer ${as}`, 'content-type': 'application/octet-stream' },
  });
  return { status: r.statusCode, ...(r.json() as { meta: { key?: string }; data: any }) }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function tracker(terminalId: string, family: Family) {
  const sim = new SimDevice(
    { terminalId, family, lat: 22.5, lon: 114, seed: sims.length + 1 },
    { ...DEFAULT_SIM_OPTIONS, ports: gw.ports as Record<Family, number>, manual: true, reconnect: false },
  );
  sims.push(sim);
  await sim.start();
  await waitFor(async () => gw.ctx.registry.get(terminalId));
  return sim;
}

async function terminals(protocol: number, pattern: RegExp, n: number) {
  const rows = await h.handle.db
    .select({ t: devices.terminalId })
    .from(devices)
    .where(and(eq(devices.protocol, protocol), like(devices.terminalId, '%')))
    .orderBy(devices.id);
  return rows.map((r) => r.t).filter((t) => pattern.test(t)).slice(0, n);
}

const job = (id: number) => h.post('/api/ota/job/list', { pageSize: 100 }, token).then((r) => r.data.list.find((j: { id: number }) => j.id === id));
const devicesOf = (jobId: number) => h.post('/api/ota/job/devices', { jobId, pageSize: 100 }, token).then((r) => r.data.list);

describe('firmware files', () => {
  it('stores an upload with its checksums under a generated name, and refuses a mismatching checksum', async () => {
    const bytes = image('V9.0.1', 3000);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const bad = await upload(bytes, { version: 'V9.0.1', deviceType: 'JT808-A', checksum: 'a'.repeat(64) });
    expect(bad.status).toBe(400);
    expect(bad.meta.key).toBe('firmwareChecksumMismatch');

    const r = await upload(bytes, { version: 'V9.0.1', deviceType: 'JT808-A', checksum: sha256, fileName: '../../etc/passwd' });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ size: bytes.length, sha256, protocol: DEVICE_PROTOCOL.eight, fileName: 'passwd' });
    expect(await readdir(dir)).toHaveLength(1);
    expect((await readdir(dir))[0]).toMatch(/^[0-9a-f]{32}\.bin$/);

    const again = await upload(bytes, { version: 'V9.0.1', deviceType: 'JT808-A' });
    expect(again.meta.key).toBe('firmwareTaken');
    expect((await upload(Buffer.alloc(0), { version: 'V9', deviceType: 'JT808-A' })).status).toBe(400);
    expect((await upload(bytes, { version: 'V9', deviceType: 'K100' })).meta.key).toBe('firmwareProtocolUnsupported');
    const json = await h.post('/api/ota/firmware/upload?version=V1&deviceType=GT06N', { a: 1 }, token);
    expect(json.meta.key).toBe('firmwareRawBody');

    const list = await h.post('/api/ota/firmware/list', {}, token);
    expect(list.data.list[0]).toMatchObject({ id: r.data.id, md5: createHash('md5').update(bytes).digest('hex') });

    // Staff download, whole and in ranges.
    const url = `${base}/api/ota/firmware/${r.data.id}/download`;
    const auth = { authorization: `Bearer ${token}` };
    const whole = await fetch(url, { headers: auth });
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const etag = whole.headers.get('etag');
    expect(etag).toBe(`"${sha256}"`);
    expect(whole.headers.get('last-modified')).toBeTruthy();

    const part = await fetch(url, { headers: { ...auth, range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true);
    const suffix = await fetch(url, { headers: { ...auth, range: 'bytes=-100' } });
    expect(suffix.status).toBe(206);
    expect(Buffer.from(await suffix.arrayBuffer()).equals(bytes.subarray(bytes.length - 100))).toBe(true);
    const open = await fetch(url, { headers: { ...auth, range: `bytes=${bytes.length - 5}-` } });
    expect(open.headers.get('content-range')).toBe(`bytes ${bytes.length - 5}-${bytes.length - 1}/${bytes.length}`);
    const beyond = await fetch(url, { headers: { ...auth, range: `bytes=${bytes.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    await beyond.arrayBuffer();
    const cached = await fetch(url, { headers: { ...auth, 'if-none-match': etag! } });
    expect(cached.status).toBe(304);
    expect((await fetch(url)).status).toBe(401);

    // Deletable while no running job uses it.
    expect((await h.post('/api/ota/firmware/delete', { id: r.data.id }, token)).meta.success).toBe(true);
    expect(await readdir(dir)).toHaveLength(0);
  });

  it('refuses a body over the limit', async () => {
    const r = await upload(Buffer.alloc(8 * 1024 * 1024 + 1), { version: 'V-big', deviceType: 'JT808-A' });
    expect(r.status).toBe(413);
  });
});

describe('JT/T 808 jobs', () => {
  it('upgrades several simulated trackers to 100 % with 0x8108 sub-packages and 0x0108 results', async () => {
    const ids = await terminals(DEVICE_PROTOCOL.eight, /^\d{11}$/, 3);
    expect(ids).toHaveLength(3);
    const trackers = await Promise.all(ids.map((t) => tracker(t, 'jt808')));
    const bytes = image('V2.0.0', 5000); // 11 sub-packages of 512 bytes
    const fw = await upload(bytes, { version: 'V2.0.0', deviceType: 'JT808-A' });
    const created = await h.post(
      '/api/ota/job/create',
      { name: '808 rollout', firmwareId: fw.data.id, targetMode: 'imeis', imeis: `${ids.join('\n')}\n99999999999` },
      token,
    );
    expect(created.data.total).toBe(3);
    // The firmware cannot go while the job runs.
    expect((await h.post('/api/ota/firmware/delete', { id: fw.data.id }, token)).meta.key).toBe('firmwareInUse');

    const done = await waitFor(async () => {
      const j = await job(created.data.id);
      return j.status === 'done' && j;
    });
    expect(done).toMatchObject({ total: 3, success: 3, progress: 100 });
    const rows = await devicesOf(created.data.id);
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['success', 'success', 'success']);
    expect(rows[0]).toMatchObject({ progress: 100, attempts: 1, result: '0x0108 result 0' });
    const sha = createHash('sha256').update(bytes).digest('hex');
    for (const t of trackers) expect(t.ota.installed).toEqual([{ version: 'V2.0.0', sha256: sha }]);
  });

  it('cancels and retries: a failed device is sent again and succeeds', async () => {
    const [id] = (await terminals(DEVICE_PROTOCOL.eight, /^\d{11}$/, 4)).slice(3);
    const sim = await tracker(id, 'jt808');
    sim.ota.failNext = true;
    const fw = await upload(image('V2.1.0', 1500), { version: 'V2.1.0', deviceType: 'JT808-A' });
    const created = await h.post('/api/ota/job/create', { name: 'retry', firmwareId: fw.data.id, targetMode: 'imeis', imeis: id }, token);
    const failed = await waitFor(async () => (await devicesOf(created.data.id)).find((r: { status: string }) => r.status === 'failed'));
    expect(failed.result).toBe('0x0108 result 1');
    expect((await job(created.data.id)).status).toBe('done');

    const retried = await h.post('/api/ota/job/retry', { jobId: created.data.id, terminalID: id }, token);
    expect(retried.data.retried).toBe(1);
    const ok = await waitFor(async () => (await devicesOf(created.data.id)).find((r: { status: string }) => r.status === 'success'));
    expect(ok.attempts).toBe(2);
    expect((await h.post('/api/ota/job/retry', { jobId: created.data.id }, token)).meta.key).toBe('otaNothingToRetry');

    // An offline target waits as pending; cancelling the job cancels it.
    const [offline] = (await terminals(DEVICE_PROTOCOL.eight, /^\d{11}$/, 6)).slice(5);
    const waiting = await h.post('/api/ota/job/create', { name: 'offline', firmwareId: fw.data.id, targetMode: 'imeis', imeis: offline }, token);
    await new Promise((r) => setTimeout(r, 500));
    expect((await devicesOf(waiting.data.id))[0].status).toBe('pending');
    expect((await h.post('/api/ota/job/cancel', { jobId: waiting.data.id }, token)).data.cancelled).toBe(1);
    expect(await job(waiting.data.id)).toMatchObject({ status: 'cancelled', cancelled: 1 });
    expect((await devicesOf(waiting.data.id))[0].status).toBe('cancelled');
    // Retried, it is pending again and the job runs.
    await h.post('/api/ota/job/retry', { jobId: waiting.data.id }, token);
    expect((await job(waiting.data.id)).status).toBe('running');
    expect((await h.post('/api/ota/job/cancel', { jobId: waiting.data.id, terminalID: offline }, token)).data.cancelled).toBe(1);
    expect((await job(waiting.data.id)).status).toBe('done');
  });
});

describe('GT06 jobs', () => {
  it('sends the URL command; the tracker downloads in ranges and reports the new version', async () => {
    const [id] = await terminals(DEVICE_PROTOCOL.Gt06, /^\d{15}$/, 1);
    const sim = await tracker(id, 'gt06');
    const bytes = image('V3.0.0', 10_000);
    const fw = await upload(bytes, { version: 'V3.0.0', deviceType: 'GT06N', fileName: 'gt06n V3.bin' });
    const created = await h.post('/api/ota/job/create', { name: 'gt06', firmwareId: fw.data.id, targetMode: 'imeis', imeis: id }, token);
    const done = await waitFor(async () => {
      const j = await job(created.data.id);
      return j.status === 'done' && j;
    });
    expect(done).toMatchObject({ success: 1, progress: 100 });
    const [row] = await devicesOf(created.data.id);
    expect(row).toMatchObject({ status: 'success', bytesSent: bytes.length });
    expect(sim.ota.ranges.length).toBeGreaterThan(1);
    expect(sim.ota.ranges[0]).toBe('bytes=0-4095');
    expect(sim.ota.installed[0].sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    // The token URL stops serving once the device is done; a wrong token gets nothing.
    expect((await fetch(`${base}/api/ota/fw/${'0'.repeat(40)}/x.bin`)).status).toBe(404);
  });
});

describe('access', () => {
  it('lets the OTA viewer read jobs but not write; reseller roles get nothing', async () => {
    const look = await h.login('otalook');
    expect((await h.post('/api/ota/job/list', {}, look)).meta.success).toBe(true);
    const [first] = (await h.post('/api/ota/job/list', {}, look)).data.list;
    expect((await h.post('/api/ota/job/devices', { jobId: first.id }, look)).meta.success).toBe(true);
    expect((await h.post('/api/ota/job/cancel', { jobId: first.id }, look)).status).toBe(403);
    expect((await h.post('/api/ota/job/retry', { jobId: first.id }, look)).status).toBe(403);
    expect((await h.post('/api/ota/firmware/list', {}, look)).status).toBe(403);
    expect((await upload(image('V0', 10), { version: 'V0', deviceType: 'GT06N' }, look)).status).toBe(403);
    for (const who of ['agent', 'user', 'admin']) {
      const t = await h.login(who);
      const r = await h.post('/api/ota/job/list', {}, t);
      if (who === 'admin') expect(r.status).toBe(200);
      else expect(r.status).toBe(403);
    }
    const agent = await h.login('agent');
    expect((await h.post('/api/ota/job/create', { name: 'x', firmwareId: 1, targetMode: 'type' }, agent)).status).toBe(403);
  });
});
