import net from 'node:net';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { devices } from '../../server/db/schema/devices';
import { gt06Codec } from '../../server/gateway/gt06';
import { startGateway, type Gateway } from '../../server/gateway/runtime/server';
import { gt06Location, gt06Login, type Fix } from '../../server/sim/gt06-frames';
import { DEVICE_PROTOCOL } from '../../src/domain/codes';
import type { AlarmEvent } from '../../src/domain/live-events';
import { closeDatabase, startHarness, type Harness } from './harness';

/**
 * What the tests driving a real GT06 tracker over TCP through fences, risk points, check-car
 * areas and bus stops share (fence-alarms, risk-point, check-car, bus-routes): a harness and a gateway per file, the
 * seed's GT06 devices, a websocket collecting alarms, a tracker connection. The bindings are
 * live: set in beforeAll, read in the tests.
 */
export let h: Harness;
export let gw: Gateway;

export function setUpTrackerTests() {
  beforeAll(async () => {
    h = await startHarness();
    gw = await startGateway({ db: h.handle.db, bus: h.app.bus }, [
      { codec: gt06Codec, port: 0, host: '127.0.0.1' },
    ]);
  });
  afterAll(async () => {
    await gw.close();
    await h.close();
    await closeDatabase();
  });
}

/** Stops the gateway and starts a new one, as a process restart: the engine's memory is gone. */
export async function restartGateway() {
  await gw.close();
  gw = await startGateway({ db: h.handle.db, bus: h.app.bus }, [
    { codec: gt06Codec, port: 0, host: '127.0.0.1' },
  ]);
}

export const MIN = 60_000;
export const CENTER = { lat: 22.5431, lon: 114.0579 };
/** About 0.009° of latitude per kilometre. */
export const north = (km: number) => ({ lat: CENTER.lat + km * 0.009, lon: CENTER.lon });

/** A GT06 device of `owner` not yet used by a test of this file (and not expired: hidden). */
const used = new Set<number>();
export async function gt06Of(owner: string) {
  const id = await h.idOf(owner);
  const rows = await h.handle.db
    .select({ id: devices.id, terminalId: devices.terminalId })
    .from(devices)
    .where(
      and(
        eq(devices.userId, id),
        eq(devices.protocol, DEVICE_PROTOCOL.Gt06),
        or(isNull(devices.platformExpireAt), gt(devices.platformExpireAt, new Date())),
      ),
    )
    .orderBy(devices.id);
  const d = rows.find((r) => !used.has(r.id));
  if (!d) throw new Error(`no GT06 device of ${owner} left`);
  used.add(d.id);
  return d;
}

/** A websocket of `username` collecting the alarm events it is sent. */
export async function alarmSocket(username: string) {
  const token = await h.login(username);
  const got: AlarmEvent[] = [];
  let hello: () => void = () => {};
  const ready = new Promise<void>((r) => (hello = r));
  const ws = await h.app.injectWS(
    `/api/ws?token=${token}`,
    {},
    {
      onOpen: (socket) =>
        socket.on('message', (d: Buffer) => {
          const m = JSON.parse(d.toString()) as { type: string; events?: { type: string }[] };
          if (m.type === 'hello') hello();
          for (const e of m.events ?? []) if (e.type === 'alarm') got.push(e as AlarmEvent);
        }),
    },
  );
  await ready;
  return { got, close: () => ws.terminate() };
}

export async function connect(terminalId: string) {
  const sock = net.connect(gw.ports.gt06, '127.0.0.1');
  sock.on('error', () => {});
  await new Promise((r) => sock.once('connect', r));
  let serial = 1;
  sock.write(gt06Login(terminalId, serial++));
  return { send: (f: Fix) => sock.write(gt06Location(f, serial++)), close: () => sock.destroy() };
}

/** Fixes a minute apart from `t0` (whole seconds: GT06 times are). */
export function path(points: { lat: number; lon: number }[], t0: number): Fix[] {
  const start = Math.floor(t0 / 1000) * 1000;
  return points.map((p, i) => ({ time: new Date(start + i * MIN), ...p, speed: 40, course: 0 }));
}

/** Every frame sent so far stored and evaluated, its rows written, and a hub flush (250 ms) past. */
export async function settled() {
  await gw.ctx.writer.drain();
  await gw.ctx.registry.settle();
  await new Promise((r) => setTimeout(r, 600));
}
