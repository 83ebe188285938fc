/**
 * A simulated JT/T 808 tracker's alarms through the real gateway: several flags in one alarm
 * word, sent as two sub-packages, are reassembled, stored as one position and one alarm per
 * type (once while the flags stay set), and acked with the last part's serial so the tracker
 * forgets them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, gte, inArray } from 'drizzle-orm';
import { createMemoryBus } from '../../server/bus/memory';
import type { EventBus } from '../../server/bus/types';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';
import { alarms } from '../../server/db/schema/alarms';
import { devices } from '../../server/db/schema/devices';
import { positions } from '../../server/db/schema/positions';
import { startGateway, type Gateway } from '../../server/gateway/runtime/server';
import { DEFAULT_SIM_OPTIONS, SimDevice } from '../../server/sim/device';
import { isDeviceExpired } from '../../src/domain/expiry';
import { until } from '../support/until';
import { loopbackListeners } from '../support/loopback-gateway';

let t: TestDatabase;
let bus: EventBus;
let gw: Gateway;
let sim: SimDevice | null = null;

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
  sim?.stop();
  await gw.close();
  await t.dispose();
});

describe('JT/T 808 alarms from a simulated tracker', () => {
  it('a multi-flag alarm in two sub-packages is one position and an alarm per type raised once, acked', async () => {
    const rows = await t.db
      .select()
      .from(devices)
      .where(inArray(devices.protocol, [8, 14, 15, 6]))
      .orderBy(devices.id);
    const dev = rows.find((r) => r.lat != null && !isDeviceExpired(r, Date.now()))!;
    // Below 120 km/h the simulator's alarm is SOS + main power off + illegal displacement.
    sim = new SimDevice(
      { terminalId: dev.terminalId, family: 'jt808', lat: dev.lat!, lon: dev.lon!, seed: 3 },
      {
        ...DEFAULT_SIM_OPTIONS,
        ports: { gt06: gw.ports.gt06, jt808: gw.ports.jt808 },
        manual: true,
        alarmChance: 1,
        reconnect: false,
        keepUnacked: true,
      },
    );
    await sim.start();
    await until(
      async () => sim!.ready,
      (ready) => ready,
    );
    const base = Date.now() - 60_000;
    for (let i = 0; i < 3; i++) sim.report(base + i * 1000);

    const stored = () =>
      t.db
        .select({ n: count() })
        .from(positions)
        .where(and(eq(positions.deviceId, dev.id), gte(positions.fixTime, new Date(base - 1000))))
        .then((r) => Number(r[0].n));
    expect(await until(stored, (n) => n >= 3)).toBe(3);
    const types = () =>
      t.db
        .select({ type: alarms.type, time: alarms.time })
        .from(alarms)
        .where(eq(alarms.deviceId, dev.id))
        .then((r) => r.filter((a) => a.time.getTime() >= base - 1000));
    await until(types, (r) => r.length >= 3);
    // The same flags in the three reports are one ongoing alarm each: raised when they appear.
    await new Promise((r) => setTimeout(r, 500));
    const perType = new Map<string, number>();
    for (const a of await types()) perType.set(a.type, (perType.get(a.type) ?? 0) + 1);
    expect(Object.fromEntries(perType)).toEqual({ sos: 1, powerCut: 1, movement: 1 });
    // The gateway's answer to each last part acks the position: nothing waits any more.
    expect(
      await until(
        async () => sim!.ledger!.acked.size,
        (n) => n >= 3,
      ),
    ).toBe(3);
  });
});
