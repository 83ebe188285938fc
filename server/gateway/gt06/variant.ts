/**
 * Firmware variants that reuse a GT06 protocol number with another layout. The frame does not
 * name them; the packet length does (the facts come from the public Concox documents and the
 * layouts other open decoders, Traccar among them, accept). STANDARD is everything else.
 */
import { GT06_PROTOCOL as P } from './numbers';

export type Gt06Variant =
  | 'standard'
  | 'vxt01' // 0x12/0x16 at length 0x24: status after the fix, no LBS length
  | 'wanwayS20' // 0x24 at length 0x31: timing advance first, cell count byte
  | 'sr411' // 0x24 at length 0x2e: GPS + one cell + ACC, voltages
  | 's5' // 0x12 at length 0x2b: status, voltage, alarm, oil, temperature, odometer
  | 'space10x' // 0x19 at length >= 0x17: multi-LBS we do not decode
  | 'obd6' // 0x13 at length 0x13
  | 'jc400' // 0x95 with a 0xFFFF marker
  | 'sl4x' // 0x31/0x32/0x34 at the SL4X lengths
  | 'seeworld' // 0x22 at 0x2f, 0x16 at 0x26, 0xA3 at 0x0c/0x18
  | 'rfid' // 0x17 at length 0x28: GPS + LBS + RFID card
  | 'lw4g' // 0xA2 at length 0x40: GPS + 4G LBS + status
  | 'trx16i' // 0x16 at length 0x2d (RFID after the status), 0x36 at 0x35 (GPS + LBS + RFID)
  | 'imeiFirst'; // 0x12 whose body opens with the BCD IMEI, then the usual GPS + LBS (QH302R)

/** YY MM DD hh mm ss at `at` that a clock could show. */
function plausibleDate(b: Buffer, at: number): boolean {
  if (b.length < at + 6) return false;
  const [, mo, d, h, mi, s] = b.subarray(at, at + 6);
  return mo >= 1 && mo <= 12 && d >= 1 && d <= 31 && h < 24 && mi < 60 && s < 60;
}

/** An 8-byte BCD IMEI (leading 0 nibble) instead of the time, and the time right after it. */
function imeiFirst(body: Buffer): boolean {
  return (
    !plausibleDate(body, 0) &&
    /^0\d{15}$/.test(body.subarray(0, 8).toString('hex')) &&
    plausibleDate(body, 8)
  );
}

/** The variant of a frame, from its start mark, protocol number, declared length and body. */
export function gt06Variant(extended: boolean, protocol: number, length: number, body: Buffer): Gt06Variant {
  if (extended) return 'standard';
  switch (protocol) {
    case P.gpsLbs:
      if (length === 0x24) return 'vxt01';
      if (length === 0x2b) return 's5';
      return imeiFirst(body) ? 'imeiFirst' : 'standard';
    case P.alarm:
      return length === 0x24
        ? 'vxt01'
        : length === 0x26
          ? 'seeworld'
          : length === 0x2d
            ? 'trx16i'
            : 'standard';
    case P.lbsMultiple3:
      return length === 0x31 ? 'wanwayS20' : length === 0x2e ? 'sr411' : 'standard';
    case P.lbsStatus:
      return length >= 0x17 ? 'space10x' : 'standard';
    case P.status:
      return length === 0x13 ? 'obd6' : 'standard';
    case P.alarm95:
      return body.length >= 2 && body.readUInt16BE(0) === 0xffff ? 'jc400' : 'standard';
    case P.x1Gps:
      return length === 0x37 ? 'sl4x' : 'standard';
    case P.gpsLbs5:
      return length === 0x2a ? 'sl4x' : 'standard';
    case P.alarm4:
      return length === 0x27 || length === 0x29 ? 'sl4x' : 'standard';
    case P.gpsLbs2:
      return length === 0x2f ? 'seeworld' : 'standard';
    case P.fenceSingle:
      return length === 0x0c || length === 0x18 ? 'seeworld' : 'standard';
    case P.wifi:
      return length === 0x28 ? 'rfid' : 'standard';
    case P.wifi3:
      return length === 0x40 ? 'lw4g' : 'standard';
    case P.status2:
      return length === 0x35 ? 'trx16i' : 'standard';
    default:
      return 'standard';
  }
}
