/**
 * Meitrack event codes (the first field of AAA reports and of every CCC/CCE record) onto the one
 * alarm vocabulary (src/domain/alarm-types.ts). Codes 1-27: the T622 GPRS Protocol's "Event
 * Code" table; 28-58: the MVT/T1 GPRS Protocol tables (its alert list names GPS antenna cut-off,
 * high/low temperature, fuel theft, vehicle theft); 36, 44, 78, 90/91, 129, 130, 135 as Traccar's
 * MeitrackProtocolDecoder maps them. Codes not listed are reports without an alarm (35 track by
 * interval, 33 by distance, 32 cornering report, 34 answer to A10...), kept as attribute `event`.
 */
import type { AlarmType } from '../codec';

export const MEITRACK_EVENT = {
  sos: 1,
  input2Active: 2,
  /** Input 3 is the ignition line on the vehicle models (T622/T366 "Ignition On"). */
  ignitionOn: 3,
  input1Inactive: 9,
  input2Inactive: 10,
  ignitionOff: 11,
  lowBattery: 17,
  lowExternalPower: 18,
  speeding: 19,
  enterFence: 20,
  exitFence: 21,
  externalPowerOn: 22,
  externalPowerCut: 23,
  gpsSignalLost: 24,
  gpsSignalRecovered: 25,
  gpsAntennaCut: 28,
  reboot: 29,
  heartbeat: 31,
  cornering: 32,
  trackByDistance: 33,
  passive: 34,
  trackByInterval: 35,
  tow: 36,
  rfid: 37,
  picture: 39,
  powerOff: 40,
  stopMoving: 41,
  startMoving: 42,
  gsmJamming: 44,
  highTemperature: 50,
  lowTemperature: 51,
  fuelTheft: 54,
  vehicleTheft: 58,
  impact: 78,
  sharpTurnLeft: 90,
  sharpTurnRight: 91,
  harshBraking: 129,
  harshAcceleration: 130,
  fatigueDriving: 135,
} as const;

const E = MEITRACK_EVENT;

export const EVENT_ALARMS: Readonly<Partial<Record<number, AlarmType>>> = {
  [E.sos]: 'sos',
  [E.lowBattery]: 'lowBattery',
  [E.lowExternalPower]: 'lowPower',
  [E.speeding]: 'overspeed',
  [E.enterFence]: 'geofenceEnter',
  [E.exitFence]: 'geofenceExit',
  [E.externalPowerOn]: 'powerRestored',
  [E.externalPowerCut]: 'powerCut',
  [E.gpsAntennaCut]: 'gpsAntennaCut',
  [E.tow]: 'tow',
  [E.powerOff]: 'powerOff',
  [E.gsmJamming]: 'jamming',
  [E.highTemperature]: 'temperature',
  [E.lowTemperature]: 'temperature',
  [E.fuelTheft]: 'fuelAbnormal',
  [E.vehicleTheft]: 'theft',
  [E.impact]: 'accident',
  [E.sharpTurnLeft]: 'hardCornering',
  [E.sharpTurnRight]: 'hardCornering',
  [E.harshBraking]: 'hardBraking',
  [E.harshAcceleration]: 'hardAcceleration',
  [E.fatigueDriving]: 'fatigue',
};

/** The alarm an event raises, if any. */
export const eventAlarm = (event: number): AlarmType | undefined => EVENT_ALARMS[event];

/** What an event says about the ignition, when it says anything. */
export function eventAcc(event: number): boolean | undefined {
  if (event === E.ignitionOn) return true;
  if (event === E.ignitionOff) return false;
  return undefined;
}
