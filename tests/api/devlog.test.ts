import { describe, expect, it } from 'vitest';
import { commands } from '../../server/db/schema/commands';
import { offlineCommands } from '../../server/db/schema/offline-commands';
import { DEVICE_PROTOCOL } from '../../src/domain/codes';
import { GT06, JT808 } from '../unit/gateway/frames';
import { LOG_MONITOR_MAX, type LogFrame } from '../../src/domain/device-log';
import { connect, gt06Of, gw, h, CENTER, setUpTrackerTests, settled } from './tracker-fixture';

setUpTrackerTests();

const ROUTES = [
  '/api/log/searchLogApi',
  '/api/log/findLastLog',
  '/api/log/findNewLog',
  '/api/log/connectLogApi',
  '/api/log/checkRedis',
  '/api/log/cmdTask',
  '/api/log/deviceState',
  '/api/log/decode',
];

/** A websocket of `username` that can watch terminals and collects the frames it is sent. */
async function logSocket(username: string) {
  const token = await h.login(username);
  const frames: LogFrame[] = [];
  const acks: { watching: number; error?: string }[] = [];
  let hello: () => void = () => {};
  const ready = new Promise<void>((r) => (hello = r));
  let socket: import('ws').WebSocket | null = null;
  const ws = await h.app.injectWS(
    `/api/ws?token=${token}`,
    {},
    {
      onOpen: (s) => {
        socket = s;
        s.on('message', (d: Buffer) => {
          const m = JSON.parse(d.toString()) as {
            type: string;
            frames?: LogFrame[];
            watching?: number;
            error?: string;
          };
          if (m.type === 'hello') hello();
          if (m.type === 'logFrames') frames.push(...m.frames!);
          if (m.type === 'logWatchAck') acks.push({ watching: m.watching!, error: m.error });
        });
      },
    },
  );
  await ready;
  const watch = async (terminalIds: string[]) => {
    const before = acks.length;
    socket!.send(JSON.stringify({ type: 'logWatch', terminalIds }));
    await waitFor(() => acks.length > before);
    return acks[acks.length - 1];
  };
  return { frames, watch, close: () => ws.terminate() };
}

async function waitFor(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const fix = (i: number) => ({
  time: new Date(Math.floor(Date.now() / 1000) * 1000 - i * 1000),
  ...CENTER,
  speed: 30,
  course: 90,
});

describe('device logs', () => {
  it('finds a simulated tracker’s frames of the last 7 days, decoded, newest first', async () => {
    const d = await gt06Of('user');
    const tracker = await connect(d.terminalId);
    tracker.send(fix(0));
    await settled();
    await gw.ctx.frameLog.flush();
    const token = await h.login('log');

    const r = await h.post('/api/log/searchLogApi', { terminalID: d.terminalId, pageSize: 20 }, token);
    expect(r.status).toBe(200);
    const list = r.data.list as (LogFrame & { id: number })[];
    // The login, its reply and the location (a GT06 0x12 gets no ack on the protocol default).
    expect(r.data.total).toBeGreaterThanOrEqual(3);
    const types = list
      .filter((f) => f.direction === 'in')
      .map((f) => (f.decoded?.messages as { type: string }[])[0].type);
    expect(types).toEqual(['location', 'login']);
    const location = list.find(
      (f) => f.direction === 'in' && f.raw.startsWith('7878') && f.raw.slice(6, 8) !== '01',
    )!;
    expect((location.decoded!.messages as { latitude: number }[])[0].latitude).toBeCloseTo(CENTER.lat, 4);
    expect(list.some((f) => f.direction === 'out')).toBe(true);
    for (let i = 1; i < list.length; i++) expect(list[i - 1].at >= list[i].at).toBe(true);

    // Beyond 7 days: refused with the window's message.
    const old = await h.post(
      '/api/log/searchLogApi',
      { terminalID: d.terminalId, startTime: new Date(Date.now() - 8 * 86400_000).toISOString() },
      token,
    );
    expect(old.status).toBe(400);
    expect(old.meta.key).toBe('logRangeTooOld');

    // Latest frames, then nothing after the newest id (the polling fallback), then the next frame.
    const last = await h.post('/api/log/findLastLog', { terminalID: d.terminalId }, token);
    const newest = (last.data as { id: number }[])[0].id;
    expect(
      (await h.post('/api/log/findNewLog', { terminalID: d.terminalId, afterId: newest }, token)).data,
    ).toEqual([]);
    tracker.send(fix(-1));
    await settled();
    await gw.ctx.frameLog.flush();
    const after = await h.post('/api/log/findNewLog', { terminalID: d.terminalId, afterId: newest }, token);
    // No ack: a GT06 0x12 is not acked on the protocol default (docs/protocols.md).
    expect((after.data as LogFrame[]).map((f) => f.direction)).toEqual(['in']);

    // The connection: recorded and held by this node now; device state lists it.
    const live = await h.post('/api/log/checkRedis', { terminalID: d.terminalId }, token);
    expect(live.data).toMatchObject({ connected: true, node: gw.ctx.options.nodeId });
    const conn = await h.post('/api/log/connectLogApi', { terminalID: d.terminalId }, token);
    expect(conn.data.record).toMatchObject({ terminalId: d.terminalId, online: true });
    const state = await h.post('/api/log/deviceState', { terminalID: d.terminalId }, token);
    expect(state.data.list[0]).toMatchObject({
      terminalID: d.terminalId,
      online: true,
      node: gw.ctx.options.nodeId,
    });
    expect(state.data.list[0].lastFrameAt).not.toBeNull();
    tracker.close();
    await settled();
    const gone = await h.post('/api/log/checkRedis', { terminalID: d.terminalId }, token);
    expect(gone.data).toEqual({ terminalID: d.terminalId, connected: false });
  });

  it('streams the frames of watched trackers over the websocket through the bus, and not of others', async () => {
    const watched = await gt06Of('user');
    const other = await gt06Of('user');
    const ws = await logSocket('log');
    expect(await ws.watch([watched.terminalId])).toEqual({ watching: 1, error: undefined });
    const a = await connect(watched.terminalId);
    const b = await connect(other.terminalId);
    a.send(fix(0));
    b.send(fix(0));
    await waitFor(() => ws.frames.filter((f) => f.direction === 'in').length >= 2);
    await settled();
    expect(new Set(ws.frames.map((f) => f.terminalId))).toEqual(new Set([watched.terminalId]));
    const types = ws.frames
      .filter((f) => f.direction === 'in')
      .map((f) => (f.decoded?.messages as { type: string }[])[0].type);
    expect(types).toEqual(['login', 'location']);

    // Unwatched again: the gateway stops publishing.
    expect(await ws.watch([])).toEqual({ watching: 0, error: undefined });
    const seen = ws.frames.length;
    a.send(fix(-1));
    await settled();
    expect(ws.frames.length).toBe(seen);
    a.close();
    b.close();
    ws.close();
  });

  it('refuses more than 400 watched devices, and the watch to a reseller', async () => {
    const ws = await logSocket('log');
    const ids = Array.from({ length: LOG_MONITOR_MAX + 1 }, (_, i) => String(860000000000000 + i));
    expect(await ws.watch(ids)).toEqual({ watching: 0, error: 'logWatchTooMany' });
    expect(await ws.watch(ids.slice(0, LOG_MONITOR_MAX))).toEqual({
      watching: LOG_MONITOR_MAX,
      error: undefined,
    });
    ws.close();
    const agent = await logSocket('agent');
    expect(await agent.watch(['123456789012345'])).toMatchObject({ watching: 0, error: 'noPermission' });
    agent.close();
  });

  it('lists a terminal’s sent and queued commands as its command tasks, newest first', async () => {
    const d = await gt06Of('user');
    const userId = await h.idOf('agent');
    const db = h.handle.db;
    const at = (minAgo: number) => new Date(Date.now() - minAgo * 60_000);
    await db.insert(commands).values({
      deviceId: d.id,
      terminalId: d.terminalId,
      userId,
      content: 'WHERE#',
      reply: 'Lat:22.5',
      status: 'replied',
      result: 1,
      protocol: DEVICE_PROTOCOL.Gt06,
      createdAt: at(10),
    });
    await db.insert(offlineCommands).values({
      deviceId: d.id,
      terminalId: d.terminalId,
      userId,
      content: 'Relay,1#',
      protocol: DEVICE_PROTOCOL.Gt06,
      createdAt: at(5),
    });
    const token = await h.login('log');
    const r = await h.post('/api/log/cmdTask', { terminalID: d.terminalId }, token);
    expect(r.data.total).toBe(2);
    expect(r.data.list).toMatchObject([
      { source: 'offline', content: 'Relay,1#', status: 'queued', username: 'agent' },
      { source: 'sent', content: 'WHERE#', status: 'replied', reply: 'Lat:22.5' },
    ]);
    const later = await h.post(
      '/api/log/cmdTask',
      { terminalID: d.terminalId, startTime: at(7).toISOString() },
      token,
    );
    expect(later.data.list.map((x: { content: string }) => x.content)).toEqual(['Relay,1#']);
  });

  it('answers 403 to reseller roles on every log route', async () => {
    for (const user of ['agent', 'user', 'admin']) {
      const token = await h.login(user);
      for (const url of ROUTES) {
        const r = await h.post(url, { terminalID: '864717003283581', hex: GT06.login }, token);
        if (user === 'admin') expect(r.status, url).not.toBe(403);
        else expect(r.status, `${user} ${url}`).toBe(403);
      }
    }
  });

  it('decodes a GT06 login and a JT/T 808 location with the reply the gateway sends', async () => {
    const token = await h.login('originlog');
    const login = await h.post('/api/log/decode', { hex: GT06.login }, token);
    expect(login.data).toMatchObject({
      ok: true,
      protocol: 'gt06',
      detected: true,
      messages: [{ type: 'login', deviceId: '864717003283581' }],
      reply: '78780501000955940d0a',
    });
    const loc = await h.post('/api/log/decode', { hex: JT808.location, protocol: 'jt808' }, token);
    expect(loc.data).toMatchObject({
      ok: true,
      protocol: 'jt808',
      detected: false,
      messages: [{ type: 'location' }],
    });
    const m = loc.data.messages[0];
    expect(m.latitude).toBeCloseTo(22.54, 1);
    // The platform general response 0x8001 to the terminal's serial.
    expect(loc.data.reply.startsWith('7e8001')).toBe(true);

    const bad = await h.post('/api/log/decode', { hex: '7878zz' }, token);
    expect(bad.status).toBe(400);
    expect(bad.meta.key).toBe('logHexInvalid');
    const unknown = await h.post('/api/log/decode', { hex: 'abcd' }, token);
    expect(unknown.meta.key).toBe('logProtocolUnknown');
  });
});
