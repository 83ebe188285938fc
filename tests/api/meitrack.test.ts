/** The Meitrack gateway end to end: a raw TCP tracker against the real gateway and database. */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { createMemoryBus } from '../../server/bus/memory';
import { SUBJECT, type EventBus } from '../../server/bus/types';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';
import { alarms } from '../../server/db/schema/alarms';
import { devices } from '../../server/db/schema/devices';
import { positions } from '../../server/db/schema/positions';
import { startGateway, type Gateway } from '../../server/gateway/runtime/server';
import type { CommandOutcome } from '../../server/gateway/runtime/command-channel';
import {
  buildMeitrackPacket,
  encodeMeitrackAnswer,
  encodeMeitrackReport,
  meitrackChecksum,
  meitrackCodec,
  MEITRACK_EVENT,
} from '../../server/gateway/meitrack';
import { DEFAULT_SIM_OPTIONS, SimDevice } from '../../server/sim/device';
import { parseServerPacket } from '../../server/sim/meitrack-frames';
import { COMMAND_RESULT, DEVICE_PROTOCOL } from '../../src/domain/codes';
import { isDeviceExpired } from '../../src/domain/expiry';
import { until } from '../support/until';

let t: TestDatabase;
let bus: EventBus;
let gw: Gateway;
const sockets: net.Socket[] = [];

beforeAll(async () => {
  t = await openTestDatabase({ seed: true });
  bus = createMemoryBus();
  gw = await startGateway({ db: t.db, bus }, [{ codec: meitrackCodec, port: 0, host: '127.0.0.1' }], {
    commandTimeoutMs: 3000,
    idleTimeoutMs: 5000,
  });
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await gw.close();
  await t.dispose();
});

/** A raw tracker connection that collects what the gateway sends, packet by packet (CR LF). */
async function connect() {
  const socket = net.connect(gw.ports.meitrack!, '127.0.0.1');
  sockets.push(socket);
  let received = Buffer.alloc(0);
  socket.on('data', (d) => (received = Buffer.concat([received, d])));
  await new Promise<void>((ok, fail) => socket.once('connect', ok).once('error', fail));
  const closed = new Promise<void>((ok) => socket.once('close', () => ok()));
  return {
    socket,
    closed,
    /** Waits for the next whole server packet and takes it. */
    async packet(): Promise<string> {
      const end = await until(
        async () => received.indexOf('\r\n'),
        (at) => at >= 0,
      );
      expect(end).toBeGreaterThanOrEqual(0);
      const out = received.toString('latin1', 0, end + 2);
      received = received.subarray(end + 2);
      return out;
    },
    pending: () => received.length,
  };
}

/** A seeded GT06 device with an IMEI, made a Meitrack one. */
async function meitrackDevice(skip: number[] = []) {
  const rows = await t.db
    .select({
      id: devices.id,
      terminalId: devices.terminalId,
      expireType: devices.expireType,
      platformExpireAt: devices.platformExpireAt,
      userExpireAt: devices.userExpireAt,
    })
    .from(devices)
    .where(inArray(devices.protocol, [DEVICE_PROTOCOL.Gt06]))
    .orderBy(devices.id);
  const row = rows.find(
    (r) => /^\d{15}$/.test(r.terminalId) && !skip.includes(r.id) && !isDeviceExpired(r, Date.now()),
  )!;
  await t.db.update(devices).set({ protocol: DEVICE_PROTOCOL.Meitrack }).where(eq(devices.id, row.id));
  return row;
}

const sosCount = async (deviceId: number) =>
  Number(
    (
      await t.db
        .select({ n: count() })
        .from(alarms)
        .where(and(eq(alarms.deviceId, deviceId), eq(alarms.type, 'sos')))
    )[0].n,
  );

const positionsOf = async (deviceId: number) =>
  Number((await t.db.select({ n: count() }).from(positions).where(eq(positions.deviceId, deviceId)))[0].n);

/** `upToStar` with its checksum and CR LF, computed here rather than by the codec. */
function withChecksum(upToStar: string): string {
  return `${upToStar}${meitrackChecksum(Buffer.from(upToStar, 'latin1')).toString(16).toUpperCase().padStart(2, '0')}\r\n`;
}

/** One CCC batch of `n` records of this device (the 52-byte layout of the T622 document). */
function cccBatch(imei: string, times: Date[]): Buffer {
  const records = times.map((time, i) => {
    const r = Buffer.alloc(52);
    r.writeUInt8(MEITRACK_EVENT.trackByInterval, 0);
    r.writeInt32LE(Math.round((22.5 + i / 1000) * 1e6), 1);
    r.writeInt32LE(Math.round(114.05 * 1e6), 5);
    r.writeUInt32LE(Math.round((time.getTime() - Date.UTC(2000, 0, 1)) / 1000), 9);
    r.writeUInt8(1, 13); // fix
    r.writeUInt8(8, 14); // satellites
    r.writeUInt16LE(30, 16); // speed
    return r;
  });
  const head = Buffer.from([0x02, 0x01, 0x34, 0x00, times.length, 0, 0, 0]);
  return buildMeitrackPacket('$$', 'X', imei, Buffer.concat([Buffer.from('CCC,'), head, ...records]));
}

describe('Meitrack gateway', () => {
  it("stores a known IMEI's reports, raises their alarm, acks CCC after storing, answers AAC", async () => {
    const dev = await meitrackDevice();
    const before = await positionsOf(dev.id);
    const sosBefore = await sosCount(dev.id);
    const c = await connect();
    const base = Math.floor(Date.now() / 1000) * 1000 - 60_000;
    const report = (event: number, i: number) =>
      encodeMeitrackReport(dev.terminalId, {
        event,
        time: new Date(base + i * 10_000),
        latitude: 22.54 + i / 1000,
        longitude: 114.07,
        satellites: 8,
        speed: 40,
        mileage: 1000 * i,
      });
    c.socket.write(Buffer.concat([report(MEITRACK_EVENT.trackByInterval, 0), report(MEITRACK_EVENT.sos, 1)]));
    expect(
      await until(
        () => positionsOf(dev.id),
        (n) => n === before + 2,
      ),
    ).toBe(before + 2);
    // The demo seed has SOS alarms of its own: count this one.
    expect(
      await until(
        () => sosCount(dev.id),
        (n) => n === sosBefore + 1,
      ),
    ).toBe(sosBefore + 1);
    // Meitrack does not ack AAA reports.
    expect(c.pending()).toBe(0);

    // A compressed batch: acked with its record count under its identifier, once stored.
    c.socket.write(cccBatch(dev.terminalId, [new Date(base + 20_000), new Date(base + 30_000)]));
    expect(await c.packet()).toBe(withChecksum(`@@X27,${dev.terminalId},CCC,2*`));
    expect(await positionsOf(dev.id)).toBe(before + 4);

    c.socket.write(buildMeitrackPacket('$$', 'z', dev.terminalId, 'AAC,1'));
    expect(await c.packet()).toBe(withChecksum(`@@z27,${dev.terminalId},AAC,1*`));
    c.socket.destroy();
  });

  it('sends a command as an @@ packet and takes the answer named like it', async () => {
    const first = await meitrackDevice();
    const dev = await meitrackDevice([first.id]);
    const c = await connect();
    const stored = await positionsOf(dev.id);
    c.socket.write(
      encodeMeitrackReport(dev.terminalId, {
        event: 35,
        time: new Date(Date.now() - 5000),
        latitude: 1,
        longitude: 2,
      }),
    );
    // Stored means identified: the command channel is listening.
    await until(
      () => positionsOf(dev.id),
      (n) => n > stored,
    );

    const setting = bus.request<CommandOutcome>(
      SUBJECT.gatewayCommand(dev.terminalId),
      { content: 'A12,6' },
      5000,
    );
    const sent = await c.packet();
    expect(parseServerPacket(sent.slice(0, -2))).toEqual({ id: dev.terminalId, command: 'A12', params: '6' });
    c.socket.write(encodeMeitrackAnswer(dev.terminalId, 'A12', 'OK'));
    expect(await setting).toMatchObject({
      reply: 'A12,OK',
      result: COMMAND_RESULT.success,
      repliedAt: expect.any(String),
    });

    // A10 is answered by an AAA report with event 34: stored, and it settles the command.
    const before = await positionsOf(dev.id);
    const locate = bus.request<CommandOutcome>(
      SUBJECT.gatewayCommand(dev.terminalId),
      { content: 'A10' },
      5000,
    );
    expect(await c.packet()).toBe(withChecksum(`@@A25,${dev.terminalId},A10*`));
    c.socket.write(
      encodeMeitrackReport(dev.terminalId, {
        event: MEITRACK_EVENT.passive,
        time: new Date(Date.now() - 1000),
        latitude: 3,
        longitude: 4,
      }),
    );
    expect(await locate).toMatchObject({ reply: 'A10,OK', result: COMMAND_RESULT.success });
    expect(
      await until(
        () => positionsOf(dev.id),
        (n) => n === before + 1,
      ),
    ).toBe(before + 1);
    c.socket.destroy();
  });

  it('closes on an unknown IMEI and stores nothing', async () => {
    const c = await connect();
    const stored = Number((await t.db.select({ n: count() }).from(positions))[0].n);
    c.socket.write(
      encodeMeitrackReport('359999000000001', { event: 1, time: new Date(), latitude: 1, longitude: 2 }),
    );
    await c.closed;
    expect(c.pending()).toBe(0);
    await gw.ctx.writer.drain();
    expect(Number((await t.db.select({ n: count() }).from(positions))[0].n)).toBe(stored);
  });

  it("drives the simulator's Meitrack tracker: reports stored, a command answered", async () => {
    const a = await meitrackDevice();
    const b = await meitrackDevice([a.id]);
    const dev = await meitrackDevice([a.id, b.id]);
    const before = await positionsOf(dev.id);
    const sim = new SimDevice(
      { terminalId: dev.terminalId, family: 'meitrack', lat: 22.5, lon: 114.1, seed: 5 },
      {
        ...DEFAULT_SIM_OPTIONS,
        ports: { gt06: 0, jt808: 0, meitrack: gw.ports.meitrack },
        manual: true,
        reconnect: false,
        alarmChance: 0,
      },
    );
    try {
      await sim.start();
      expect(
        await until(
          async () => sim.ready,
          (r) => r,
        ),
      ).toBe(true);
      const base = Date.now() - 30_000;
      for (let i = 0; i < 5; i++) sim.report(base + i * 1000);
      expect(
        await until(
          () => positionsOf(dev.id),
          (n) => n === before + 5,
        ),
      ).toBe(before + 5);
      const outcome = await bus.request<CommandOutcome>(
        SUBJECT.gatewayCommand(dev.terminalId),
        { content: 'A13,120' },
        5000,
      );
      expect(outcome).toMatchObject({ reply: 'A13,OK', result: COMMAND_RESULT.success });
    } finally {
      sim.stop();
    }
  });
});
