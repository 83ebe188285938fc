/** The TK103 gateway end to end: a raw TCP tracker against the real gateway and database. */
import { describe, expect, it } from 'vitest';
import { and, eq, gte } from 'drizzle-orm';
import { SUBJECT } from '../../server/bus/types';
import { alarms } from '../../server/db/schema/alarms';
import { devices } from '../../server/db/schema/devices';
import type { CommandOutcome } from '../../server/gateway/runtime/command-channel';
import {
  buildTk103CommaFrame,
  tk103AlarmFrame,
  tk103AnswerFrame,
  tk103Codec,
  tk103HandshakeFrame,
  tk103LoginFrame,
  tk103PositionFrame,
  type Tk103Position,
} from '../../server/gateway/tk103';
import { COMMAND_RESULT, DEVICE_PROTOCOL } from '../../src/domain/codes';
import { FRAME_END, setupFamilyGateway, startAndReport } from '../support/family-gateway';
import { until } from '../support/until';

const fx = setupFamilyGateway(tk103Codec, DEVICE_PROTOCOL.Tk103, FRAME_END.tk103);

/** The device's alarms of `type` at fix times from `since` on (the seed has older ones). */
const alarmsOf = (deviceId: number, type: string, since: Date) =>
  until(
    () =>
      fx.db
        .select({ type: alarms.type, time: alarms.time })
        .from(alarms)
        .where(and(eq(alarms.deviceId, deviceId), eq(alarms.type, type), gte(alarms.time, since))),
    (rows) => rows.length > 0,
  );

const at = (ms: number, i: number): Tk103Position => ({
  time: new Date(ms),
  latitude: 22.57 + i / 1000,
  longitude: 113.9,
  speed: 40,
  course: 90,
  acc: true,
  mileageKm: 100 + i,
});

describe('TK103 gateway', () => {
  const usedIds: number[] = [];

  it('logs a known device in, stores its reports, acks its alarm once stored, answers its handshake', async () => {
    const dev = await fx.device();
    usedIds.push(dev.id);
    const id = dev.terminalId;
    const before = await fx.positionsOf(dev.id);
    const base = Math.floor(Date.now() / 1000) * 1000 - 60_000;
    const c = await fx.connect();
    c.socket.write(tk103LoginFrame(id, at(base, 0)));
    expect(await c.next()).toBe(`(${id}AP05)`);
    c.socket.write(
      Buffer.concat([
        tk103PositionFrame(id, at(base + 10_000, 1)),
        tk103PositionFrame(id, at(base + 20_000, 2)),
      ]),
    );
    c.socket.write(tk103AlarmFrame(id, '2', at(base + 30_000, 3)));
    // The alarm's ack leaves only once its position is committed.
    expect(await c.next()).toBe(`(${id}AS012)`);
    expect(await fx.positionsReach(dev.id, before + 4)).toBe(before + 4);
    expect(await alarmsOf(dev.id, 'sos', new Date(base))).toEqual([
      { type: 'sos', time: new Date(base + 30_000) },
    ]);
    c.socket.write(tk103HandshakeFrame(id));
    expect(await c.next()).toBe(`(${id}AP01HSO)`);

    // The comma layout of newer firmware, with its event codes.
    const d = new Date(base + 40_000);
    const p = (n: number) => String(n).padStart(2, '0');
    c.socket.write(
      buildTk103CommaFrame(id, 'ZC13', [
        `${p(d.getUTCDate())}${p(d.getUTCMonth() + 1)}${p(d.getUTCFullYear() % 100)}`,
        'A',
        '2234.0297N',
        '11405.9101E',
        '000.0',
        `${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`,
        '178.48',
      ]),
    );
    expect(await alarmsOf(dev.id, 'powerCut', new Date(base))).toEqual([{ type: 'powerCut', time: d }]);
    expect(await fx.positionsReach(dev.id, before + 5)).toBe(before + 5);
    c.socket.destroy();
  });

  it('sends a command in the TK103 frame and settles it with the answer', async () => {
    const dev = await fx.device(usedIds);
    usedIds.push(dev.id);
    const id = dev.terminalId;
    const c = await fx.connect();
    c.socket.write(tk103HandshakeFrame(id));
    expect(await c.next()).toBe(`(${id}AP01HSO)`);
    // The platform's lock word becomes the oil/power cut code.
    const outcome = fx.bus.request<CommandOutcome>(SUBJECT.gatewayCommand(id), { content: 'RELAY,1#' }, 5000);
    expect(await c.next()).toBe(`(${id}AV010)`);
    c.socket.write(tk103AnswerFrame(id, 'AV01', 'Cut off the fuel supply: Success!'));
    expect(await outcome).toMatchObject({
      reply: 'BV01 Cut off the fuel supply: Success!',
      result: COMMAND_RESULT.success,
      repliedAt: expect.any(String),
    });
    // The document's answer only echoes the state set: carried out, with no success word.
    const restore = fx.bus.request<CommandOutcome>(SUBJECT.gatewayCommand(id), { content: 'RELAY,0#' }, 5000);
    expect(await c.next()).toBe(`(${id}AV011)`);
    c.socket.write(`(${id}BV011)`);
    expect(await restore).toMatchObject({ reply: 'BV01 1', result: COMMAND_RESULT.success });
    // A TK103 code goes out as it is.
    const where = fx.bus.request<CommandOutcome>(SUBJECT.gatewayCommand(id), { content: 'AP00' }, 5000);
    expect(await c.next()).toBe(`(${id}AP00)`);
    c.socket.write(tk103PositionFrame(id, at(Date.now() - 5000, 0), 'BP04'));
    expect(await where).toMatchObject({ reply: 'BP04', result: COMMAND_RESULT.success });
    c.socket.destroy();
  });

  it('refuses an unknown id: no answer, the connection closed, nothing stored', async () => {
    const id = '359999000000001';
    const c = await fx.connect();
    c.socket.write(tk103LoginFrame(id, at(Date.now() - 1000, 0)));
    await c.closed;
    expect(c.pending()).toBe(0);
    const [row] = await fx.db.select({ id: devices.id }).from(devices).where(eq(devices.terminalId, id));
    expect(row).toBeUndefined();
  });

  it("drives the simulator's TK103 tracker: login answered, every report stored", async () => {
    const dev = await fx.device(usedIds);
    usedIds.push(dev.id);
    const before = await fx.positionsOf(dev.id);
    const sim = fx.sim({ terminalId: dev.terminalId, family: 'tk103', lat: 22.6, lon: 114.0, seed: 5 });
    try {
      await startAndReport(sim);
      expect(await fx.positionsReach(dev.id, before + 5)).toBe(before + 5);
    } finally {
      sim.stop();
    }
  });
});
