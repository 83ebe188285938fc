/**
 * Vendor extra items of 0x0200 (ids the standard leaves to manufacturers, mostly 0x51-0x5F and
 * 0xE1-0xFE). Vendors reuse ids with other layouts, so each reading checks the item's length
 * and returns false when it does not fit: the item is then kept raw. Layouts come from the
 * vendors' published protocol sheets as gathered by Traccar's decoder (facts, not code).
 */
import type { AlarmType } from '../codec';
import { addAlarms } from './alarms';
import type { ItemState } from './items';
import { itemEB } from './bsj-items';
import { itemE8 } from './jimi-items';
import { ascii, battery, isPrintable } from './item-helpers';
import { obdItem } from './obd-items';

const mac = (b: Buffer) => [...b].map((x) => x.toString(16).padStart(2, '0')).join(':');

/** 0xE1 cell list: MCC u16, MNC u16, then (LAC u24, cell id u32, signal u8) per cell. */
function cellsE1(s: ItemState, v: Buffer) {
  const mcc = v.readUInt16BE(0);
  const mnc = v.readUInt16BE(2);
  for (let at = 4; at + 8 <= v.length; at += 8)
    s.cells.push({ mcc, mnc, lac: v.readUIntBE(at, 3), cid: v.readUInt32BE(at + 3), rssi: v[at + 7] });
}

/** 0xF0 cell list: (MCC u16, MNC u16, cell id u32, LAC u32, signal u8) per cell. */
function cellsF0(s: ItemState, v: Buffer): boolean {
  if (v.length === 0 || v.length % 13 !== 0) return false;
  for (let at = 0; at < v.length; at += 13)
    s.cells.push({
      mcc: v.readUInt16BE(at),
      mnc: v.readUInt16BE(at + 2),
      cid: v.readUInt32BE(at + 4),
      lac: v.readUInt32BE(at + 8),
      rssi: v[at + 12],
    });
  return true;
}

/** 0xEC / 0xF4 Wi-Fi list: (MAC 6 bytes, signal i8) per access point. */
function wifiList(s: ItemState, v: Buffer): boolean {
  if (v.length === 0 || v.length % 7 !== 0) return false;
  for (let at = 0; at < v.length; at += 7)
    s.wifi.push({ mac: mac(v.subarray(at, at + 6)), rssi: v.readInt8(at + 6) });
  return true;
}

/** 0x60: event code; lock events 0x61-0x66 add a 6-byte lock id and an 8-character card. */
function item60(s: ItemState, v: Buffer): boolean {
  if (v.length < 2) return false;
  const event = v.readUInt16BE(0);
  s.attrs.event = event;
  if (event >= 0x61 && event <= 0x66 && v.length >= 16 && isPrintable(v.subarray(8, 16)))
    s.p.driverId = ascii(v.subarray(8, 16));
  return true;
}

/** 0xFE 0x7C: sub-items (id, length, value); id 0x01 is an alarm word; then a battery byte. */
function itemFE(s: ItemState, v: Buffer): boolean {
  if (v.length === 1) battery(s, v[0]);
  else if (v.length === 2) s.p.externalVoltage = v.readUInt16BE(0) / 10;
  else if (v.length === 4) s.attrs.odometer = v.readUInt32BE(0);
  else if (v[0] === 0x7c) {
    let at = 1;
    while (at + 2 <= v.length - 1) {
      const id = v[at];
      const len = v[at + 1];
      if (at + 2 + len > v.length - 1) break;
      if (id === 0x01 && len === 4) {
        const w = v.readUInt32BE(at + 2);
        const names: AlarmType[] = [
          'hardAcceleration',
          'hardBraking',
          'hardCornering',
          'accident',
          'tampering',
        ];
        addAlarms(
          s.alarms,
          names.filter((_, bit) => w & (1 << bit)),
        );
      }
      at += 2 + len;
    }
    battery(s, v[v.length - 1]);
  } else return false;
  return true;
}

export function applyVendorItem(s: ItemState, id: number, v: Buffer): boolean {
  if ((id >= 0x80 && id <= 0x8e && id !== 0x82) || id === 0x94 || id === 0xa0) return obdItem(s, id, v);
  const { p, attrs } = s;
  const n = v.length;
  switch (id) {
    case 0x51: // up to 8 temperatures, 1/10 deg C with a sign bit; 0xFFFF is none
      if (n !== 2 && n !== 16) return false;
      for (let at = 0; at < n; at += 2) {
        const w = v.readUInt16BE(at);
        if (w === 0xffff) continue;
        const t = (w & 0x8000 ? -(w & 0x7fff) : w) / 10;
        if (p.temperature === undefined) p.temperature = t;
        attrs[`temp${at / 2 + 1}`] = t;
      }
      return true;
    case 0x56: // battery in tens of percent, reserved byte
      if (n !== 2) return false;
      battery(s, v[0] * 10);
      return true;
    case 0x57: // alarm word: bit 8 hard acceleration, 9 hard braking, 10 hard cornering
      if (n < 2) return false;
      addAlarms(
        s.alarms,
        (['hardAcceleration', 'hardBraking', 'hardCornering'] as AlarmType[]).filter(
          (_, i) => v.readUInt16BE(0) & (0x100 << i),
        ),
      );
      return true;
    case 0x60: // event code; 0x61-0x66 (lock events) add a 6-byte lock id and an 8-character card
      return item60(s, v);
    case 0x61: // external power, 1/100 V
    case 0xd3: // external power, 1/10 V
    case 0x82:
      if (n !== 2) return false;
      p.externalVoltage = v.readUInt16BE(0) / (id === 0x61 ? 100 : 10);
      return true;
    case 0x69: // battery voltage, 1/100 V
      if (n !== 2) return false;
      attrs.batteryVoltage = v.readUInt16BE(0) / 100;
      return true;
    case 0xbc: // driver name
      attrs.driverName = ascii(v);
      return true;
    case 0xbd: // driver id
    case 0xed: // card id
      if (!isPrintable(v)) return false;
      p.driverId = ascii(v);
      return true;
    case 0xcc: // ICCID, 20 ASCII digits
      if (n !== 20) return false;
      p.iccid = ascii(v);
      return true;
    case 0xd0: // user status word: bit 3 vibration
      if (n !== 4) return false;
      if (v.readUInt32BE(0) & 0x8) addAlarms(s.alarms, ['vibration']);
      return true;
    case 0xd4:
    case 0xe1:
    case 0xe9:
      if (n === 1) {
        if (v[0] === 0xff) p.charging = true;
        else battery(s, v[0]);
      } else if (id === 0xe1 && n >= 12 && (n - 4) % 8 === 0) cellsE1(s, v);
      else if (id === 0xe1 && n === 2) p.externalVoltage = v.readUInt16BE(0) / 10;
      else if (n === 4) p.driverId = String(v.readUInt32BE(0));
      else return false;
      return true;
    case 0xe2: // fuel, 1/10 L
      if (n !== 4) return false;
      p.fuel = v.readUInt32BE(0) / 10;
      return true;
    case 0xe3: // reserved, level, voltage (1/100 V)
      if (n < 2) return false;
      battery(s, v[1]);
      if (n >= 4) attrs.batteryVoltage = v.readUInt16BE(2) / 100;
      return true;
    case 0xe4: // charge state (0 charging), level
      if (n !== 2) return false;
      if (v[0] === 0) p.charging = true;
      battery(s, v[1]);
      return true;
    case 0xe7: // alarm word: bit 0 vibration, bits 1-3 SOS
      if (n !== 8) return false;
      if (v[1] & 0x01) addAlarms(s.alarms, ['vibration']);
      if (v[1] & 0x0e) addAlarms(s.alarms, ['sos']);
      return true;
    case 0xe8:
      return itemE8(s, v);
    case 0xeb:
      if (n > 0 && isPrintable(v)) {
        attrs.timezone = ascii(v);
        return true;
      }
      return itemEB(s, v);
    case 0xec:
    case 0xf4:
      return wifiList(s, v);
    case 0xe5: // motion flag
      if (n !== 1) return false;
      attrs.motion = v[0] === 1;
      return true;
    case 0xee: // 10 bytes: one cell (MCC u16, MNC u8, LAC u16, cell u32, signal)
      if (n === 10) {
        s.cells.push({
          mcc: v.readUInt16BE(0),
          mnc: v[2],
          lac: v.readUInt16BE(3),
          cid: v.readUInt32BE(5),
          rssi: v[9],
        });
        return true;
      }
      // 6 bytes: signal, external power (mV), battery (mV), satellites
      if (n !== 6) return false;
      p.gsmSignal = v[0];
      p.externalVoltage = v.readUInt16BE(1) / 1000;
      attrs.batteryVoltage = v.readUInt16BE(3) / 1000;
      p.satellites = v[5];
      return true;
    case 0xf0:
      return cellsF0(s, v);
    case 0xf1: // external power, mV
      if (n !== 4) return false;
      p.externalVoltage = v.readUInt32BE(0) / 1000;
      return true;
    case 0xf2:
      if (!isPrintable(v)) return false;
      attrs.firmware = ascii(v);
      return true;
    case 0xf7: // battery mV, state (2/3 charging), level
      if (n < 4) return false;
      attrs.batteryVoltage = v.readUInt32BE(0) / 1000;
      if (n >= 5 && (v[4] === 2 || v[4] === 3)) p.charging = true;
      if (n >= 6) battery(s, v[5]);
      return true;
    case 0xfc: // the device's own geofence id
      if (n !== 1) return false;
      attrs.geofenceId = v[0];
      return true;
    case 0xfe:
      return n > 0 && itemFE(s, v);
    default:
      return false;
  }
}
