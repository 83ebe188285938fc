/**
 * The building blocks GT06 bodies share: the device time, the GPS block, one cell tower and the
 * Wi-Fi list. Each reads from a bounds-checked ByteReader, so a short body throws DecodeError.
 */
import { ByteReader, deviceTime, type CellTower, type PositionFix, type WifiAccessPoint } from '../codec';
import { GT06_PROTOCOL as P } from './numbers';
import type { Gt06Variant } from './variant';

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** YY MM DD hh mm ss in the device's zone; null when impossible. */
export function readDate(r: ByteReader, offsetMinutes: number): Date | null {
  const [y, mo, d, h, mi, s] = r.bytes(6);
  return deviceTime(2000 + y, mo, d, h, mi, s, offsetMinutes);
}

export interface GpsLayout {
  /** A GPS length byte after the time; 0 means "no fix follows" (AZ735). */
  hasLength?: boolean;
  /** The satellites byte (low nibble); absent in the short JC100 event packet. */
  satellites?: boolean;
  /** The speed byte; absent in the short JC100 event packet. */
  speed?: boolean;
  /** JC400: speed is two bytes and comes after the course word. */
  jc400?: boolean;
}

/** Course/status word: course in bits 0-9, north bit 10, west bit 11, fixed bit 12, ACC bits 14-15. */
function applyCourseWord(fix: PositionFix & { acc?: boolean }, flags: number) {
  fix.course = flags & 0x03ff;
  if ((flags & 0x0400) === 0) fix.latitude = -fix.latitude;
  if ((flags & 0x0800) !== 0) fix.longitude = -fix.longitude;
  // Bit 14 says bit 15 carries the ACC line (4G firmware).
  if (flags & 0x4000) fix.acc = (flags & 0x8000) !== 0;
  return (flags & 0x1000) !== 0;
}

/**
 * Time, satellites, coordinates (1/1,800,000 degree), speed (km/h) and the course word.
 * Returns null only when a GPS length byte says no fix follows (the time is then consumed).
 */
export function readGps(
  r: ByteReader,
  offsetMinutes: number,
  now: Date,
  layout: GpsLayout = {},
): (PositionFix & { acc?: boolean }) | null {
  const time = readDate(r, offsetMinutes);
  if (layout.hasLength && r.u8() === 0) return null;
  const satellites = layout.satellites === false ? undefined : r.u8() & 0x0f;
  const fix: PositionFix & { acc?: boolean } = {
    time: time ?? now,
    valid: false,
    latitude: round6(r.u32() / 1_800_000),
    longitude: round6(r.u32() / 1_800_000),
    speed: 0,
    course: 0,
    positionType: 'gps',
  };
  if (satellites !== undefined) fix.satellites = satellites;
  let flags: number;
  if (layout.jc400) {
    flags = r.u16();
    fix.speed = r.u16();
  } else {
    if (layout.speed !== false) fix.speed = r.u8();
    flags = r.u16();
  }
  fix.valid = applyCourseWord(fix, flags) && time !== null;
  return fix;
}

/** Reads a big-endian unsigned integer of 8 bytes as a number (4G/5G cell ids fit in 53 bits). */
function u64(r: ByteReader): number {
  const hi = r.u32();
  const lo = r.u32();
  return hi * 2 ** 32 + lo;
}

/** Protocols whose single cell has a four-byte LAC and an eight-byte cell id (4G). */
const CELL_4G = new Set<number>([P.lbsAlarm, P.gpsLbs7]);

/**
 * One serving cell: MCC (bit 15 announces a two-byte MNC), MNC, LAC and cell id, whose widths
 * depend on the protocol and variant. With `hasLength` a length byte comes first; it may or may
 * not count itself, so only a longer block is skipped past, and 0 means no cell (the zero bytes
 * that follow are then skipped). Returns null when there is no cell.
 */
export function readCell(
  r: ByteReader,
  protocol: number,
  variant: Gt06Variant,
  hasLength: boolean,
): CellTower | null {
  let length = 0;
  const start = r.offset;
  if (hasLength) {
    length = r.u8();
    if (length === 0) {
      // Some firmware zero-fills the cell block after a 0 length; skip it only when it is all zero.
      const zeros = r.buf.subarray(r.offset + 9, Math.min(r.offset + 45, r.end));
      if (zeros.length && zeros.every((b) => b === 0)) r.skip(Math.min(r.remaining, 45));
      return null;
    }
  }
  const typed = protocol === P.gpsLbs8 || protocol === P.alarmModule;
  const cellType = typed ? r.u8() : 0;
  const mccWord = r.u16();
  const mnc = mccWord & 0x8000 || protocol === P.gpsLbs6 || variant === 'sl4x' ? r.u16() : r.u8();
  // A length byte of 15 or more announces the 4G widths (1 + 2 + 1 + 4 + 8 with or without itself),
  // as JM-LL301 and VL-series firmware send in 0x27/0xA4; shorter blocks hold the 2G widths.
  const wide =
    cellType >= 3 ||
    CELL_4G.has(protocol) ||
    (protocol === P.wifi3 && variant === 'lw4g') ||
    (hasLength && length >= 15 + (mccWord & 0x8000 ? 1 : 0));
  const lac = wide ? r.u32() : r.u16();
  let cid: number;
  if (wide || variant === 'sl4x') cid = u64(r);
  else if (
    protocol === P.gpsLbs6 ||
    protocol === P.iButton ||
    protocol === P.gpsLbsDriver ||
    variant === 'seeworld' ||
    (variant === 'trx16i' && protocol === P.status2)
  )
    cid = r.u32();
  else cid = r.u24();
  const cell: CellTower = { mcc: mccWord & 0x7fff, mnc, lac, cid };
  if (cellType >= 3) cell.rssi = r.u16();
  else if (typed) cell.rssi = r.u8();
  if (length > 9) {
    const used = r.offset - start;
    if (length > used) r.skip(Math.min(length - used, r.remaining));
  }
  return cell;
}

/** aa:bb:cc:dd:ee:ff of six bytes. */
export function macAddress(bytes: Buffer): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(':');
}

/** `count` access points of MAC (6) and, unless told otherwise, signal strength (1). */
export function readWifi(r: ByteReader, count: number, withRssi = true): WifiAccessPoint[] {
  const out: WifiAccessPoint[] = [];
  for (let i = 0; i < count; i++) {
    const ap: WifiAccessPoint = { mac: macAddress(r.bytes(6)) };
    if (withRssi) ap.rssi = -r.u8();
    out.push(ap);
  }
  return out;
}
