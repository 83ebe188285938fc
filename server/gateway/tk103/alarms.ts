/**
 * TK103 alarm and event codes onto the one alarm vocabulary (src/domain/alarm-types.ts).
 * BO01 codes: the V1.5 document ("0 vehicle power off, 1 accident, 2 SOS, 3 anti-theft alarm,
 * 4 low speed, 5 overspeed, 6 out of geo-fence"), as Traccar's decoder reads them too.
 * ZC/DW codes: the Coban-style event types Traccar's decoder knows (no public document).
 */
import type { AlarmType } from '../codec';

/** BO01: the first body character. */
export const BO01_ALARMS: Readonly<Record<string, AlarmType>> = {
  '0': 'powerCut',
  '1': 'accident',
  '2': 'sos',
  // "Vehicle anti-theft and alarming": the armed tracker felt the vehicle move (its shock sensor).
  '3': 'vibration',
  '4': 'lowSpeed',
  '5': 'overspeed',
  '6': 'geofenceExit',
};

/** BQ81 `,ALARM,<n>,`: driving-behaviour firmware. */
export const BQ81_ALARMS: Readonly<Record<string, AlarmType>> = {
  '0': 'lowBattery',
  '1': 'overspeed',
  '2': 'idle',
  '3': 'hardAcceleration',
  '4': 'hardBraking',
  '5': 'temperature',
};

export interface EventMeaning {
  alarm?: AlarmType;
  acc?: boolean;
}

/** The same event under its ZC (GPS), DW3x (GPS) and DW5x (LBS + Wi-Fi) codes. */
const EVENT_GROUPS: readonly [readonly string[], EventMeaning][] = [
  [['ZC11', 'DW31', 'DW51'], { alarm: 'movement' }],
  [['ZC12', 'DW32', 'DW52'], { alarm: 'lowBattery' }],
  [['ZC13', 'DW33', 'DW53'], { alarm: 'powerCut' }],
  [['ZC15', 'DW35', 'DW55'], { acc: true }],
  [['ZC16', 'DW36', 'DW56'], { acc: false }],
  [['ZC29', 'DW42', 'DW62'], { acc: true }],
  [['ZC17', 'DW37', 'DW57'], { alarm: 'removing' }],
  [['ZC25', 'DW3E', 'DW5E'], { alarm: 'sos' }],
  [['ZC26', 'DW3F', 'DW5F'], { alarm: 'tampering' }],
  [['ZC27', 'DW40', 'DW60'], { alarm: 'lowPower' }],
];

export const EVENT_CODES: ReadonlyMap<string, EventMeaning> = new Map(
  EVENT_GROUPS.flatMap(([codes, meaning]) => codes.map((c) => [c, meaning] as const)),
);
