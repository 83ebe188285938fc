/** The Meitrack gateway end to end: a raw TCP tracker against the real gateway and database. */
import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { SUBJECT } from '../../server/bus/types';
import { alarms } from '../../server/db/schema/alarms';
import type { CommandOutcome } from '../../server/gateway/runtime/command-channel';
import {
  buildMeitrackPacket,
  encodeMeitrackAnswer,
  encodeMeitrackReport,
  meitrackChecksum,
  meitrackCodec,
  MEITRACK_EVENT,
} from '../../server/gateway/meitrack';
import { parseServerPacket } from '../../server/sim/meitrack-frames';
import { COMMAND_RESULT, DEVICE_PROTOCOL } from '../../src/domain/codes';
import { FRAME_END, setupFamilyGateway, startAndReport } from '../support/family-gateway';
import { until } from '../support/until';

const fx = setupFamilyGateway(meitrackCodec, DEVICE_PROTOCOL.Meitrack, FRAME_END.meitrack);

const sosCount = async (deviceId: number) =>
  Number(
    (
      await fx.db
        .select({ n: count() })
        .from(alarms)
        .where(and(eq(alarms.deviceId, deviceId), eq(alarms.type, 'sos')))
    )[0].n,
  );

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
    const dev = await fx.device();
    const before = await fx.positionsOf(dev.id);
    const sosBefore = await sosCount(dev.id);
    const c = await fx.connect();
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
    expect(await fx.positionsReach(dev.id, before + 2)).toBe(before + 2);
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
    expect(await c.next()).toBe(withChecksum(`@@X27,${dev.terminalId},CCC,2*`));
    expect(await fx.positionsOf(dev.id)).toBe(before + 4);

    c.socket.write(buildMeitrackPacket('$$', 'z', dev.terminalId, 'AAC,1'));
    expect(await c.next()).toBe(withChecksum(`@@z27,${dev.terminalId},AAC,1*`));
    c.socket.destroy();
  });

  it('sends a command as an @@ packet and takes the answer named like it', async () => {
    const first = await fx.device();
    const dev = await fx.device([first.id]);
    const c = await fx.connect();
    const stored = await fx.positionsOf(dev.id);
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
      () => fx.positionsOf(dev.id),
      (n) => n > stored,
    );

    const setting = fx.bus.request<CommandOutcome>(
      SUBJECT.gatewayCommand(dev.terminalId),
      { content: 'A12,6' },
      5000,
    );
    const sent = await c.next();
    expect(parseServerPacket(sent.slice(0, -2))).toEqual({ id: dev.terminalId, command: 'A12', params: '6' });
    c.socket.write(encodeMeitrackAnswer(dev.terminalId, 'A12', 'OK'));
    expect(await setting).toMatchObject({
      reply: 'A12,OK',
      result: COMMAND_RESULT.success,
      repliedAt: expect.any(String),
    });

    // A10 is answered by an AAA report with event 34: stored, and it settles the command.
    const before = await fx.positionsOf(dev.id);
    const locate = fx.bus.request<CommandOutcome>(
      SUBJECT.gatewayCommand(dev.terminalId),
      { content: 'A10' },
      5000,
    );
    expect(await c.next()).toBe(withChecksum(`@@A25,${dev.terminalId},A10*`));
    c.socket.write(
      encodeMeitrackReport(dev.terminalId, {
        event: MEITRACK_EVENT.passive,
        time: new Date(Date.now() - 1000),
        latitude: 3,
        longitude: 4,
      }),
    );
    expect(await locate).toMatchObject({ reply: 'A10,OK', result: COMMAND_RESULT.success });
    expect(await fx.positionsReach(dev.id, before + 1)).toBe(before + 1);
    c.socket.destroy();
  });

  it('closes on an unknown IMEI and stores nothing', async () => {
    await fx.refuses(
      encodeMeitrackReport('359999000000001', { event: 1, time: new Date(), latitude: 1, longitude: 2 }),
    );
  });

  it("drives the simulator's Meitrack tracker: reports stored, a command answered", async () => {
    const a = await fx.device();
    const b = await fx.device([a.id]);
    const dev = await fx.device([a.id, b.id]);
    const before = await fx.positionsOf(dev.id);
    const sim = fx.sim({ terminalId: dev.terminalId, family: 'meitrack', lat: 22.5, lon: 114.1, seed: 5 });
    try {
      await startAndReport(sim);
      expect(await fx.positionsReach(dev.id, before + 5)).toBe(before + 5);
      const outcome = await fx.bus.request<CommandOutcome>(
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
