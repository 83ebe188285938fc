/** Item 0xE8 of Concox/Jimi JT/T 808 firmware: an event code, or a status block. */
import type { AlarmType } from '../codec';
import { addAlarms } from './alarms';
import type { ItemState } from './items';
import { battery } from './item-helpers';

/** Concox/Jimi 808 firmware (JC371, JC450…) 0xE8: an event or a status word of 2 bytes first. */
const JC_EVENTS: Readonly<Record<number, AlarmType>> = {
  0x0001: 'fault',
  0x0400: 'hardAcceleration',
  0x0412: 'hardAcceleration',
  0x0401: 'hardBraking',
  0x0413: 'hardBraking',
  0x0402: 'hardCornering',
  0x0414: 'hardCornering',
  0x0403: 'overspeed',
  0x0405: 'accident',
  0x0416: 'accident',
  0x0417: 'accident',
  0x0406: 'vibration',
  0x0407: 'tow',
  0x0408: 'geofenceEnter',
  0x0409: 'geofenceExit',
  0x040c: 'door',
  0x0415: 'laneChange',
  0x0c01: 'sos',
  0x0c02: 'lowPower',
  0x0c0e: 'powerCut',
  0x0c0f: 'lowBattery',
  0x0c10: 'powerOff',
  0x0c12: 'tampering',
};

export function itemE8(s: ItemState, v: Buffer): boolean {
  // A 3-byte 0xE8 is a lock status of padlock firmware.
  if (v.length === 3) {
    s.attrs.lockStatus = v.readUIntBE(0, 3);
    return true;
  }
  if (v.length < 2) return false;
  const code = v.readUInt16BE(0);
  if (code === 0x0c03 || code === 0x0c04) s.p.acc = code === 0x0c03;
  else if (JC_EVENTS[code]) addAlarms(s.alarms, [JC_EVENTS[code]]);
  else if (code === 0x2003 && v.length >= 10) {
    s.p.charging = v[3] === 1;
    if (v[4] >= 1 && v[4] <= 6) battery(s, Math.round((v[4] * 100) / 6));
    s.attrs.batteryVoltage = v.readUInt16BE(5) / 100;
    s.p.gsmSignal = v[7];
    s.p.externalVoltage = v.readUInt16BE(8) / 100;
  } else return false;
  return true;
}
