import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { createMemoryBus } from '../../server/bus/memory';
import { SUBJECT, type EventBus } from '../../server/bus/types';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';
import { devices } from '../../server/db/schema/devices';
import { jt808Registrations } from '../../server/db/schema/jt808-registrations';
import { positions } from '../../server/db/schema/positions';
import { JT808_MAX_AUTH_FAILURES, JT808_REGISTER_RESULT } from '../../server/gateway/jt808/auth';
import { buildJt808Frame, encodeJt808Terminal, jt808Codec, JT808_MSG } from '../../server/gateway/jt808';
import { startGateway, type Gateway } from '../../server/gateway/runtime/server';
import type { GatewayOptions } from '../../server/gateway/runtime/context';
import {
  jt808Auth,
  jt808Heartbeat,
  jt808Location,
  jt808LocationBody,
  jt808Register,
} from '../../server/sim/jt808-frames';
import { DEVICE_PROTOCOL, DEVICE_STATE } from '../../src/domain/codes';
import { generalReply, Jt808TestTerminal, registerReply } from '../support/jt808-client';

/**
 * JT/T 808 registration and authentication over real TCP (issue 10): nothing but 0x0100 and
 * 0x0102 is accepted before a connection has authenticated with the code the platform issued.
 */
let t: TestDatabase;
let bus: EventBus;
let gw: Gateway;
const pool: { id: number; terminalId: string; lat: number; lon: number }[] = [];

const startGw = (options: Partial<GatewayOptions> = {}) =>
  startGateway({ db: t.db, bus }, [{ codec: jt808Codec, port: 0, host: '127.0.0.1' }], {
    idleTimeoutMs: 10_000,
    ...options,
  });

beforeAll(async () => {
  t = await openTestDatabase({ seed: true });
  bus = createMemoryBus();
  gw = await startGw();
  const rows = await t.db
    .select({ id: devices.id, terminalId: devices.terminalId, lat: devices.lat, lon: devices.lon })
    .from(devices)
    .where(inArray(devices.protocol, [DEVICE_PROTOCOL.eight]))
    .orderBy(devices.id);
  for (const r of rows)
    if (r.lat != null && r.lon != null && /^\d{11}$/.test(r.terminalId)) pool.push(r as never);
  await t.db
    .update(devices)
    .set({ state: DEVICE_STATE.offline })
    .where(
      inArray(
        devices.id,
        pool.map((p) => p.id),
      ),
    );
});
afterAll(async () => {
  await gw.close();
  await t.dispose();
});

const take = () => pool.shift()!;
const rowOf = async (id: number) => (await t.db.select().from(devices).where(eq(devices.id, id)))[0];
const storedCount = async (id: number) =>
  Number((await t.db.select({ n: count() }).from(positions).where(eq(positions.deviceId, id)))[0].n);
const far = (dev: { lat: number; lon: number }, time = new Date()) => ({
  time,
  lat: dev.lat + 0.5,
  lon: dev.lon + 0.5,
  speed: 40,
  course: 90,
});
const status = { acc: true };

/** Registers and authenticates; answers the terminal, its code and the answers used so far. */
async function authenticated(terminalId: string, port = gw.ports.jt808) {
  const term = await Jt808TestTerminal.connect(port);
  term.send(jt808Register(terminalId, 1));
  const reg = registerReply(await term.answer(0));
  term.send(jt808Auth(terminalId, reg.authCode, 2));
  expect(generalReply(await term.answer(1))).toMatchObject({ replyId: JT808_MSG.auth, result: 0 });
  return { term, code: reg.authCode };
}

describe('JT/T 808 authentication over TCP', () => {
  it('a terminal that skips authentication moves no device and is closed after repeated refusals', async () => {
    const dev = take();
    const before = await rowOf(dev.id);
    const stored = await storedCount(dev.id);
    const events: unknown[] = [];
    const off = bus.subscribe(SUBJECT.position(dev.id), (e) => events.push(e));
    const term = await Jt808TestTerminal.connect(gw.ports.jt808);
    term.send(jt808Location(dev.terminalId, far(dev), status, 7));
    expect(generalReply(await term.answer(0))).toEqual({
      id: 0x8001,
      replySerial: 7,
      replyId: 0x0200,
      result: 1,
    });
    term.send(jt808Heartbeat(dev.terminalId, 8));
    expect(generalReply(await term.answer(1))).toMatchObject({ replyId: 0x0002, result: 1 });
    term.send(jt808Location(dev.terminalId, far(dev), status, 9));
    expect(generalReply(await term.answer(2))).toMatchObject({ replyId: 0x0200, result: 1 });
    expect(await term.waitClosed()).toBe(true);
    await gw.ctx.writer.drain();
    expect(await storedCount(dev.id)).toBe(stored);
    const after = await rowOf(dev.id);
    expect(after).toMatchObject({ lat: before.lat, lon: before.lon, state: DEVICE_STATE.offline });
    expect(after.fixTime).toEqual(before.fixTime);
    expect(events).toEqual([]);
    off();
  });

  it('a wrong code gets 0x8001 failure, stores nothing, and repeated failures close the connection', async () => {
    const dev = take();
    const stored = await storedCount(dev.id);
    const term = await Jt808TestTerminal.connect(gw.ports.jt808);
    term.send(jt808Register(dev.terminalId, 1));
    const reg = registerReply(await term.answer(0));
    expect(reg).toMatchObject({ id: 0x8100, replySerial: 1, result: JT808_REGISTER_RESULT.ok });
    expect(reg.authCode).toMatch(/^[0-9A-Za-z]{12}$/);
    term.send(jt808Auth(dev.terminalId, reg.authCode + 'x', 2));
    expect(generalReply(await term.answer(1))).toMatchObject({ replySerial: 2, replyId: 0x0102, result: 1 });
    term.send(jt808Location(dev.terminalId, far(dev), status, 3));
    expect(generalReply(await term.answer(2))).toMatchObject({ replyId: 0x0200, result: 1 });
    term.send(jt808Auth(dev.terminalId, 'authentication', 4));
    expect(generalReply(await term.answer(3))).toMatchObject({ replyId: 0x0102, result: 1 });
    expect(JT808_MAX_AUTH_FAILURES).toBe(3);
    expect(await term.waitClosed()).toBe(true);
    await gw.ctx.writer.drain();
    expect(await storedCount(dev.id)).toBe(stored);
    expect((await rowOf(dev.id)).state).toBe(DEVICE_STATE.offline);
  });

  it('an unknown terminal gets 0x8100 result 4 and the close; its other messages a failure and the close', async () => {
    const term = await Jt808TestTerminal.connect(gw.ports.jt808);
    term.send(jt808Register('19999999999', 5));
    expect(registerReply(await term.answer(0))).toEqual({
      id: 0x8100,
      replySerial: 5,
      result: JT808_REGISTER_RESULT.terminalUnknown,
      authCode: '',
    });
    expect(await term.waitClosed()).toBe(true);
    const other = await Jt808TestTerminal.connect(gw.ports.jt808);
    other.send(jt808Location('19999999998', far({ lat: 30, lon: 120 }), status, 6));
    expect(generalReply(await other.answer(0))).toMatchObject({ replyId: 0x0200, result: 1 });
    expect(await other.waitClosed()).toBe(true);
  });

  it('registers, authenticates and reports with counting serials, and keeps its code across a restart', async () => {
    const dev = take();
    const stored = await storedCount(dev.id);
    const { term, code } = await authenticated(dev.terminalId);
    term.send(jt808Location(dev.terminalId, far(dev), status, 3));
    term.send(jt808Location(dev.terminalId, far(dev, new Date(Date.now() + 1000)), status, 4));
    expect(generalReply(await term.answer(3))).toMatchObject({ replySerial: 4, replyId: 0x0200, result: 0 });
    // One increasing platform serial per connection.
    expect(term.received.map((f) => f.header.serial)).toEqual([0, 1, 2, 3]);
    await gw.ctx.writer.drain();
    expect(await storedCount(dev.id)).toBe(stored + 2);
    expect((await rowOf(dev.id)).state).toBe(DEVICE_STATE.online);
    const [reg] = await t.db
      .select()
      .from(jt808Registrations)
      .where(eq(jt808Registrations.terminalId, dev.terminalId));
    expect(reg).toMatchObject({ authCode: code });
    expect(reg.authenticatedAt).toBeInstanceOf(Date);
    term.close();

    // A new gateway over the same database: the terminal only authenticates, as after a reboot.
    await gw.close();
    gw = await startGw();
    const again = await Jt808TestTerminal.connect(gw.ports.jt808);
    again.send(jt808Auth(dev.terminalId, code, 10));
    expect(generalReply(await again.answer(0))).toMatchObject({
      replySerial: 10,
      replyId: 0x0102,
      result: 0,
    });
    again.send(jt808Location(dev.terminalId, far(dev, new Date(Date.now() + 2000)), status, 11));
    expect(generalReply(await again.answer(1))).toMatchObject({ replyId: 0x0200, result: 0 });
    await gw.ctx.writer.drain();
    expect(await storedCount(dev.id)).toBe(stored + 3);
    again.close();
  });

  it('gives a terminal that registers again its code again, and refuses another terminal claiming the number', async () => {
    const dev = take();
    const { term, code } = await authenticated(dev.terminalId);
    term.send(jt808Register(dev.terminalId, 3));
    expect(registerReply(await term.answer(2))).toMatchObject({ result: 0, authCode: code });
    term.close();
    const impostor = await Jt808TestTerminal.connect(gw.ports.jt808);
    // Same number, another terminal id field (bytes 29..35 of the register body).
    impostor.send(registerWithTerminalId(dev.terminalId, 'ZZZZZZZ'));
    expect(registerReply(await impostor.answer(0))).toMatchObject({
      result: JT808_REGISTER_RESULT.terminalRegistered,
      authCode: '',
    });
    impostor.close();
  });

  it('works in the 2019 form: register, length-prefixed code with IMEI, locations', async () => {
    const dev = take();
    const stored = await storedCount(dev.id);
    const target = { terminal: encodeJt808Terminal(dev.terminalId, true), version: 1 };
    const term = await Jt808TestTerminal.connect(gw.ports.jt808);
    term.send(buildJt808Frame(JT808_MSG.register, register2019Body(), target, 1));
    const reg = registerReply(await term.answer(0));
    expect(reg.result).toBe(0);
    expect(term.received[0].header).toMatchObject({ version: 1 });
    const code = Buffer.from(reg.authCode, 'latin1');
    const auth = Buffer.concat([
      Buffer.of(code.length),
      code,
      Buffer.from('866496077582164'),
      Buffer.of(5),
      Buffer.from('1.0.0'),
    ]);
    term.send(buildJt808Frame(JT808_MSG.auth, auth, target, 2));
    expect(generalReply(await term.answer(1))).toMatchObject({ replyId: 0x0102, result: 0 });
    term.send(buildJt808Frame(JT808_MSG.location, jt808LocationBody(far(dev), status), target, 3));
    expect(generalReply(await term.answer(2))).toMatchObject({ replyId: 0x0200, result: 0 });
    await gw.ctx.writer.drain();
    expect(await storedCount(dev.id)).toBe(stored + 1);
    term.close();
  });

  it('with JT808_ACCEPT_ANY_AUTH takes any code from a known terminal, never an unknown one', async () => {
    const dev = take();
    const stored = await storedCount(dev.id);
    const open = await startGw({ jt808AcceptAnyAuth: true });
    try {
      const term = await Jt808TestTerminal.connect(open.ports.jt808);
      term.send(jt808Auth(dev.terminalId, 'code-of-the-old-platform', 1));
      expect(generalReply(await term.answer(0))).toMatchObject({ replyId: 0x0102, result: 0 });
      term.send(jt808Location(dev.terminalId, far(dev), status, 2));
      expect(generalReply(await term.answer(1))).toMatchObject({ result: 0 });
      await open.ctx.writer.drain();
      expect(await storedCount(dev.id)).toBe(stored + 1);
      term.close();
      const stranger = await Jt808TestTerminal.connect(open.ports.jt808);
      stranger.send(jt808Auth('19999999997', 'any', 1));
      expect(generalReply(await stranger.answer(0))).toMatchObject({ result: 1 });
      expect(await stranger.waitClosed()).toBe(true);
    } finally {
      await open.close();
    }
  });
});

/** A 2013 register whose terminal id field is `id` (7 characters). */
function registerWithTerminalId(terminalId: string, id: string) {
  const body = Buffer.alloc(36);
  body.write('FLEET', 4, 'latin1');
  body.write('SIM-808', 9, 'latin1');
  body.write(id, 29, 'latin1');
  return buildJt808Frame(JT808_MSG.register, body, { terminal: encodeJt808Terminal(terminalId) }, 1);
}

/** 2019 register body: province, city, manufacturer (11), model (30), terminal id (30), colour, plate. */
function register2019Body() {
  const b = Buffer.alloc(2 + 2 + 11 + 30 + 30 + 1);
  b.write('FLEETGATE', 4, 'latin1');
  b.write('MD300', 15, 'latin1');
  b.write('T2019-0001', 45, 'latin1');
  return b;
}
