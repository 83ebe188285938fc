/** The H02 gateway end to end: a raw TCP tracker against the real gateway and database. */
import { describe, expect, it } from 'vitest';
import { and, eq, gte } from 'drizzle-orm';
import { SUBJECT } from '../../server/bus/types';
import { alarms } from '../../server/db/schema/alarms';
import { commands } from '../../server/db/schema/commands';
import { devices } from '../../server/db/schema/devices';
import type { CommandOutcome } from '../../server/gateway/runtime/command-channel';
import {
  encodeH02Answer,
  encodeH02Binary,
  encodeH02Heartbeat,
  encodeH02Report,
  encodeStatusWord,
  h02Codec,
  parseH02Command,
  type H02Fix,
} from '../../server/gateway/h02';
import { deliverCommand } from '../../server/services/command/delivery';
import { COMMAND_RESULT, DEVICE_PROTOCOL } from '../../src/domain/codes';
import { ackedReach, FRAME_END, setupFamilyGateway, startAndReport } from '../support/family-gateway';
import { until } from '../support/until';

const fx = setupFamilyGateway(h02Codec, DEVICE_PROTOCOL.H02, FRAME_END.h02);

const fixAt = (ms: number, i = 0): H02Fix => ({
  time: new Date(Math.floor(ms / 1000) * 1000),
  latitude: 22.54 + i / 1000,
  longitude: 114.07,
  speed: 40,
  course: 90,
});
const REPORT_ANSWER = /^\*HQ,(\d+),V4,V1,\d{14}#$/;

describe('H02 gateway', () => {
  it("stores a known device's reports, answers V1 after storing, raises SOS once, echoes HTBT", async () => {
    const dev = await fx.device();
    const before = await fx.positionsOf(dev.id);
    const c = await fx.connect();
    const base = Date.now() - 60_000;
    const sos = encodeStatusWord({ acc: true, alarms: ['sos'] });
    c.socket.write(encodeH02Report(dev.terminalId, fixAt(base, 0), sos, { mileageKm: 12.5 }));
    // The V1 answer is a location ack: it leaves once the position is committed.
    expect(await c.next()).toMatch(REPORT_ANSWER);
    expect(await fx.positionsOf(dev.id)).toBe(before + 1);

    // The SOS bit repeats while the button state lasts: one alarm, not one per report.
    c.socket.write(encodeH02Report(dev.terminalId, fixAt(base + 10_000, 1), sos));
    expect(await c.next()).toMatch(REPORT_ANSWER);
    const raised = await until(
      () =>
        fx.db
          .select({ type: alarms.type })
          .from(alarms)
          .where(
            and(eq(alarms.deviceId, dev.id), eq(alarms.type, 'sos'), gte(alarms.time, new Date(base - 1000))),
          ),
      (rows) => rows.length > 0,
    );
    expect(raised).toEqual([{ type: 'sos' }]);

    c.socket.write(encodeH02Heartbeat(dev.terminalId, 80));
    expect(await c.next()).toBe(`*HQ,${dev.terminalId},HTBT#`);
    expect(c.pending()).toBe(0);
    await fx.gw.ctx.registry.settle();
    const sosRows = await fx.db
      .select({ type: alarms.type })
      .from(alarms)
      .where(
        and(eq(alarms.deviceId, dev.id), eq(alarms.type, 'sos'), gte(alarms.time, new Date(base - 1000))),
      );
    expect(sosRows).toHaveLength(1);
    c.socket.destroy();
  });

  it('identifies a device by the 10-digit SN of its binary reports and stores them without an ack', async () => {
    const taken = [(await fx.device()).id];
    taken.push((await fx.device(taken)).id);
    const dev = await fx.device(taken);
    const sn = dev.terminalId.slice(-10);
    await fx.db.update(devices).set({ terminalId: sn }).where(eq(devices.id, dev.id));
    const before = await fx.positionsOf(dev.id);
    const c = await fx.connect();
    const base = Date.now() - 30_000;
    c.socket.write(encodeH02Binary(sn, fixAt(base, 0), encodeStatusWord({ acc: true })));
    expect(await fx.positionsReach(dev.id, before + 1)).toBe(before + 1);
    // R12 is off by default: nothing comes back for a binary report.
    expect(c.pending()).toBe(0);
    c.socket.write(encodeH02Report(sn, fixAt(base + 10_000, 1), 0xffffffff));
    expect(await c.next()).toMatch(new RegExp(`^\\*HQ,${sn},V4,V1,\\d{14}#$`));
    expect(await fx.positionsOf(dev.id)).toBe(before + 2);
    c.socket.destroy();
  });

  it('sends a command in the H02 frame and settles it with the V4 answer', async () => {
    const first = await fx.device();
    const dev = await fx.device([first.id]);
    const c = await fx.connect();
    c.socket.write(
      encodeH02Report(dev.terminalId, fixAt(Date.now() - 5000), encodeStatusWord({ acc: true })),
    );
    expect(await c.next()).toMatch(REPORT_ANSWER);

    // Through the console's delivery, which writes the command log.
    const target = { id: dev.id, terminalId: dev.terminalId, protocol: DEVICE_PROTOCOL.H02 };
    const cut = deliverCommand(fx.db, fx.bus, target, 'RELAY,1#', null, 5000);
    const sent = parseH02Command(await c.next());
    expect(sent).toMatchObject({ id: dev.terminalId, command: 'S20', params: ['1', '1'] });
    const status = encodeStatusWord({ acc: false, fuelCut: true });
    c.socket.write(
      encodeH02Answer(dev.terminalId, ['S20', 'DONE'], sent!.time, fixAt(Date.now() - 1000), status),
    );
    // No success word, but V4 is the tracker's confirmation and DONE the cut carried out.
    const { outcome, commandId } = await cut;
    expect(outcome).toMatchObject({
      reply: 'S20,DONE',
      result: COMMAND_RESULT.success,
      repliedAt: expect.any(String),
    });
    const [logged] = await fx.db.select().from(commands).where(eq(commands.id, commandId));
    expect(logged).toMatchObject({ content: 'RELAY,1#', reply: 'S20,DONE', result: COMMAND_RESULT.success });

    // S20,ERROR: the tracker does not support the cut.
    const refused = fx.bus.request<CommandOutcome>(
      SUBJECT.gatewayCommand(dev.terminalId),
      { content: 'RELAY,1#' },
      5000,
    );
    const again = parseH02Command(await c.next());
    c.socket.write(
      encodeH02Answer(dev.terminalId, ['S20', 'ERROR'], again!.time, fixAt(Date.now() - 500), status),
    );
    expect(await refused).toMatchObject({ reply: 'S20,ERROR', result: COMMAND_RESULT.error });
    c.socket.destroy();
  });

  it('closes on an unknown id and stores nothing', async () => {
    await fx.refuses(encodeH02Report('3599990000001', fixAt(Date.now()), 0xffffffff));
  });

  it("drives the simulator's H02 tracker: every position answered once stored, a command answered", async () => {
    const first = await fx.device();
    const second = await fx.device([first.id]);
    const dev = await fx.device([first.id, second.id]);
    const before = await fx.positionsOf(dev.id);
    const sim = fx.sim(
      { terminalId: dev.terminalId, family: 'h02', lat: 22.54, lon: 114.07, seed: 3 },
      { keepUnacked: true },
    );
    try {
      await startAndReport(sim);
      expect(await ackedReach(sim, 5)).toBe(5);
      expect(await fx.positionsOf(dev.id)).toBe(before + 5);
      const outcome = await fx.bus.request<CommandOutcome>(
        SUBJECT.gatewayCommand(dev.terminalId),
        { content: 'RELAY,1#' },
        5000,
      );
      expect(outcome).toMatchObject({ result: COMMAND_RESULT.success });
      expect(outcome.reply).toContain('S20,');
    } finally {
      sim.stop();
    }
  });
});
