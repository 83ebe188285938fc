import net from 'node:net';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTypes } from '../../server/db/schema/device-types';
import { devices } from '../../server/db/schema/devices';
import { positions } from '../../server/db/schema/positions';
import { createGt06Splitter, parseGt06Frame } from '../../server/gateway/gt06';
import { JT808_MSG } from '../../server/gateway/jt808';
import { startGateway, type Gateway } from '../../server/gateway/runtime/server';
import { PositionWriter } from '../../server/ingest/position-writer';
import { gt06Alarm, gt06Heartbeat, gt06Location, gt06Login, type Fix } from '../../server/sim/gt06-frames';
import { jt808Auth, jt808Heartbeat, jt808Location, jt808Register } from '../../server/sim/jt808-frames';
import { DEVICE_PROTOCOL } from '../../src/domain/codes';
import { generalReply, Jt808TestTerminal, registerReply } from '../support/jt808-client';
import { closeDatabase, startHarness, type Harness } from './harness';
import { loopbackListeners } from '../support/loopback-gateway';

/**
 * Location acks per device model, sent once the positions are stored, and a resent fix stored
 * once (issue 17: "nothing acknowledged is lost", "the positions they resend are stored once").
 * The writer holds each batch FLUSH_MS, so an ack sent before the commit would show.
 */
const FLUSH_MS = 700;

let h: Harness;
let gw: Gateway;
let admin: string;
/** Seed devices by protocol, not yet used by a test. */
const pool: Record<'gt06' | 'jt808', { id: number; terminalId: string }[]> = { gt06: [], jt808: [] };

beforeAll(async () => {
  h = await startHarness();
  admin = await h.login('admin');
  const writer = new PositionWriter(h.handle.db, { flushMs: FLUSH_MS });
  gw = await startGateway(
    { db: h.handle.db, bus: h.app.bus, writer },
    loopbackListeners(),
    { idleTimeoutMs: 20_000 },
  );
  const rows = await h.handle.db
    .select({ id: devices.id, terminalId: devices.terminalId, protocol: devices.protocol })
    .from(devices)
    .where(inArray(devices.protocol, [DEVICE_PROTOCOL.Gt06, DEVICE_PROTOCOL.eight]))
    .orderBy(devices.id);
  for (const r of rows)
    if (r.protocol === DEVICE_PROTOCOL.Gt06) pool.gt06.push(r);
    else if (/^\d{11}$/.test(r.terminalId)) pool.jt808.push(r);
});
afterAll(async () => {
  await gw.close();
  await h.close();
  await closeDatabase();
});

const api = (url: string, body: object) => h.post(`/api/config/${url}`, body, admin);

/** A new device type with this ack mode (absent: the protocol's default), and a seed device on it. */
async function deviceOn(family: 'gt06' | 'jt808', name: string, locationAck?: string) {
  const protocol = family === 'gt06' ? DEVICE_PROTOCOL.Gt06 : DEVICE_PROTOCOL.eight;
  const r = await api('addDeviceType', { name, protocol, commandConfig: { commands: [] }, locationAck });
  expect(r.meta.code).toBe(200);
  const d = pool[family].shift()!;
  await h.handle.db.update(devices).set({ deviceType: name }).where(eq(devices.id, d.id));
  return d;
}

const rowsAt = async (deviceId: number, fixTime: Date) =>
  Number(
    (
      await h.handle.db
        .select({ n: count() })
        .from(positions)
        .where(and(eq(positions.deviceId, deviceId), eq(positions.fixTime, fixTime)))
    )[0].n,
  );

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A fix in whole seconds (GT06 and 808 times are), `ageS` seconds ago. */
const fixAt = (ageS: number): Fix => ({
  time: new Date(Math.floor(Date.now() / 1000) * 1000 - ageS * 1000),
  lat: 22.55,
  lon: 114.05,
  speed: 30,
  course: 90,
});

/** A GT06 tracker over TCP keeping the (protocol, serial) of every packet the platform sends. */
async function gt06Tracker(terminalId: string) {
  const sock = net.connect(gw.ports.gt06, '127.0.0.1');
  sock.on('error', () => {});
  await new Promise((r) => sock.once('connect', r));
  const got: { protocol: number; serial: number; at: number }[] = [];
  const splitter = createGt06Splitter();
  sock.on('data', (chunk) => {
    for (const f of splitter.push(chunk)) {
      const p = parseGt06Frame(f);
      got.push({ protocol: p.protocol, serial: p.serial, at: Date.now() });
    }
  });
  sock.write(gt06Login(terminalId, 1));
  const ackOf = async (protocol: number, serial: number, ms = 5000) => {
    const end = Date.now() + ms;
    for (;;) {
      const a = got.find((g) => g.protocol === protocol && g.serial === serial);
      if (a) return a;
      if (Date.now() > end) return null;
      await sleep(10);
    }
  };
  expect(await ackOf(0x01, 1)).not.toBeNull();
  return { got, ackOf, send: (b: Buffer) => sock.write(b), close: () => sock.destroy() };
}

async function jt808Terminal(terminalId: string) {
  const term = await Jt808TestTerminal.connect(gw.ports.jt808);
  term.send(jt808Register(terminalId, 1));
  term.send(jt808Auth(terminalId, registerReply(await term.answer(0)).authCode, 2));
  expect(generalReply(await term.answer(1))).toMatchObject({ replyId: JT808_MSG.auth, result: 0 });
  return term;
}

describe('location acks per device model', () => {
  it('with acks on, a GT06 location is acked only once its row is in the table', async () => {
    const d = await deviceOn('gt06', 'ACK-ON', 'on');
    const t = await gt06Tracker(d.terminalId);
    const fix = fixAt(10);
    const sentAt = Date.now();
    t.send(gt06Location(fix, 5));
    await sleep(FLUSH_MS / 2);
    // The writer has not committed yet: no row, and so no ack.
    expect(await rowsAt(d.id, fix.time)).toBe(0);
    expect(t.got.find((g) => g.serial === 5)).toBeUndefined();
    const ack = await t.ackOf(0x12, 5);
    expect(ack).not.toBeNull();
    expect(ack!.at - sentAt).toBeGreaterThanOrEqual(FLUSH_MS - 50);
    expect(await rowsAt(d.id, fix.time)).toBe(1);
    t.close();
  });

  it('acks several frames in the order they came', async () => {
    const d = await deviceOn('gt06', 'ACK-ORDER', 'on');
    const t = await gt06Tracker(d.terminalId);
    t.send(Buffer.concat([11, 12, 13].map((s, i) => gt06Location(fixAt(30 - i), s))));
    expect(await t.ackOf(0x12, 13)).not.toBeNull();
    expect(t.got.filter((g) => g.protocol === 0x12).map((g) => g.serial)).toEqual([11, 12, 13]);
    t.close();
  });

  it('a GT06 model on the protocol default acks login, heartbeat and alarms but not plain locations', async () => {
    const d = await deviceOn('gt06', 'ACK-DEFAULT');
    const t = await gt06Tracker(d.terminalId);
    t.send(gt06Heartbeat({ acc: true, voltageLevel: 5 }, 2));
    expect(await t.ackOf(0x13, 2)).not.toBeNull();
    const fix = fixAt(20);
    t.send(gt06Location(fix, 3));
    const alarmFix = fixAt(19);
    t.send(gt06Alarm(alarmFix, 0x01, 4));
    const alarmAck = await t.ackOf(0x16, 4);
    expect(alarmAck).not.toBeNull();
    expect(await rowsAt(d.id, alarmFix.time)).toBe(1);
    // The location was stored in the same batch as the alarm, and never acked.
    expect(await rowsAt(d.id, fix.time)).toBe(1);
    await sleep(100);
    expect(t.got.some((g) => g.protocol === 0x12)).toBe(false);
    t.close();
  });

  it('a JT/T 808 model acks 0x0200 after the commit by default, and not at all when off', async () => {
    const on = await deviceOn('jt808', 'ACK-808');
    const term = await jt808Terminal(on.terminalId);
    const fix = fixAt(10);
    term.send(jt808Location(on.terminalId, fix, { acc: true }, 3));
    await sleep(FLUSH_MS / 2);
    expect(term.received).toHaveLength(2);
    expect(await rowsAt(on.id, fix.time)).toBe(0);
    expect(generalReply(await term.answer(2))).toMatchObject({ replySerial: 3, replyId: 0x0200, result: 0 });
    expect(await rowsAt(on.id, fix.time)).toBe(1);
    term.close();

    const off = await deviceOn('jt808', 'NOACK-808', 'off');
    const quiet = await jt808Terminal(off.terminalId);
    const offFix = fixAt(10);
    quiet.send(jt808Location(off.terminalId, offFix, { acc: true }, 3));
    quiet.send(jt808Heartbeat(off.terminalId, 4));
    // The heartbeat's reply is the next answer: the location got none.
    expect(generalReply(await quiet.answer(2))).toMatchObject({ replySerial: 4, replyId: 0x0002 });
    await gw.ctx.writer.drain();
    expect(await rowsAt(off.id, offFix.time)).toBe(1);
    await sleep(100);
    expect(quiet.received).toHaveLength(3);
    quiet.close();
  });
});

describe('a resent position', () => {
  it('is stored once and acked each time', async () => {
    const d = await deviceOn('gt06', 'ACK-RESEND', 'on');
    const t = await gt06Tracker(d.terminalId);
    const fix = fixAt(40);
    t.send(gt06Location(fix, 21));
    expect(await t.ackOf(0x12, 21)).not.toBeNull();
    // The tracker did not see the ack (or reconnected) and sends the same fix again.
    t.send(gt06Location(fix, 21));
    t.send(gt06Location(fix, 22));
    expect(await t.ackOf(0x12, 22)).not.toBeNull();
    expect(t.got.filter((g) => g.serial === 21)).toHaveLength(2);
    expect(await rowsAt(d.id, fix.time)).toBe(1);
    t.close();
  });
});

describe('the device type API', () => {
  it('round-trips the location ack setting', async () => {
    const added = await api('addDeviceType', {
      name: 'ACK-API',
      protocol: DEVICE_PROTOCOL.Gt06,
      commandConfig: { commands: [] },
    });
    expect(added.data.locationAck).toBe('protocol');
    const id = added.data.id as number;
    const base = { id, name: 'ACK-API', protocol: DEVICE_PROTOCOL.Gt06, commandConfig: { commands: [] } };
    const column = async () =>
      (await h.handle.db.select().from(deviceTypes).where(eq(deviceTypes.id, id)))[0].locationAck;

    expect((await api('updateDeviceType', { ...base, locationAck: 'on' })).data.locationAck).toBe('on');
    expect(await column()).toBe(true);
    expect((await api('updateDeviceType', { ...base, locationAck: 'off' })).data.locationAck).toBe('off');
    expect(await column()).toBe(false);
    // Left out: unchanged.
    expect((await api('updateDeviceType', { ...base, description: 'x' })).data.locationAck).toBe('off');
    const detail = await api('findDeviceTypeDetail', { deviceType: 'ACK-API' });
    expect(detail.data.locationAck).toBe('off');
    const list = await api('findDeviceType', { name: 'ACK-API' });
    expect(list.data.list[0].locationAck).toBe('off');
    expect((await api('updateDeviceType', { ...base, locationAck: 'protocol' })).data.locationAck).toBe(
      'protocol',
    );
    expect(await column()).toBeNull();

    const bad = await api('updateDeviceType', { ...base, locationAck: 'sometimes' });
    expect(bad.status).toBe(400);
    expect(await column()).toBeNull();
  });
});
