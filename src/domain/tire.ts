/**
 * Tire pressure (TPMS) readings and their states (spec section 3, "Tire data"; the tire screen
 * /index/tire). The server derives the states for findTire (docs/api/tire.md); the screen may
 * call `tireStates` itself, e.g. to explain a state, with the same thresholds.
 *
 * Readings come from JT/T 808 item 0x66 (docs/protocols.md). Wheels are numbered from 0 at
 * the left front wheel, row by row from left to right ("Z" order), whether or not a sensor is
 * fitted: a 4-wheel car is 0 LF, 1 RF, 2 LR, 3 RR; a 6-wheel truck with twin rear wheels
 * is 0 LF, 1 RF, then 2 3 (left outer, inner) 4 5 (right inner, outer).
 */

/**
 * Bit numbers of a reading's event type word, as the terminal sets them (bits 8-15 are vendor
 * defined). Bit 0 is a periodic report; the others are alarms the terminal raised itself.
 */
export const TIRE_EVENT = {
  periodic: 0,
  pressureHigh: 1,
  pressureLow: 2,
  temperatureHigh: 3,
  sensorAbnormal: 4,
  pressureImbalance: 5,
  slowLeak: 6,
  batteryLow: 7,
} as const;
export type TireEventName = keyof typeof TIRE_EVENT;

/**
 * The limits used when the terminal does not raise the alarm itself. Pressures of car and
 * light-truck tires run about 220-250 kPa cold and rise some 10 % when warm.
 */
export const TIRE_THRESHOLDS = {
  /** Below this the pressure is low. */
  pressureLowKpa: 190,
  /** Above this the pressure is high. */
  pressureHighKpa: 300,
  /** Below this the tire is losing air (near flat), not merely under-inflated. */
  leakKpa: 150,
  /** Above this the temperature is high. */
  temperatureHighC: 70,
  /** Below this the sensor battery is low. */
  batteryLowPct: 20,
} as const;
export type TireThresholds = { readonly [K in keyof typeof TIRE_THRESHOLDS]: number };

/** One sensor's report: what the terminal sent for one wheel (null: the terminal sent no value). */
export interface TireSensorReading {
  /** Wheel number, 0 = left front (see above). */
  position: number;
  /** Event type word: bit flags of TIRE_EVENT. */
  eventType: number;
  pressureKpa: number | null;
  temperatureC: number | null;
  /** Sensor battery, percent. */
  batteryPct: number | null;
}

export type TirePressureState = 'normal' | 'high' | 'low';
export type TireTemperatureState = 'normal' | 'high';
export type TireBatteryState = 'normal' | 'low';
export type TireStatus = 'normal' | 'airLeak';

/** The four states of a wheel the spec names. */
export interface TireStates {
  pressure: TirePressureState;
  temperature: TireTemperatureState;
  battery: TireBatteryState;
  status: TireStatus;
}

const has = (eventType: number, name: TireEventName) => ((eventType >>> TIRE_EVENT[name]) & 1) === 1;

/** The event names set in an event type word, in bit order (vendor bits 8-15 are left out). */
export function tireEvents(eventType: number): TireEventName[] {
  return (Object.keys(TIRE_EVENT) as TireEventName[]).filter((n) => has(eventType, n));
}

/** Whether any state of the wheel is not normal. */
export const tireAbnormal = (s: TireStates) =>
  s.pressure !== 'normal' || s.temperature !== 'normal' || s.battery !== 'normal' || s.status !== 'normal';

/**
 * The states of one wheel: an alarm the terminal raised wins; otherwise the thresholds judge
 * the values; a missing value is normal (nothing says otherwise).
 */
export function tireStates(
  r: Pick<TireSensorReading, 'eventType' | 'pressureKpa' | 'temperatureC' | 'batteryPct'>,
  t: TireThresholds = TIRE_THRESHOLDS,
): TireStates {
  const e = r.eventType;
  const p = r.pressureKpa;
  const leaking = has(e, 'slowLeak') || (p !== null && p < t.leakKpa);
  let pressure: TirePressureState = 'normal';
  // Low first: a terminal setting both is at fault, and a low tire is the dangerous one.
  if (has(e, 'pressureLow')) pressure = 'low';
  else if (has(e, 'pressureHigh')) pressure = 'high';
  else if (p !== null && p < t.pressureLowKpa) pressure = 'low';
  else if (p !== null && p > t.pressureHighKpa) pressure = 'high';
  const temperatureHigh =
    has(e, 'temperatureHigh') || (r.temperatureC !== null && r.temperatureC > t.temperatureHighC);
  const batteryLow = has(e, 'batteryLow') || (r.batteryPct !== null && r.batteryPct < t.batteryLowPct);
  return {
    pressure,
    temperature: temperatureHigh ? 'high' : 'normal',
    battery: batteryLow ? 'low' : 'normal',
    status: leaking ? 'airLeak' : 'normal',
  };
}

/** The device model of the demo's TPMS trucks (server/db/seed/device-types.ts); the tire screen lists it first. */
export const TIRE_MODEL = 'Tire';

/** One wheel of the findTire answer (docs/api/tire.md). */
export interface TireWheel {
  position: number;
  pressureKpa: number | null;
  temperatureC: number | null;
  batteryPct: number | null;
  /** The event type word the terminal sent, and the names of its bits. */
  eventType: number;
  events: TireEventName[];
  states: TireStates;
  abnormal: boolean;
  /** Epoch ms of the position the reading came with. */
  time: number;
}

export interface TireAnswer {
  terminalID: string;
  name: string;
  deviceType: string;
  /** Epoch ms of the newest reading; null when the device never reported tires. */
  updatedAt: number | null;
  /** Wheels with any state other than normal. */
  abnormal: number;
  list: TireWheel[];
}
