import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { SUBJECT } from '../../server/bus/types';
import { devices } from '../../server/db/schema/devices';
import { positions } from '../../server/db/schema/positions';
import { startGateway, type Gateway } from '../../server/gateway/runtime/server';
import { gt06Location, gt06Login, type Fix } from '../../server/sim/gt06-frames';
import { jt808Auth, jt808Location } from '../../server/sim/jt808-frames';
import { DEVICE_PROTOCOL, DEVICE_STATE } from '../../src/domain/codes';
import { FIX_FUTURE_TOLERANCE_MS } from '../../src/domain/fix-validity';
import { Jt808TestTerminal } from '../support/jt808-client';
import { closeDatabase, startHarness, type Harness } from './harness';
import { until } from '../support/until';
import { loopbackListeners } from '../support/loopback-gateway';

/**
 * Impossible fixes over real TCP, both protocols (issue 10): stored flagged, never the device's
 * current position in the database, the live events or the API.
 */
let h: Harness;
let gw: Gateway;
beforeAll(async () => {
  h = await startHarness();
  gw = await startGateway(
    { db: h.handle.db, bus: h.app.bus },
    loopbackListeners(),
    { jt808AcceptAnyAuth: true },
  );
});
afterAll(async () => {
  await gw.close();
  await h.close();
  await closeDatabase();
});

async function agentDevice(protocol: number) {
  const agent = await h.idOf('agent');
  const [d] = await h.handle.db
    .select({ id: devices.id, terminalId: devices.terminalId })
    .from(devices)
    .where(and(eq(devices.userId, agent), inArray(devices.protocol, [protocol])))
    .orderBy(devices.id)
    .limit(1);
  await h.handle.db.update(devices).set({ state: DEVICE_STATE.offline }).where(eq(devices.id, d.id));
  return d;
}

/** What findDeviceLocationAll shows agent for the device. */
async function shown(id: number) {
  const r = await h.post('/api/device/findDeviceLocationAll', {}, await h.login('agent'));
  return (r.data as { id: number }[]).find((d) => d.id === id);
}

const rowsSince = (id: number, after: Date) =>
  h.handle.db
    .select()
    .from(positions)
    .where(and(eq(positions.deviceId, id), gt(positions.serverTime, after)))
    .orderBy(asc(positions.serverTime));

const good = (): Fix => ({
  time: new Date(Date.now() - 60_000),
  lat: 22.54321,
  lon: 114.05432,
  speed: 30,
  course: 45,
});
const bad = (): Fix[] => [
  // Latitude and longitude swapped and the fix bit clear, as a real terminal sent them.
  { time: new Date(), lat: 116.3, lon: 39.9, speed: 0, course: 0, valid: false },
  // A second earlier: one fix per device and second is stored (a resend is dropped).
  { time: new Date(Date.now() - 1000), lat: 23.1, lon: 113.2, speed: 10, course: 0, valid: false },
  {
    time: new Date(Date.now() + FIX_FUTURE_TOLERANCE_MS + 3600_000),
    lat: 23.2,
    lon: 113.3,
    speed: 10,
    course: 0,
  },
];

interface Link {
  send(f: Fix): void;
  close(): void;
}

async function connectGt06(terminalId: string): Promise<Link> {
  const sock = net.connect(gw.ports.gt06, '127.0.0.1');
  sock.on('error', () => {});
  await new Promise((r) => sock.once('connect', r));
  let serial = 1;
  sock.write(gt06Login(terminalId, serial++));
  return { send: (f) => sock.write(gt06Location(f, serial++)), close: () => sock.destroy() };
}

async function connect808(terminalId: string): Promise<Link> {
  const term = await Jt808TestTerminal.connect(gw.ports.jt808);
  // JT808_ACCEPT_ANY_AUTH on this gateway: the handshake itself is tested in jt808-auth.test.ts.
  let serial = 1;
  term.send(jt808Auth(terminalId, 'code', serial++));
  await term.answer(0);
  return {
    send: (f) => term.send(jt808Location(terminalId, f, { acc: false }, serial++)),
    close: () => term.close(),
  };
}

describe.each([
  ['GT06', DEVICE_PROTOCOL.Gt06, connectGt06],
  ['JT/T 808', DEVICE_PROTOCOL.eight, connect808],
] as const)('%s: impossible fixes', (_name, protocol, connect) => {
  it('are stored flagged, while the device row, the live events and the API keep the last valid fix', async () => {
    const dev = await agentDevice(protocol);
    const link = await connect(dev.terminalId);
    await until(
      async () =>
        (await h.handle.db.select({ s: devices.state }).from(devices).where(eq(devices.id, dev.id)))[0].s,
      (s) => s === DEVICE_STATE.online,
    );
    const start = new Date();
    const fix = good();
    link.send(fix);
    await until(
      () => rowsSince(dev.id, start),
      (r) => r.length === 1,
    );
    await gw.ctx.writer.drain();
    const before = await shown(dev.id);
    expect(before).toBeDefined();

    const events: { lat: number }[] = [];
    const off = h.app.bus.subscribe(SUBJECT.position(dev.id), (e) => events.push(e as { lat: number }));
    for (const f of bad()) link.send(f);
    const rows = await until(
      () => rowsSince(dev.id, start),
      (r) => r.length === 4,
    );
    await gw.ctx.writer.drain();
    off();
    // Rows written in one batch share a server time: compare them by their reason.
    const reason = (r: (typeof rows)[number]) => (r.attributes as { invalid?: string } | null)?.invalid ?? '';
    expect(rows.map((r) => [reason(r), r.valid]).sort()).toEqual([
      ['', true],
      ['future', false],
      ['latitude', false],
      ['noFix', false],
    ]);
    const future = rows.find((r) => reason(r) === 'future')!;
    // The far-future fix sorts where it arrived; the device's own time is kept beside it.
    expect(Math.abs(future.fixTime.getTime() - future.serverTime.getTime())).toBeLessThan(1000);
    expect((future.attributes as { deviceTime: string }).deviceTime).toBeTruthy();

    const [row] = await h.handle.db.select().from(devices).where(eq(devices.id, dev.id));
    expect(row).toMatchObject({ lat: 22.54321, lon: 114.05432, valid: true });
    expect(row.fixTime!.getTime()).toBe(Math.floor(fix.time.getTime() / 1000) * 1000);
    expect(events).toEqual([]);
    expect(await shown(dev.id)).toEqual(before);
    link.close();
  });
});
