/** The Teltonika gateway end to end: a raw TCP tracker against the real gateway and database. */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SUBJECT } from '../../server/bus/types';
import { alarms } from '../../server/db/schema/alarms';
import type { CommandOutcome } from '../../server/gateway/runtime/command-channel';
import {
  buildTeltonikaHandshake,
  decodeTeltonikaFrame,
  encodeTeltonikaAvl,
  encodeTeltonikaResponse,
  ioElement,
  teltonikaCodec,
  TELTONIKA_IO as IO,
} from '../../server/gateway/teltonika';
import { COMMAND_RESULT, DEVICE_PROTOCOL } from '../../src/domain/codes';
import { ackedReach, FRAME_END, setupFamilyGateway, startAndReport } from '../support/family-gateway';
import { until } from '../support/until';

const fx = setupFamilyGateway(teltonikaCodec, DEVICE_PROTOCOL.Teltonika, FRAME_END.teltonika);

describe('Teltonika gateway', () => {
  it('accepts a known IMEI, stores the records once, acks their count after storing, raises the alarm', async () => {
    const dev = await fx.device();
    const before = await fx.positionsOf(dev.id);
    const c = await fx.connect();
    c.socket.write(buildTeltonikaHandshake(dev.terminalId));
    expect((await c.take(1)).toString('hex')).toBe('01');

    const base = Math.floor(Date.now() / 1000) * 1000 - 60_000;
    const records = [0, 1, 2].map((i) => ({
      time: new Date(base + i * 10_000),
      latitude: 54.6 + i / 1000,
      longitude: 25.2,
      satellites: 8,
      speed: 40,
      io: [ioElement(IO.ignition, 1, 1)],
    }));
    records[2].io.push(ioElement(IO.crash, 1, 1));
    const packet = encodeTeltonikaAvl(records, 'codec8e');
    c.socket.write(packet);
    expect((await c.take(4)).readUInt32BE(0)).toBe(3);
    // The ack leaves only once the records are committed.
    expect(await fx.positionsOf(dev.id)).toBe(before + 3);

    // The tracker resends (it missed the ack): acked again, stored once.
    c.socket.write(packet);
    expect((await c.take(4)).readUInt32BE(0)).toBe(3);
    await fx.gw.ctx.writer.drain();
    expect(await fx.positionsOf(dev.id)).toBe(before + 3);

    const raised = await until(
      () =>
        fx.db
          .select({ type: alarms.type })
          .from(alarms)
          .where(and(eq(alarms.deviceId, dev.id), eq(alarms.type, 'accident'))),
      (rows) => rows.length > 0,
    );
    expect(raised).toEqual([{ type: 'accident' }]);

    // A GPRS command goes out as Codec 12 and the device's answer settles it.
    const outcome = fx.bus.request<CommandOutcome>(
      SUBJECT.gatewayCommand(dev.terminalId),
      { content: 'getver' },
      5000,
    );
    const command = await c.nextFrame();
    expect(decodeTeltonikaFrame(command).error).toBeUndefined();
    expect(command.subarray(15, 15 + 6).toString()).toBe('getver');
    c.socket.write(encodeTeltonikaResponse('Ver:03.27.07 GPS:AXN_5.1.9'));
    // No success word, but getver's documented answer is its data: the command was carried out.
    expect(await outcome).toMatchObject({
      reply: 'Ver:03.27.07 GPS:AXN_5.1.9',
      result: COMMAND_RESULT.success,
      repliedAt: expect.any(String),
    });
    c.socket.destroy();
  });

  it('refuses an unknown IMEI with 0x00 and closes, storing nothing', async () => {
    const c = await fx.connect();
    c.socket.write(buildTeltonikaHandshake('359999000000001'));
    expect((await c.take(1)).toString('hex')).toBe('00');
    await c.closed;
    expect(c.pending()).toBe(0);
  });

  it('stores and acks nothing before the handshake', async () => {
    const c = await fx.connect();
    c.socket.write(encodeTeltonikaAvl([{ time: new Date(), latitude: 1, longitude: 2, satellites: 4 }]));
    await new Promise((r) => setTimeout(r, 300));
    expect(c.pending()).toBe(0);
    c.socket.destroy();
  });

  it("drives the simulator's Teltonika tracker: every position acked once stored", async () => {
    const first = await fx.device();
    const dev = await fx.device([first.id]);
    const before = await fx.positionsOf(dev.id);
    const sim = fx.sim(
      { terminalId: dev.terminalId, family: 'teltonika', lat: 54.7, lon: 25.3, seed: 3 },
      { keepUnacked: true },
    );
    try {
      await startAndReport(sim);
      expect(await ackedReach(sim, 5)).toBe(5);
      expect(await fx.positionsOf(dev.id)).toBe(before + 5);
    } finally {
      sim.stop();
    }
  });
});
