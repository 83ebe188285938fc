import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { alarms } from '../../server/db/schema/alarms';
import { deviceLocks } from '../../server/db/schema/device-locks';
import { devices } from '../../server/db/schema/devices';
import { fenceDevices } from '../../server/db/schema/fence-devices';
import { fences } from '../../server/db/schema/fences';
import { gt06Codec } from '../../server/gateway/gt06';
import { startGateway, type Gateway } from '../../server/gateway/runtime/server';
import { DEFAULT_SIM_OPTIONS, SimDevice } from '../../server/sim/device';
import { COMMAND_RESULT, DEVICE_PROTOCOL, DEVICE_STATE } from '../../src/domain/codes';
import { LOCK_RESTORE_MINUTES } from '../../src/domain/constants';
import { until } from '../support/until';
import { closeDatabase, startHarness, type Harness } from './harness';

/**
 * The lock rule of spec section 4 with a real GT06 tracker over TCP: the user's unlock starts
 * the clock; after the restore time the platform locks the device again only once it is
 * outside its fence, once, and tells its owner.
 */
let h: Harness;
let gw: Gateway;
let sim: SimDevice;
let device: { id: number; terminalId: string };
const commandsSeen: string[] = [];

beforeAll(async () => {
  h = await startHarness();
  gw = await startGateway({ db: h.handle.db, bus: h.app.bus }, [
    { codec: gt06Codec, port: 0, host: '127.0.0.1' },
  ]);
  const agent = await h.idOf('agent');
  const [row] = await h.handle.db
    .select({ id: devices.id, terminalId: devices.terminalId })
    .from(devices)
    .where(and(eq(devices.userId, agent), eq(devices.protocol, DEVICE_PROTOCOL.Gt06)))
    .orderBy(devices.id)
    .limit(1);
  device = row;
  await h.handle.db.update(devices).set({ state: DEVICE_STATE.offline }).where(eq(devices.id, row.id));
  sim = new SimDevice(
    { terminalId: row.terminalId, family: 'gt06', lat: 22.5431, lon: 114.0579, seed: 3 },
    {
      ...DEFAULT_SIM_OPTIONS,
      ports: { gt06: gw.ports.gt06, jt808: 0 },
      manual: true,
      alarmChance: 0,
      reconnect: false,
    },
  );
  sim.onCommand = (text) => commandsSeen.push(text);
  await sim.start();
  await until(
    async () =>
      (await h.handle.db.select({ s: devices.state }).from(devices).where(eq(devices.id, row.id)))[0].s,
    (s) => s === DEVICE_STATE.online,
  );
  sim.report(Date.now());
  await gw.ctx.writer.drain();
});

afterAll(async () => {
  sim.stop();
  await gw.close();
  await h.close();
  await closeDatabase();
});

async function allocateCircle(name: string, lat: number, lon: number) {
  const [f] = await h.handle.db
    .insert(fences)
    .values({
      name,
      userId: await h.idOf('agent'),
      type: 'circle',
      centerLat: lat,
      centerLon: lon,
      radius: 5000,
    })
    .returning({ id: fences.id });
  await h.handle.db.delete(fenceDevices).where(eq(fenceDevices.deviceId, device.id));
  await h.handle.db.insert(fenceDevices).values({ fenceId: f.id, deviceId: device.id });
  await gw.alarms.reload();
}

const lockRow = async () =>
  (await h.handle.db.select().from(deviceLocks).where(eq(deviceLocks.deviceId, device.id)))[0];
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

it('an unlock sent by the user starts the clock', async () => {
  const token = await h.login('agent');
  const r = await h.post(
    '/api/command/sendCommand',
    { terminalID: device.terminalId, content: 'RELAY,0#' },
    token,
  );
  expect(r.meta.success).toBe(true);
  expect(r.data).toMatchObject({ result: COMMAND_RESULT.success });
  expect(commandsSeen).toContain('RELAY,0#');
  const row = await lockRow();
  expect(row.restoredAt).toBeNull();
  expect(Date.now() - row.unlockedAt.getTime()).toBeLessThan(60_000);
});

it('inside its fence the device stays unlocked after the restore time', async () => {
  const [{ lat, lon }] = await h.handle.db
    .select({ lat: devices.lat, lon: devices.lon })
    .from(devices)
    .where(eq(devices.id, device.id));
  await allocateCircle('lock home', lat!, lon!);
  expect(await gw.alarms.locks.run(later(LOCK_RESTORE_MINUTES + 1))).toBe(0);
  expect((await lockRow()).restoredAt).toBeNull();
});

it('outside its fence: not before the restore time, then locked once and the owner told', async () => {
  await allocateCircle('lock far away', 30, 120);
  expect(await gw.alarms.locks.run(later(LOCK_RESTORE_MINUTES - 1))).toBe(0);
  const sent = commandsSeen.length;
  const at = later(LOCK_RESTORE_MINUTES + 1);
  expect(await gw.alarms.locks.run(at)).toBe(1);
  expect(commandsSeen.slice(sent)).toEqual(['RELAY,1#']);
  expect((await lockRow()).restoredAt?.getTime()).toBe(at.getTime());
  const told = await h.handle.db
    .select()
    .from(alarms)
    .where(and(eq(alarms.deviceId, device.id), eq(alarms.type, 'lockRestored')));
  expect(told).toHaveLength(1);
  // Restored: a later run sends nothing more.
  expect(await gw.alarms.locks.run(later(LOCK_RESTORE_MINUTES + 5))).toBe(0);
  expect(commandsSeen.slice(sent)).toEqual(['RELAY,1#']);
});
