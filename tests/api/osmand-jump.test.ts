import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMemoryBus } from '../../server/bus/memory';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';
import { alarms } from '../../server/db/schema/alarms';
import { devices } from '../../server/db/schema/devices';
import { fenceDevices } from '../../server/db/schema/fence-devices';
import { fences } from '../../server/db/schema/fences';
import { positions } from '../../server/db/schema/positions';
import { users } from '../../server/db/schema/users';
import { startOsmAnd, type OsmAndListener } from '../../server/gateway/osmand';
import { startGateway, type Gateway } from '../../server/gateway/runtime/server';
import { DEVICE_PROTOCOL, DEVICE_STATE } from '../../src/domain/codes';

/**
 * An impossible jump through the phone port (issue 30): a phone in Shenzhen reporting Paris a
 * minute later is stored flagged; the device row stays in Shenzhen and a fence around Paris
 * raises nothing.
 */
let t: TestDatabase;
let gw: Gateway;
let osmand: OsmAndListener;
let device: { id: number; terminalId: string };
let ownerId: number;
let serial = 0;

/** A phone of its own (OsmAnd protocol) for a test. */
async function phone(maxSpeed: number | null = null) {
  const [d] = await t.db
    .insert(devices)
    .values({
      terminalId: `86999${String(Date.now()).slice(-8)}${serial++}`,
      userId: ownerId,
      protocol: DEVICE_PROTOCOL.OsmAnd,
      state: DEVICE_STATE.offline,
      maxSpeed,
    })
    .returning({ id: devices.id, terminalId: devices.terminalId });
  return d;
}

beforeAll(async () => {
  t = await openTestDatabase({ seed: true });
  gw = await startGateway({ db: t.db, bus: createMemoryBus() }, []);
  osmand = await startOsmAnd(gw.ctx, { port: 0, host: '127.0.0.1' });
  const [owner] = await t.db.select({ id: users.id }).from(users).orderBy(users.id).limit(1);
  ownerId = owner.id;
  device = await phone();
  const [paris] = await t.db
    .insert(fences)
    .values({
      name: `paris ${device.terminalId}`,
      userId: owner.id,
      type: 'circle',
      centerLat: 48.8566,
      centerLon: 2.3522,
      radius: 20_000,
    })
    .returning({ id: fences.id });
  await t.db.insert(fenceDevices).values({ fenceId: paris.id, deviceId: device.id, alarmMode: 'inout' });
  await gw.alarms.reload();
});
afterAll(async () => {
  await osmand.close();
  await gw.close();
  await t.dispose();
});

const fix = (lat: number, lon: number, at: number, id = device.terminalId) =>
  fetch(`http://127.0.0.1:${osmand.port}/?id=${id}&lat=${lat}&lon=${lon}&timestamp=${at}`);

it('stores Shenzhen to Paris in a minute flagged as a jump: the device stays in Shenzhen, no fence alarm', async () => {
  const t0 = Math.floor(Date.now() / 1000) * 1000 - 180_000;
  expect((await fix(22.5431, 114.0579, t0)).status).toBe(200);
  expect((await fix(48.8566, 2.3522, t0 + 60_000)).status).toBe(200);
  await gw.ctx.writer.drain();
  const [after] = await t.db.select().from(devices).where(eq(devices.id, device.id));
  expect(after).toMatchObject({ lat: 22.5431, lon: 114.0579, valid: true });
  // The next good fix is judged against Shenzhen, not against the glitch.
  expect((await fix(22.5441, 114.0589, t0 + 120_000)).status).toBe(200);
  await gw.ctx.writer.drain();

  const rows = await t.db
    .select()
    .from(positions)
    .where(eq(positions.deviceId, device.id))
    .orderBy(positions.fixTime);
  expect(
    rows.map((r) => [r.lat, r.valid, (r.attributes as { invalid?: string } | null)?.invalid ?? null]),
  ).toEqual([
    [22.5431, true, null],
    [48.8566, false, 'jump'],
    [22.5441, true, null],
  ]);
  const [row] = await t.db.select().from(devices).where(eq(devices.id, device.id));
  expect(row).toMatchObject({ lat: 22.5441, lon: 114.0589, valid: true });
  await gw.ctx.registry.settle();
  const raised = await t.db.select().from(alarms).where(eq(alarms.deviceId, device.id));
  expect(raised).toEqual([]);
  const [side] = await t.db.select().from(fenceDevices).where(eq(fenceDevices.deviceId, device.id));
  expect(side.inside).not.toBe(true);
});

it('judges by the device’s own maximum speed when it has one', async () => {
  // 120 km/h for five minutes: believable for a phone (1000 km/h), not for a device set to 50.
  const t0 = Math.floor(Date.now() / 1000) * 1000 - 600_000;
  const slow = await phone(50);
  const usual = await phone();
  for (const d of [slow, usual]) {
    expect((await fix(22.3, 114.0, t0, d.terminalId)).status).toBe(200);
    expect((await fix(22.3 + 10 / 111.2, 114.0, t0 + 300_000, d.terminalId)).status).toBe(200);
  }
  await gw.ctx.writer.drain();
  const flags = async (id: number) =>
    (await t.db.select().from(positions).where(eq(positions.deviceId, id)).orderBy(positions.fixTime)).map(
      (r) => [r.valid, (r.attributes as { invalid?: string } | null)?.invalid ?? null],
    );
  expect(await flags(slow.id)).toEqual([
    [true, null],
    [false, 'jump'],
  ]);
  expect(await flags(usual.id)).toEqual([
    [true, null],
    [true, null],
  ]);
});
