import { TIRE_MODEL } from '../../../src/domain/tire';
import { TIRE_EVENT, TIRE_THRESHOLDS } from '../../../src/domain/tire';
import type { Db } from '../client';
import { tireReadings } from '../schema/tire-readings';
import { SEED_USER_IDS as U } from './accounts';
import type { NewDeviceRow } from './devices';
import { createRng } from './random';

/**
 * The demo's TPMS trucks: per account, the last two JT/T 808 terminals (model JT808-A) that
 * have a position and are not expired become model "Tire". They get a first reading of every
 * wheel at their last fix, so the tire screen has data before the simulator reports
 * (server/sim/tires.ts then sends item 0x66 for them). Deterministic, with its own random
 * stream: the rest of the demo data is the same as without tires.
 */

export { TIRE_MODEL };
const TIRE_SEED = 20_240_611;
const PER_OWNER = 2;
const OWNERS = [U.agent, U.subagent, U.user, U.demo, U.agent2, U.agent2user, U.superuser];
const EXPIRED = 4;

/** Wheels of a TPMS truck: every third one a 6-wheeler with twin rear wheels. */
export const tireWheels = (deviceId: number) => (deviceId % 3 === 0 ? 6 : 4);

/** Turns the chosen devices of the fleet into model "Tire" (in place). */
export function assignTireDevices(rows: NewDeviceRow[], iconType: number): void {
  for (const owner of OWNERS) {
    const picked = rows
      .filter((d) => d.userId === owner && d.deviceType === 'JT808-A' && d.lat != null && d.state !== EXPIRED)
      .slice(-PER_OWNER);
    for (const d of picked) {
      d.deviceType = TIRE_MODEL;
      d.iconType = iconType;
    }
  }
}

export function buildTireReadings(fleet: NewDeviceRow[]): (typeof tireReadings.$inferInsert)[] {
  const rng = createRng(TIRE_SEED);
  const bit = (name: keyof typeof TIRE_EVENT) => 1 << TIRE_EVENT[name];
  const rows: (typeof tireReadings.$inferInsert)[] = [];
  const trucks = fleet.filter((d) => d.deviceType === TIRE_MODEL && d.fixTime);
  trucks.forEach((d, n) => {
    const wheels = tireWheels(d.id!);
    const moving = (d.speed ?? 0) > 0;
    // Every third truck has a wheel losing air; every fifth a sensor with a tired battery.
    const leaking = n % 3 === 0 ? rng.int(0, wheels - 1) : -1;
    const weakBattery = n % 5 === 1 ? rng.int(0, wheels - 1) : -1;
    for (let position = 0; position < wheels; position++) {
      const celsius = moving ? rng.int(38, 58) : rng.int(25, 34);
      let kpa = rng.int(225, 245) + Math.round((celsius - 25) * 0.8);
      let eventType = bit('periodic');
      if (position === leaking) {
        kpa = rng.int(160, 182);
        eventType |= bit('slowLeak');
      }
      if (kpa < TIRE_THRESHOLDS.pressureLowKpa) eventType |= bit('pressureLow');
      const battery = position === weakBattery ? rng.int(8, 17) : rng.int(45, 100);
      if (battery < TIRE_THRESHOLDS.batteryLowPct) eventType |= bit('batteryLow');
      rows.push({
        deviceId: d.id!,
        position,
        pressureKpa: kpa,
        temperatureC: celsius,
        batteryPct: battery,
        eventType,
        updatedAt: d.fixTime!,
      });
    }
  });
  return rows;
}

export async function seedTires(db: Db, fleet: NewDeviceRow[]) {
  const rows = buildTireReadings(fleet);
  if (rows.length) await db.insert(tireReadings).values(rows);
}
