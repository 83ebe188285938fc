/**
 * The 0x0200 location body (also inside 0x0201 and 0x0704): alarm word, status word, position,
 * BCD time in the device's zone (GMT+8 unless configured), then id/length/value extras.
 */
import { ByteReader, deviceTime, type AlarmType, type DeviceStatus, type PositionFix } from '../codec';
import { decodeTpmsItem } from './tpms';

/** Alarm word bits (JT/T 808-2013 table 24). Bits 15-17 are reserved there but vendors use them. */
const ALARM_BITS: ReadonlyArray<[number, AlarmType]> = [
  [0, 'sos'],
  [1, 'overspeed'],
  [2, 'fatigue'],
  [4, 'fault'], // GNSS module fault
  [5, 'gpsAntennaCut'],
  [6, 'gpsAntennaCut'], // antenna short circuit
  [7, 'lowBattery'], // main power under-voltage
  [8, 'powerCut'], // main power off
  [15, 'vibration'],
  [16, 'tampering'],
  [17, 'tampering'],
  [20, 'geofence'], // in/out of area; item 0x12 tells the direction
  [28, 'movement'], // illegal displacement
  [29, 'collision'],
  [30, 'rollover'],
];

export function jt808Alarms(word: number): AlarmType[] {
  const alarms: AlarmType[] = [];
  for (const [bit, name] of ALARM_BITS) {
    if ((word >>> bit) & 1 && !alarms.includes(name)) alarms.push(name);
  }
  return alarms;
}

/** BCD YYMMDDhhmmss; null when a nibble is not a digit or the date is impossible. */
function readBcdTime(bytes: Buffer, offsetMinutes: number): Date | null {
  const hex = bytes.toString('hex');
  if (!/^\d{12}$/.test(hex)) return null;
  const [y, mo, d, h, mi, s] = [0, 2, 4, 6, 8, 10].map((i) => Number(hex.slice(i, i + 2)));
  return deviceTime(2000 + y, mo, d, h, mi, s, offsetMinutes);
}

export type Jt808Position = PositionFix & DeviceStatus;

/**
 * BSJ-style item 0xEB: sub-items of (length u16, id u16, data). Read only when the sub-items
 * tile the item exactly, because other vendors put cell lists or text under the same id.
 */
function readExtendedBattery(value: Buffer): number | undefined {
  const items: Array<[number, Buffer]> = [];
  let at = 0;
  while (at + 4 <= value.length) {
    const len = value.readUInt16BE(at);
    if (len < 2 || at + 2 + len > value.length) return undefined;
    items.push([value.readUInt16BE(at + 2), value.subarray(at + 4, at + 2 + len)]);
    at += 2 + len;
  }
  if (at !== value.length) return undefined;
  const battery = items.find(([id, data]) => (id === 0x00a8 || id === 0x00e1) && data.length >= 1);
  return battery ? battery[1][0] : undefined;
}

/** Applies one extra item; unknown ids are skipped. Battery ids are vendor items seen in the wild. */
function applyExtra(p: Jt808Position, id: number, v: Buffer, offsetMinutes: number): void {
  const percent = (n: number) => {
    if (n <= 100) p.battery = n;
  };
  switch (id) {
    case 0x01:
      if (v.length >= 4) p.mileage = v.readUInt32BE(0) / 10;
      break;
    case 0x12: // in/out area: type, area id, direction (0 in, 1 out)
      if (v.length >= 6 && p.alarms?.includes('geofence')) {
        const named: AlarmType = v[5] === 0 ? 'geofenceEnter' : 'geofenceExit';
        p.alarms = p.alarms.map((a) => (a === 'geofence' ? named : a));
      }
      break;
    case 0x30:
      if (v.length >= 1) p.gsmSignal = v[0];
      break;
    case 0x31:
      if (v.length >= 1) p.satellites = v[0];
      break;
    case 0x06:
    case 0xe1:
      if (v.length === 1) percent(v[0]);
      break;
    case 0xd4:
      if (v.length === 1 && v[0] === 0xff) p.charging = true;
      else if (v.length === 1) percent(v[0]);
      break;
    case 0x56: // level in tens of percent, then a reserved byte
      if (v.length === 2) percent(v[0] * 10);
      break;
    case 0xe3: // reserved, level, voltage
      if (v.length >= 2) percent(v[1]);
      break;
    case 0xe4: // charge state (0 charging), level
      if (v.length === 2) {
        if (v[0] === 0) p.charging = true;
        percent(v[1]);
      }
      break;
    case 0xeb: {
      const level = readExtendedBattery(v);
      if (level !== undefined) percent(level);
      break;
    }
    case 0x66: {
      // Tire pressure monitoring; a malformed item is skipped, the position is kept.
      const tires = decodeTpmsItem(v, offsetMinutes);
      if (tires?.events.length) p.tires = tires;
      break;
    }
  }
}

export function decodeJt808Location(body: Buffer, offsetMinutes: number, now: Date): Jt808Position {
  const r = new ByteReader(body);
  const alarmWord = r.u32();
  const status = r.u32();
  let latitude = r.u32() / 1e6;
  let longitude = r.u32() / 1e6;
  if (status & 0x04) latitude = -latitude; // bit 2: south
  if (status & 0x08) longitude = -longitude; // bit 3: west
  const altitude = r.i16();
  const speed = r.u16() / 10;
  const course = r.u16();
  const time = readBcdTime(r.bytes(6), offsetMinutes);
  const p: Jt808Position = {
    time: time ?? now,
    valid: time !== null && (status & 0x02) !== 0,
    latitude,
    longitude,
    speed,
    course,
    altitude,
    // Bit 18 means GPS used, bit 19 BeiDou used; a BeiDou-only fix is reported as 'bds'.
    positionType: status & 0x80000 && !(status & 0x40000) ? 'bds' : 'gps',
    acc: (status & 0x01) !== 0,
    fuelCut: (status & 0x400) !== 0,
  };
  const alarms = jt808Alarms(alarmWord);
  if (alarms.length) p.alarms = alarms;
  // Extras: id (1), length (1), value. A truncated last item ends the list instead of failing.
  while (r.remaining >= 2) {
    const id = r.u8();
    const len = r.u8();
    if (len > r.remaining) break;
    applyExtra(p, id, r.bytes(len), offsetMinutes);
  }
  if (p.alarms?.length) p.alarm = p.alarms[0];
  return p;
}
