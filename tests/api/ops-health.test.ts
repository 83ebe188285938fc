import net from 'node:net';
import { PassThrough } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { devices } from '../../server/db/schema/devices';
import { openTestDatabase } from '../../server/db/testing';
import { gt06Codec } from '../../server/gateway/gt06';
import { startGateway, type Gateway } from '../../server/gateway/runtime/server';
import { countFrame, watchConnections, watchWriter } from '../../server/ops/metrics';
import { gt06CommandReply, gt06Location, gt06Login, parseGt06Command } from '../../server/sim/gt06-frames';
import { COMMAND_RESULT, DEVICE_PROTOCOL } from '../../src/domain/codes';
import { closeDatabase, startHarness, type Harness } from './harness';

/**
 * /health, /ready, /metrics and request ids (issue 17, operations), on a real server and a real
 * GT06 gateway over TCP.
 */
let h: Harness;
let gw: Gateway;
const unwatch: (() => void)[] = [];

beforeAll(async () => {
  h = await startHarness();
  gw = await startGateway(
    { db: h.handle.db, bus: h.app.bus },
    [{ codec: gt06Codec, port: 0, host: '127.0.0.1' }],
    {
      commandTimeoutMs: 5000,
    },
  );
  unwatch.push(watchWriter(gw.ctx.writer), watchConnections(gw.ctx.registry));
});
afterAll(async () => {
  unwatch.forEach((off) => off());
  await gw.close();
  await h.close();
  await closeDatabase();
});

async function scrape(app = h.app, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') {
  const res = await app.inject({ url: '/metrics', headers, remoteAddress });
  return res;
}

/** The value of one sample of the exposition text (0 when absent). */
function sample(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe('/health and /ready', () => {
  it('answer without a login, with which part is ready', async () => {
    const health = await h.app.inject({ url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await h.app.inject({ url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', bus: 'off', process: 'running' },
    });
  });

  it('answer 503 from the moment the process stops, and when the database is gone', async () => {
    const ops = { stopping: false };
    const app = await buildApp({ config: h.config, handle: h.handle, ops });
    await app.ready();
    expect((await app.inject({ url: '/ready' })).statusCode).toBe(200);
    ops.stopping = true;
    const stopping = await app.inject({ url: '/ready' });
    expect(stopping.statusCode).toBe(503);
    expect(stopping.json().checks).toMatchObject({ database: 'ok', process: 'stopping' });
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
    await app.close();

    const gone = await openTestDatabase();
    const orphan = await buildApp({ config: h.config, handle: gone.handle });
    await orphan.ready();
    await gone.dispose();
    const down = await orphan.inject({ url: '/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      status: 'not ready',
      checks: { database: 'failed', bus: 'off', process: 'running' },
    });
    await orphan.close();
  });
});

describe('request ids', () => {
  it('echoes a well-formed x-request-id and makes one up otherwise', async () => {
    const given = await h.app.inject({
      url: '/api/public/config',
      headers: { 'x-request-id': 'lb-7f3a:42' },
    });
    expect(given.headers['x-request-id']).toBe('lb-7f3a:42');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const bad of ['has spaces', 'x'.repeat(200), '"quoted"']) {
      const res = await h.app.inject({ url: '/api/nope', headers: { 'x-request-id': bad } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['x-request-id']).toMatch(uuid);
    }
    const none = await h.app.inject({ url: '/health' });
    expect(none.headers['x-request-id']).toMatch(uuid);
  });

  it('names the request in every log line of it, the 500 error included', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new PassThrough();
    stream.on('data', (d: Buffer) =>
      d
        .toString()
        .split('\n')
        .filter(Boolean)
        .forEach((l) => lines.push(JSON.parse(l))),
    );
    const app = await buildApp({
      config: { ...h.config, logLevel: 'info' },
      handle: h.handle,
      logger: true,
      logStream: stream,
    });
    app.get('/boom', async () => {
      throw new Error('kaput');
    });
    await app.ready();
    const res = await app.inject({ url: '/boom', headers: { 'x-request-id': 'trace-500' } });
    expect(res.statusCode).toBe(500);
    expect(res.headers['x-request-id']).toBe('trace-500');
    await app.close();
    const mine = lines.filter((l) => l.reqId === 'trace-500');
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request failed', 'request completed']);
    expect(mine[1]).toMatchObject({ level: 50, err: { message: 'kaput' } });
  });
});

describe('/metrics', () => {
  it('counts connections, positions, their commit delay, websocket clients, frames and command outcomes', async () => {
    const [device] = await h.handle.db
      .select({ terminalId: devices.terminalId })
      .from(devices)
      .where(and(eq(devices.userId, await h.idOf('user')), eq(devices.protocol, DEVICE_PROTOCOL.Gt06)))
      .limit(1);
    const before = (await scrape()).body;

    const sock = net.connect(gw.ports.gt06, '127.0.0.1');
    await new Promise((r) => sock.once('connect', r));
    // The tracker answers the command the API sends it.
    const splitter = gt06Codec.createSplitter({ maxBuffer: 4096 });
    sock.on('data', (d: Buffer) => {
      for (const frame of splitter.push(d)) {
        const cmd = parseGt06Command(frame);
        if (cmd) sock.write(gt06CommandReply(cmd.serverFlag, 'Relay OK', 99));
      }
    });
    sock.write(gt06Login(device.terminalId, 1));
    const t0 = Math.floor(Date.now() / 1000) * 1000 - 60_000;
    for (let i = 0; i < 5; i++)
      sock.write(
        gt06Location({ time: new Date(t0 + i * 1000), lat: 22.5, lon: 114.05, speed: 30, course: 0 }, 2 + i),
      );
    // The connection counts its frames itself; an undecodable one is counted here by hand.
    countFrame('gt06', true);
    const token = await h.login('agent');
    // The hub counts a client once it has said hello (after its scope is read): wait for it.
    let hello: () => void = () => {};
    const greeted = new Promise<void>((r) => (hello = r));
    const ws = await h.app.injectWS(
      `/api/ws?token=${token}`,
      {},
      {
        onOpen: (socket) =>
          socket.on('message', (d: Buffer) => {
            if ((JSON.parse(d.toString()) as { type: string }).type === 'hello') hello();
          }),
      },
    );
    await greeted;
    const sent = await h.post(
      '/api/command/sendCommand',
      { terminalID: device.terminalId, content: 'Relay,1#' },
      token,
    );
    expect(sent.data).toMatchObject({ result: COMMAND_RESULT.success });
    await gw.ctx.writer.drain();

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const after = res.body;
    const delta = (name: string, labels = '') => sample(after, name, labels) - sample(before, name, labels);
    expect(sample(after, 'fleetgate_tracker_connections', 'protocol="gt06"')).toBe(1);
    expect(delta('fleetgate_positions_stored_total')).toBe(5);
    expect(delta('fleetgate_frame_to_commit_seconds_count')).toBe(5);
    expect(delta('fleetgate_frame_to_commit_seconds_bucket', 'le="10"')).toBe(5);
    expect(sample(after, 'fleetgate_writer_queue_depth')).toBe(0);
    expect(sample(after, 'fleetgate_websocket_clients')).toBe(1);
    // The login, five locations, the command's reply and the undecodable one.
    expect(delta('fleetgate_frames_received_total', 'protocol="gt06"')).toBe(8);
    expect(delta('fleetgate_frame_decode_errors_total', 'protocol="gt06"')).toBe(1);
    expect(delta('fleetgate_command_outcomes_total', 'result="success"')).toBe(1);
    // Process metrics and the event-loop delay come with prom-client's defaults.
    expect(after).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(after).toContain('process_resident_memory_bytes');

    ws.terminate();
    sock.destroy();
    await new Promise((r) => setTimeout(r, 100));
    const gone = (await scrape()).body;
    expect(sample(gone, 'fleetgate_tracker_connections', 'protocol="gt06"')).toBe(0);
    expect(gone).toContain('fleetgate_tracker_connections{protocol="gt06"} 0');
    expect(sample(gone, 'fleetgate_websocket_clients')).toBe(0);
  });

  it('wants the METRICS_TOKEN when one is set', async () => {
    const app = await buildApp({ config: { ...h.config, metricsToken: 's3cret' }, handle: h.handle });
    await app.ready();
    expect((await scrape(app)).statusCode).toBe(401);
    expect((await scrape(app, { authorization: 'Bearer wrong' })).statusCode).toBe(401);
    const ok = await scrape(app, { authorization: 'Bearer s3cret' });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('fleetgate_positions_stored_total');
    // With a token, where the client is does not matter.
    expect((await scrape(app, { authorization: 'Bearer s3cret' }, '203.0.113.9')).statusCode).toBe(200);
    expect((await scrape(app, {}, '203.0.113.9')).statusCode).toBe(401);
    await app.close();
  });

  it('without METRICS_TOKEN, answers loopback clients only, judged by the socket and not X-Forwarded-For', async () => {
    expect(h.config.metricsToken).toBeNull();
    expect((await scrape(h.app, {}, '127.0.0.1')).statusCode).toBe(200);
    expect((await scrape(h.app, {}, '::1')).statusCode).toBe(200);
    const remote = await scrape(h.app, {}, '203.0.113.9');
    expect(remote.statusCode).toBe(401);
    expect(remote.body).not.toContain('fleetgate_');
    expect((await scrape(h.app, {}, '10.0.0.7')).statusCode).toBe(401);
    expect((await scrape(h.app, { 'x-forwarded-for': '127.0.0.1' }, '203.0.113.9')).statusCode).toBe(401);
  });
});
