/**
 * The extra items (id u8, length u8, value) after a 0x0200 location body: the standard's items
 * (JT/T 808-2013 table 27 and 2019's additions, JT/T 1078's 0x14-0x18, the active-safety
 * 0x64-0x67) here, vendor items in vendor-items.ts. An item whose length does not fit its layout
 * is kept raw; an unknown item is kept raw (attributes.raw, by hex id) for later study.
 */
import type { AlarmType, CellTower, DeviceStatus, PositionFix, WifiAccessPoint } from '../codec';
import { addAlarms, readActiveSafety, videoAlarms } from './alarms';
import { decodeTpmsItem } from './tpms';
import { applyVendorItem } from './vendor-items';

export type Jt808Position = PositionFix & DeviceStatus;

/** What the items of one body add up to before they are put on the position. */
export interface ItemState {
  p: Jt808Position;
  alarms: AlarmType[];
  attrs: Record<string, unknown>;
  raw: Record<string, string>;
  cells: CellTower[];
  wifi: WifiAccessPoint[];
  offsetMinutes: number;
}

/** Raw items longer than this are not kept (a photo or a log has no place in a position). */
const MAX_RAW_ITEM = 64;

const setBattery = (s: ItemState, n: number) => {
  if (n <= 100) s.p.battery = n;
};

/** 0x12 and 0x11 location types: 0 none, 1 circle, 2 rectangle, 3 polygon, 4 route. */
function geofenceDirection(s: ItemState, v: Buffer): void {
  if (v.length < 6) return;
  s.attrs.areaType = v[0];
  s.attrs.areaId = v.readUInt32BE(1);
  // The item explains alarm word bit 20/21; alone it raises nothing (some firmware repeats it).
  const at = s.alarms.indexOf('geofence');
  if (at >= 0) s.alarms[at] = v[5] === 0 ? 'geofenceEnter' : 'geofenceExit';
}

/** Applies one item; returns false when it is neither a standard nor a known vendor item. */
function applyStandard(s: ItemState, id: number, v: Buffer): boolean {
  const { p, attrs } = s;
  switch (id) {
    case 0x01: // odometer, 1/10 km
      if (v.length !== 4) return false;
      p.mileage = v.readUInt32BE(0) / 10;
      return true;
    case 0x02: // fuel, 1/10 L; some firmware sets bit 15 and sends a percentage
      if (v.length !== 2) return false;
      if (v[0] & 0x80) attrs.fuelPercent = v.readUInt16BE(0) & 0x7fff;
      else p.fuel = v.readUInt16BE(0) / 10;
      return true;
    case 0x03: // speed of the tachograph, 1/10 km/h
      if (v.length !== 2) return false;
      attrs.tachographSpeed = v.readUInt16BE(0) / 10;
      return true;
    case 0x04: // id of an alarm event confirmed by hand
      if (v.length !== 2) return false;
      attrs.alarmEventId = v.readUInt16BE(0);
      return true;
    case 0x06: // 2019: carriage temperature (signed WORD, deg C); 1 byte: battery % (vendor)
      if (v.length === 2) p.temperature = v.readInt16BE(0);
      else if (v.length === 1) setBattery(s, v[0]);
      else return false;
      return true;
    case 0x11: // overspeed extra: location type, then the area or route id
      if (v.length !== 1 && v.length !== 5) return false;
      attrs.overspeedAreaType = v[0];
      if (v.length === 5) attrs.overspeedAreaId = v.readUInt32BE(1);
      return true;
    case 0x12: // in/out of area or route: type, id, direction (0 in, 1 out)
      if (v.length !== 6) return false;
      geofenceDirection(s, v);
      return true;
    case 0x13: // route segment time: segment id, driving time (s), result (0 too short, 1 too long)
      if (v.length !== 7) return false;
      attrs.routeSegment = v.readUInt32BE(0);
      attrs.routeSegmentTime = v.readUInt16BE(4);
      attrs.routeSegmentResult = v[6];
      return true;
    case 0x14: // JT/T 1078 video alarms
      if (v.length !== 4) return false;
      attrs.videoAlarm = v.readUInt32BE(0);
      addAlarms(s.alarms, videoAlarms(v.readUInt32BE(0)));
      return true;
    case 0x15: // video signal loss per channel
    case 0x16: // video occlusion per channel
      if (v.length !== 4) return false;
      attrs[id === 0x15 ? 'videoLoss' : 'videoOcclusion'] = v.readUInt32BE(0);
      return true;
    case 0x17: // storage fault per unit
      if (v.length !== 2) return false;
      attrs.storageFault = v.readUInt16BE(0);
      return true;
    case 0x18: // abnormal driving: bit 0 fatigue, 1 phone, 2 smoking; fatigue level
      if (v.length !== 3) return false;
      attrs.driving = v.readUInt16BE(0);
      attrs.fatigueLevel = v[2];
      if (v[1] & 0x01) addAlarms(s.alarms, ['fatigue']);
      if (v[1] & 0x06) addAlarms(s.alarms, ['distraction']);
      return true;
    case 0x25: // extended vehicle signals: lamps, brake, reverse, doors of some vendors…
      if (v.length !== 4) return false;
      attrs.signals = v.readUInt32BE(0);
      return true;
    case 0x2a: // IO status: bit 0 deep sleep, bit 1 sleep
      if (v.length !== 2) return false;
      attrs.io = v.readUInt16BE(0);
      return true;
    case 0x2b: // analog: bits 0-15 AD0, 16-31 AD1
      if (v.length !== 4) return false;
      attrs.adc0 = v.readUInt16BE(2);
      attrs.adc1 = v.readUInt16BE(0);
      return true;
    case 0x30:
      if (v.length !== 1) return false;
      p.gsmSignal = v[0];
      return true;
    case 0x31:
      if (v.length !== 1) return false;
      p.satellites = v[0];
      return true;
    case 0x64: // ADAS
    case 0x65: // DSM
    case 0x67: // BSD (a short 0x67 is some vendors' lock password: vendor items)
    case 0x70: {
      // intense driving
      if (id === 0x67 && v.length < 30) return false;
      const a = readActiveSafety(id, v);
      if (!a) return false;
      const key = { 0x64: 'adas', 0x65: 'dsm', 0x67: 'bsd', 0x70: 'drivingEvent' }[id]!;
      attrs[key] = { type: a.type, flag: a.flag, alarmId: a.alarmId };
      if (a.alarm) addAlarms(s.alarms, [a.alarm]);
      return true;
    }
    case 0x66: {
      // Tire pressure monitoring; a malformed item is skipped, the position is kept.
      const tires = decodeTpmsItem(v, s.offsetMinutes);
      if (tires?.events.length) p.tires = tires;
      return tires !== null;
    }
    default:
      return false;
  }
}

/** Reads the extra items from `r`'s position to its end onto the position. */
export function applyItems(
  p: Jt808Position,
  alarms: AlarmType[],
  body: Buffer,
  at: number,
  offsetMinutes: number,
): void {
  const s: ItemState = { p, alarms, attrs: {}, raw: {}, cells: [], wifi: [], offsetMinutes };
  // A truncated last item ends the list instead of failing the position.
  while (at + 2 <= body.length) {
    const id = body[at];
    const len = body[at + 1];
    if (at + 2 + len > body.length) break;
    const v = body.subarray(at + 2, at + 2 + len);
    at += 2 + len;
    if (applyStandard(s, id, v) || applyVendorItem(s, id, v)) continue;
    if (len <= MAX_RAW_ITEM) s.raw[id.toString(16).padStart(2, '0')] = v.toString('hex');
  }
  if (Object.keys(s.raw).length) s.attrs.raw = s.raw;
  if (Object.keys(s.attrs).length) p.attributes = s.attrs;
  if (s.cells.length) p.cells = s.cells;
  if (s.wifi.length) p.wifi = s.wifi;
}
