import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OfflineSweep } from '../../server/alarms/offline-sweep';
import { createMemoryBus } from '../../server/bus/memory';
import { SUBJECT } from '../../server/bus/types';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';
import { alarms } from '../../server/db/schema/alarms';
import { devices } from '../../server/db/schema/devices';
import { DEVICE_STATE } from '../../src/domain/codes';
import type { AlarmEvent } from '../../src/domain/live-events';

let t: TestDatabase;
let ids: number[];
const MIN = 60_000;
const now = new Date('2026-11-25T08:00:00Z');

beforeAll(async () => {
  t = await openTestDatabase({ seed: false });
  await t.db.execute(`INSERT INTO users (id, username, password_hash, role) VALUES (901, 'sweep', 'x', 3)`);
  const at = (minutes: number) => new Date(now.getTime() - minutes * MIN);
  const rows = await t.db
    .insert(devices)
    .values([
      // Offline 31 minutes: due. 10 minutes: not yet. 3 hours: before the look-back. Online.
      { terminalId: '13900000011', userId: 901, protocol: 8, state: DEVICE_STATE.offline, offlineAt: at(31) },
      { terminalId: '13900000012', userId: 901, protocol: 8, state: DEVICE_STATE.offline, offlineAt: at(10) },
      { terminalId: '13900000013', userId: 901, protocol: 8, state: DEVICE_STATE.offline, offlineAt: at(180) },
      { terminalId: '13900000014', userId: 901, protocol: 8, state: DEVICE_STATE.online, offlineAt: at(40) },
    ])
    .returning({ id: devices.id });
  ids = rows.map((r) => r.id);
});
afterAll(async () => {
  await t.dispose();
});

describe('OfflineSweep', () => {
  it('raises one offline alarm per device, timed when it fell due, however many nodes sweep', async () => {
    const bus = createMemoryBus();
    const told: AlarmEvent[] = [];
    bus.subscribe<AlarmEvent>(SUBJECT.allDeviceEvents, (e) => told.push(e));
    const a = new OfflineSweep(t.db, bus, 30 * MIN);
    const b = new OfflineSweep(t.db, bus, 30 * MIN);
    expect(await a.run(now)).toBe(1);
    expect(await a.run(new Date(now.getTime() + MIN))).toBe(0);
    expect(await b.run(now)).toBe(0);
    const rows = await t.db.select().from(alarms).where(eq(alarms.type, 'offline'));
    expect(rows.map((r) => [r.deviceId, r.time.getTime()])).toEqual([[ids[0], now.getTime() - MIN]]);
    expect(told.map((e) => [e.deviceId, e.alarm, e.terminalId])).toEqual([[ids[0], 'offline', '13900000011']]);
    // Twenty minutes on, the second device is due too.
    expect(await b.run(new Date(now.getTime() + 21 * MIN))).toBe(1);
    expect((await t.db.select().from(alarms).where(eq(alarms.type, 'offline'))).length).toBe(2);
  });
});
