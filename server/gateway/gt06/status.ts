/**
 * GT06 status bytes: the terminal information byte, the voltage level and the alarm byte.
 * Codes come from Concox protocol documents as collected in Traccar's decoder; codes whose
 * meaning differs between models (0x18, 0x19, 0x28-0x30...) are left out rather than guessed.
 */
import type { AlarmType, DeviceStatus } from '../codec';

/** Alarm byte of 0x16/0x26 (and the alarm byte of 0x13 in newer firmware). */
const ALARM_CODES: Readonly<Record<number, AlarmType>> = {
  0x01: 'sos',
  0x02: 'powerCut',
  0x03: 'vibration',
  0x04: 'geofenceEnter',
  0x05: 'geofenceExit',
  0x06: 'overspeed',
  0x09: 'vibration',
  0x0c: 'tampering',
  0x0e: 'lowBattery',
  0x0f: 'lowBattery',
  0x11: 'powerOff',
  0x13: 'tampering',
  0x14: 'door',
  0x1a: 'hardBraking',
  0x1b: 'hardCornering',
  0x23: 'fallDown',
  0x25: 'tampering',
  0x26: 'hardAcceleration',
  0x27: 'hardBraking',
  0x2c: 'accident',
  0x32: 'tampering',
};

/** Bits 3-5 of the terminal information byte, an older way of flagging the same alarms. */
const INFO_ALARMS: Readonly<Record<number, AlarmType>> = {
  1: 'vibration',
  2: 'powerCut',
  3: 'lowBattery',
  4: 'sos',
};

export function gt06AlarmFromCode(code: number): AlarmType | undefined {
  return ALARM_CODES[code];
}

/** Voltage level 0-6 maps linearly to percent; some firmware sends a percent (7-100) directly. */
export function voltageLevelToPercent(level: number): number | undefined {
  if (level <= 6) return Math.round((level * 100) / 6);
  if (level <= 100) return level;
  return undefined;
}

export interface StatusBytes {
  info: number;
  voltage?: number;
  gsm?: number;
  alarm?: number;
}

/** Turns the status bytes into device state; the alarm byte comes before the info-byte alarm bits. */
export function decodeGt06Status(bytes: StatusBytes): DeviceStatus {
  const { info } = bytes;
  const status: DeviceStatus = {
    armed: (info & 0x01) !== 0,
    acc: (info & 0x02) !== 0,
    charging: (info & 0x04) !== 0,
    gpsTracking: (info & 0x40) !== 0,
    fuelCut: (info & 0x80) !== 0,
  };
  if (bytes.voltage !== undefined) {
    const battery = voltageLevelToPercent(bytes.voltage);
    if (battery !== undefined) status.battery = battery;
  }
  if (bytes.gsm !== undefined) status.gsmSignal = bytes.gsm;
  const alarms: AlarmType[] = [];
  const fromByte = bytes.alarm !== undefined ? gt06AlarmFromCode(bytes.alarm) : undefined;
  if (fromByte) alarms.push(fromByte);
  const fromInfo = INFO_ALARMS[(info >> 3) & 0x07];
  if (fromInfo && !alarms.includes(fromInfo)) {
    // The two sources disagree only on vendor variants; an SOS must never hide behind another alarm.
    if (fromInfo === 'sos') alarms.unshift(fromInfo);
    else alarms.push(fromInfo);
  }
  if (alarms.length) {
    status.alarm = alarms[0];
    status.alarms = alarms;
  }
  return status;
}
