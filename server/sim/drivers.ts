/**
 * The simulated families that speak through a SimDriver (server/sim/driver.ts). GT06 and
 * JT/T 808 keep their own code in device.ts: registration, firmware upgrades, IP transfer and
 * tire reports are theirs alone.
 */
import type { SimDriver } from './driver';
import { h02SimDriver } from './h02-frames';
import { meitrackSimDriver } from './meitrack-frames';
import { teltonikaSimDriver } from './teltonika-frames';
import { tk103SimDriver } from './tk103-frames';

export const SIM_DRIVERS = {
  teltonika: teltonikaSimDriver,
  h02: h02SimDriver,
  tk103: tk103SimDriver,
  meitrack: meitrackSimDriver,
} as const satisfies Record<string, SimDriver>;

export type DriverFamily = keyof typeof SIM_DRIVERS;

export const simDriverOf = (family: string): SimDriver | null =>
  (SIM_DRIVERS as Record<string, SimDriver>)[family] ?? null;
