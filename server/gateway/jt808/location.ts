/**
 * The 0x0200 location body (also inside 0x0201, 0x0704 and 0x0210): alarm word, status word,
 * position, BCD time in the device's zone (GMT+8 unless configured), then the extra items
 * (items.ts).
 */
import { ByteReader, deviceTime } from '../codec';
import { jt808Alarms } from './alarms';
import { aovxAlarms, applyAovxItems, isAovx } from './aovx-items';
import { applyItems, type Jt808Position } from './items';

export { jt808Alarms } from './alarms';
export type { Jt808Position } from './items';

/** BCD YYMMDDhhmmss; null when a nibble is not a digit or the date is impossible. */
export function readBcdTime(bytes: Buffer, offsetMinutes: number): Date | null {
  const hex = bytes.toString('hex');
  if (!/^\d{12}$/.test(hex)) return null;
  const [y, mo, d, h, mi, s] = [0, 2, 4, 6, 8, 10].map((i) => Number(hex.slice(i, i + 2)));
  return deviceTime(2000 + y, mo, d, h, mi, s, offsetMinutes);
}

/** Status word bits, latitude and longitude (the part 0x0900 type 0xF0 repeats). */
export function readStatusAndPlace(
  r: ByteReader,
): Pick<Jt808Position, 'latitude' | 'longitude' | 'acc' | 'fuelCut'> & { status: number } {
  const status = r.u32();
  let latitude = r.u32() / 1e6;
  let longitude = r.u32() / 1e6;
  if (status & 0x04) latitude = -latitude; // bit 2: south
  if (status & 0x08) longitude = -longitude; // bit 3: west
  return { status, latitude, longitude, acc: (status & 0x01) !== 0, fuelCut: (status & 0x400) !== 0 };
}

/**
 * Some firmware ends 0x0200 with 18 bytes that are not items: remaining battery and mileage (4),
 * odometer in km (u32), battery voltage (1/10 V), area id (u32), signal, 3 reserved. Read so
 * only when the bytes do not tile as items.
 */
const SHORT_TAIL = 18;

function tilesAsItems(body: Buffer, at: number): boolean {
  while (at + 2 <= body.length) at += 2 + body[at + 1];
  return at === body.length;
}

function readShortTail(p: Jt808Position, r: ByteReader): void {
  r.skip(4);
  p.mileage = r.u32();
  p.attributes = { batteryVoltage: r.u16() / 10, areaId: r.u32() };
  p.gsmSignal = r.u8();
}

/**
 * `v2019`: the frame has the 2019 header, whose alarm word redefines bits 15-17, 29 and 31 and
 * whose status word adds warnings in bits 6 and 7 (jt808Alarms).
 */
export function decodeJt808Location(
  body: Buffer,
  offsetMinutes: number,
  now: Date,
  v2019 = false,
): Jt808Position {
  const r = new ByteReader(body);
  const alarmWord = r.u32();
  const { status, latitude, longitude, acc, fuelCut } = readStatusAndPlace(r);
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
    acc,
    fuelCut,
  };
  let alarms = jt808Alarms(alarmWord, v2019 ? status : undefined);
  const wordAlarms = alarms.length;
  if (body.length - r.offset === SHORT_TAIL && !tilesAsItems(body, r.offset)) readShortTail(p, r);
  else applyItems(p, alarms, body, r.offset, offsetMinutes);
  // AOVX AL300/GL100 firmware (named by its 0xF2 item) has its own alarm word and items.
  if (isAovx(p)) {
    alarms = aovxAlarms(alarmWord, alarms, wordAlarms);
    applyAovxItems(p);
  }
  // Without a fix, the cells or access points heard are the position for a geolocation service.
  if (!p.valid && p.wifi?.length) p.positionType = 'wifi';
  else if (!p.valid && p.cells?.length) p.positionType = 'lbs';
  if (alarms.length) {
    p.alarms = alarms;
    p.alarm = alarms[0];
  }
  p.alarmsAreState = true;
  return p;
}
