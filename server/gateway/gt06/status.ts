/**
 * GT06 status bytes: the terminal information byte, the voltage level and the alarm code, and
 * the alarm codes onto the one alarm vocabulary (src/domain/alarm-types.ts). Codes come from the
 * Concox protocol documents (GT06N, GT800, JM-VL01/VL03, X3, LL301) and what other open decoders
 * accept; where models disagree on a code, the table holds the meaning most firmware uses
 * (docs/protocols.md, "Alarm mapping").
 */
import type { AlarmType, DeviceStatus } from '../codec';

/**
 * Alarm code of 0x16/0x26/0x27/0x19/0xA4/0xA5/0xA9 and of 0x13. 0x27, 0xA4 and 0x39 widen it
 * with the high nibble of the language byte (0x0107, 0x010B: jamming).
 */
const ALARM_CODES: ReadonlyMap<number, AlarmType> = new Map<number, AlarmType>([
  [0x01, 'sos'],
  [0x02, 'powerCut'],
  [0x03, 'vibration'],
  [0x04, 'geofenceEnter'],
  [0x05, 'geofenceExit'],
  [0x06, 'overspeed'],
  [0x09, 'vibration'], // displacement/vibration on most models, towing on VL103
  [0x0c, 'tampering'],
  [0x0e, 'lowBattery'], // external battery low on car units
  [0x0f, 'lowBattery'],
  [0x11, 'powerOff'],
  [0x13, 'tampering'], // removal (light sensor)
  [0x14, 'door'],
  [0x18, 'removing'],
  [0x19, 'lowBattery'], // internal battery low
  [0x1a, 'hardBraking'],
  [0x1b, 'hardCornering'],
  [0x23, 'fallDown'],
  [0x25, 'tampering'],
  [0x26, 'hardAcceleration'],
  [0x27, 'hardBraking'],
  [0x28, 'hardBraking'],
  [0x29, 'hardAcceleration'],
  [0x2a, 'hardCornering'], // sharp left
  [0x2b, 'hardCornering'], // sharp right
  [0x2c, 'accident'], // collision
  [0x2e, 'hardCornering'],
  [0x30, 'jamming'],
  [0x32, 'tampering'],
  [0x53, 'fuelAbnormal'],
  [0x5b, 'temperature'], // high
  [0x5c, 'temperature'], // low
  [0xc9, 'idle'],
  [0xf0, 'hardAcceleration'],
  [0xf1, 'hardBraking'],
  [0xf2, 'accident'],
  [0x0107, 'jamming'],
  [0x010b, 'jamming'],
]);

/** Bits 3-5 of the terminal information byte, the older way of flagging alarms. */
const INFO_ALARMS: ReadonlyArray<AlarmType | undefined> = [
  undefined,
  'vibration', // 001
  'powerCut', // 010
  'lowBattery', // 011
  'sos', // 100
  undefined,
  'geofence', // 110
  'removing', // 111 (VXT01 firmware: overspeed)
];

export function gt06AlarmFromCode(code: number): AlarmType | undefined {
  return ALARM_CODES.get(code);
}

/** Voltage level 0-6 maps linearly to percent; some firmware sends a percent (7-100) directly. */
export function voltageLevelToPercent(level: number): number | undefined {
  if (level <= 6) return Math.round((level * 100) / 6);
  if (level <= 100) return level;
  return undefined;
}

/** The terminal information byte: armed, ACC, charging, GPS tracking, fuel cut and its alarm bits. */
export function decodeInfoByte(info: number, overspeedBits = false): DeviceStatus {
  const status: DeviceStatus = {
    armed: (info & 0x01) !== 0,
    acc: (info & 0x02) !== 0,
    charging: (info & 0x04) !== 0,
    gpsTracking: (info & 0x40) !== 0,
    fuelCut: (info & 0x80) !== 0,
  };
  const bits = (info >> 3) & 0x07;
  const alarm = bits === 7 && overspeedBits ? 'overspeed' : INFO_ALARMS[bits];
  if (alarm) addAlarm(status, alarm);
  return status;
}

/**
 * Adds an alarm to a status, each name once. SOS always goes first: a frame's first alarm is
 * the one a single-alarm consumer sees, and an SOS must never hide behind another alarm.
 */
export function addAlarm(status: DeviceStatus, alarm: AlarmType | undefined): void {
  if (!alarm) return;
  const list = status.alarms ?? [];
  if (list.includes(alarm)) return;
  if (alarm === 'sos') list.unshift(alarm);
  else list.push(alarm);
  status.alarms = list;
  status.alarm = list[0];
}
