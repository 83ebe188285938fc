import net from 'node:net';
import { isDeviceExpired } from '../../src/domain/expiry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { createMemoryBus } from '../../server/bus/memory';
import { SUBJECT, type EventBus } from '../../server/bus/types';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';
import { deviceLogs } from '../../server/db/schema/device-logs';
import { devices } from '../../server/db/schema/devices';
import { offlineCommands } from '../../server/db/schema/offline-commands';
import { positions } from '../../server/db/schema/positions';
import { startGateway, type Gateway } from '../../server/gateway/runtime/server';
import type { CommandOutcome } from '../../server/gateway/runtime/command-channel';
import { DEFAULT_SIM_OPTIONS, SimDevice, type Family } from '../../server/sim/device';
import { gt06Login } from '../../server/sim/gt06-frames';
import { COMMAND_RESULT, DEVICE_STATE } from '../../src/domain/codes';
import { until } from '../support/until';
import { loopbackListeners } from '../support/loopback-gateway';

let t: TestDatabase;
let bus: EventBus;
let gw: Gateway;
const sims: SimDevice[] = [];

beforeAll(async () => {
  t = await openTestDatabase({ seed: true });
  bus = createMemoryBus();
  gw = await startGateway(
    { db: t.db, bus },
    loopbackListeners(),
    { commandTimeoutMs: 3000, idleTimeoutMs: 1500 },
  );
});
afterAll(async () => {
  for (const s of sims) s.stop();
  await gw.close();
  await t.dispose();
});

async function pickDevice(protocols: number[], skip: string[] = []) {
  const rows = await t.db
    .select({
      id: devices.id,
      terminalId: devices.terminalId,
      lat: devices.lat,
      lon: devices.lon,
      expireType: devices.expireType,
      platformExpireAt: devices.platformExpireAt,
      userExpireAt: devices.userExpireAt,
    })
    .from(devices)
    .where(inArray(devices.protocol, protocols))
    .orderBy(devices.id);
  // Not an expired device: it gets no commands delivered (docs/expiry.md).
  const row = rows.find(
    (r) => r.lat != null && !skip.includes(r.terminalId) && !isDeviceExpired(r, Date.now()),
  )!;
  // Seeded devices may say "online"; start from offline so the test sees the change.
  await t.db.update(devices).set({ state: DEVICE_STATE.offline }).where(eq(devices.id, row.id));
  return row;
}

function sim(terminalId: string, family: Family, lat: number, lon: number) {
  const d = new SimDevice(
    { terminalId, family, lat, lon, seed: 7 },
    {
      ...DEFAULT_SIM_OPTIONS,
      ports: { gt06: gw.ports.gt06, jt808: gw.ports.jt808 },
      manual: true,
      alarmChance: 0,
      reconnect: false,
    },
  );
  sims.push(d);
  return d;
}

const stateOf = async (id: number) =>
  (await t.db.select({ s: devices.state }).from(devices).where(eq(devices.id, id)))[0].s;
const storedCount = async (id: number) =>
  Number((await t.db.select({ n: count() }).from(positions).where(eq(positions.deviceId, id)))[0].n);

for (const [family, protocols] of [
  ['gt06', [13]],
  ['jt808', [8, 14, 15, 6]],
] as [Family, number[]][]) {
  describe(`${family} tracker over TCP`, () => {
    it('logs in, goes online, stores positions, answers a command, goes offline', async () => {
      const dev = await pickDevice(protocols);
      const events: unknown[] = [];
      const off = bus.subscribe(SUBJECT.position(dev.id), (e) => events.push(e));
      const before = await storedCount(dev.id);
      const s = sim(dev.terminalId, family, dev.lat!, dev.lon!);
      await s.start();
      expect(
        await until(
          () => stateOf(dev.id),
          (v) => v === DEVICE_STATE.online,
        ),
      ).toBe(DEVICE_STATE.online);

      const base = Date.now();
      for (let i = 0; i < 5; i++) s.report(base + i * 1000);
      expect(
        await until(
          () => storedCount(dev.id),
          (n) => n >= before + 5,
        ),
      ).toBe(before + 5);
      await until(
        async () => events.length,
        (n) => n >= 5,
      );
      expect(events).toHaveLength(5);
      await gw.ctx.writer.drain();
      const [row] = await t.db.select().from(devices).where(eq(devices.id, dev.id));
      expect(row.fixTime!.getTime()).toBe(Math.floor((base + 4000) / 1000) * 1000);

      const outcome = await bus.request<CommandOutcome>(
        SUBJECT.gatewayCommand(dev.terminalId),
        { content: 'Relay,1#' },
        5000,
      );
      expect(outcome).toMatchObject({
        reply: 'Cut off the fuel supply: Success!',
        result: COMMAND_RESULT.success,
      });

      s.stop();
      expect(
        await until(
          () => stateOf(dev.id),
          (v) => v === DEVICE_STATE.offline,
        ),
      ).toBe(DEVICE_STATE.offline);
      off();
    });

    it('delivers queued offline commands on reconnect, in order, exactly once', async () => {
      const first = await pickDevice(protocols);
      const dev = await pickDevice(protocols, [first.terminalId]);
      await t.db.insert(offlineCommands).values([
        { deviceId: dev.id, terminalId: dev.terminalId, content: 'Relay,1#', protocol: 13 },
        { deviceId: dev.id, terminalId: dev.terminalId, content: 'WHERE#', protocol: 13 },
        {
          deviceId: dev.id,
          terminalId: dev.terminalId,
          content: 'RESET#',
          protocol: 13,
          expiresAt: new Date(Date.now() - 1000),
        },
      ]);
      const s = sim(dev.terminalId, family, dev.lat!, dev.lon!);
      const received: string[] = [];
      s.onCommand = (text) => received.push(text);
      await s.start();
      const rows = await until(
        () =>
          t.db
            .select()
            .from(offlineCommands)
            .where(eq(offlineCommands.deviceId, dev.id))
            .orderBy(offlineCommands.seq),
        (r) => r.filter((x) => x.status === 'delivered').length === 2,
      );
      expect(rows.map((r) => r.status)).toEqual(['delivered', 'delivered', 'expired']);
      expect(rows[0].reply).toBe('Cut off the fuel supply: Success!');
      expect(received).toEqual(['Relay,1#', 'WHERE#']);
      // A second connection delivers nothing again.
      s.stop();
      await until(
        () => stateOf(dev.id),
        (v) => v === DEVICE_STATE.offline,
      );
      const again = sim(dev.terminalId, family, dev.lat!, dev.lon!);
      const twice: string[] = [];
      again.onCommand = (text) => twice.push(text);
      await again.start();
      await until(
        () => stateOf(dev.id),
        (v) => v === DEVICE_STATE.online,
      );
      await new Promise((r) => setTimeout(r, 300));
      expect(twice).toEqual([]);
      again.stop();
    });
  });
}

describe('bad input', () => {
  it('garbage on other sockets neither crashes the gateway nor delays a good tracker', async () => {
    const noisy: net.Socket[] = [];
    for (let i = 0; i < 6; i++) {
      const sock = net.connect(i % 2 ? gw.ports.gt06 : gw.ports.jt808, '127.0.0.1');
      sock.on('error', () => {});
      noisy.push(sock);
    }
    const spam = setInterval(() => {
      for (const sock of noisy) {
        if (sock.destroyed) continue;
        const junk = Buffer.alloc(64 + Math.floor(Math.random() * 4000));
        for (let i = 0; i < junk.length; i++) junk[i] = Math.floor(Math.random() * 256);
        // Sprinkle start marks so the splitters have to work.
        junk[0] = 0x78;
        junk[1] = 0x78;
        junk[junk.length >> 1] = 0x7e;
        sock.write(junk);
      }
    }, 10);
    try {
      const dev = await pickDevice([13], ['x']);
      const before = await storedCount(dev.id);
      const s = sim(dev.terminalId, 'gt06', dev.lat!, dev.lon!);
      await s.start();
      await until(
        () => stateOf(dev.id),
        (v) => v === DEVICE_STATE.online,
      );
      const started = Date.now();
      // An hour back: not the seconds the first test stored for this device (one row per fix time).
      for (let i = 0; i < 10; i++) s.report(Date.now() - 3_600_000 + i * 1000);
      expect(
        await until(
          () => storedCount(dev.id),
          (n) => n >= before + 10,
        ),
      ).toBe(before + 10);
      expect(Date.now() - started).toBeLessThan(5000);
      s.stop();
    } finally {
      clearInterval(spam);
      for (const sock of noisy) sock.destroy();
    }
  });
});

describe('connections the gateway refuses', () => {
  it('closes an unknown device and logs its frame for the factory', async () => {
    const sock = net.connect(gw.ports.gt06, '127.0.0.1');
    await new Promise((r) => sock.once('connect', r));
    const closed = new Promise((r) => sock.once('close', r));
    sock.write(gt06Login('359999000000001', 1));
    await closed;
    await gw.ctx.frameLog.flush();
    const logs = await t.db.select().from(deviceLogs).where(eq(deviceLogs.terminalId, '359999000000001'));
    expect(logs.length).toBeGreaterThan(0);
    expect(logs[0].decoded).toMatchObject({ unknownDevice: true });
  });

  it('closes an idle or slow-drip connection after the timeout', async () => {
    const sock = net.connect(gw.ports.gt06, '127.0.0.1');
    await new Promise((r) => sock.once('connect', r));
    const started = Date.now();
    const closed = new Promise((r) => sock.once('close', r));
    const drip = setInterval(() => sock.write(Buffer.from([0x78])), 200);
    await closed;
    clearInterval(drip);
    expect(Date.now() - started).toBeLessThan(6000);
  });

  it('never answers a command for a device that is not connected', async () => {
    await expect(bus.request(SUBJECT.gatewayCommand('000000000000'), { content: 'X' }, 500)).rejects.toThrow(
      /no responder/,
    );
  });
});

describe('expired devices', () => {
  it('are accepted and their positions stored but not published', async () => {
    const dev = await pickDevice([13], [(await pickDevice([13])).terminalId]);
    await t.db
      .update(devices)
      .set({ platformExpireAt: new Date(Date.now() - 86400_000) })
      .where(eq(devices.id, dev.id));
    gw.ctx.directory.forget(dev.terminalId);
    const events: unknown[] = [];
    bus.subscribe(SUBJECT.position(dev.id), (e) => events.push(e));
    const before = await storedCount(dev.id);
    const s = sim(dev.terminalId, 'gt06', dev.lat!, dev.lon!);
    await s.start();
    await until(
      () => stateOf(dev.id),
      (v) => v === DEVICE_STATE.online,
    );
    s.report();
    expect(
      await until(
        () => storedCount(dev.id),
        (n) => n > before,
      ),
    ).toBe(before + 1);
    await gw.ctx.writer.drain();
    expect(events).toEqual([]);
    s.stop();
  });
});
