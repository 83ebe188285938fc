/**
 * 0x0200 extra item 0x66: the tire pressure monitoring (TPMS) alarm of the active-safety
 * extension (Jiangsu "Su-biao" T/JSATL12-2017 table 4-18/4-19, on top of JT/T 808 and 1078).
 *
 *   alarm id u32, flag u8, speed u8 (km/h), altitude u16, latitude u32, longitude u32 (1e-6 deg),
 *   time BCD[6], vehicle status u16,                                             -- 24 bytes
 *   alarm identification: terminal id, time BCD[6], serial u8, attachments u8, reserved
 *     Su-biao: id 7 bytes, reserved 1 (16 bytes); Guangdong "Yue-biao": id 30, reserved 2 (40 bytes)
 *   event count u8, then per event (9 bytes): wheel position u8, event type u16 (bit flags),
 *   pressure u16 (kPa), temperature u16 (deg C), sensor battery u16 (%).
 *
 * The identification length is not announced: the layout whose event count tiles the item
 * exactly is used (41 + 9n and 65 + 9n never coincide). Anything else is malformed and skipped.
 */
import { ByteReader, deviceTime, type TireReport, type TireSensorEvent } from '../codec';

/** Bytes before the alarm identification. */
const HEAD = 24;
/** Alarm identification lengths: Su-biao, Guangdong. */
const IDENTIFICATION = [16, 40] as const;
const EVENT_SIZE = 9;
/** A WORD of all ones is "no value" throughout JT/T 808. */
const NONE = 0xffff;

function bcdTime(bytes: Buffer, offsetMinutes: number): Date | null {
  const hex = bytes.toString('hex');
  if (!/^\d{12}$/.test(hex)) return null;
  const [y, mo, d, h, mi, s] = [0, 2, 4, 6, 8, 10].map((i) => Number(hex.slice(i, i + 2)));
  return deviceTime(2000 + y, mo, d, h, mi, s, offsetMinutes);
}

/** The identification length whose event count fills the item exactly, or null. */
function identificationLength(v: Buffer): number | null {
  for (const len of IDENTIFICATION) {
    const at = HEAD + len;
    if (v.length > at && at + 1 + v[at] * EVENT_SIZE === v.length) return len;
  }
  return null;
}

function event(r: ByteReader): TireSensorEvent {
  const position = r.u8();
  const eventType = r.u16();
  const pressure = r.u16();
  const temperature = r.u16();
  const battery = r.u16();
  return {
    position,
    eventType,
    pressureKpa: pressure === NONE ? null : pressure,
    // Read as signed: a frozen tire below 0 deg C would otherwise read 65 thousand degrees.
    temperatureC: temperature === NONE ? null : temperature > 0x7fff ? temperature - 0x10000 : temperature,
    batteryPct: battery === NONE || battery > 100 ? null : battery,
  };
}

/** Decodes the value of a 0x66 item; null when it does not have one of the two layouts. */
export function decodeTpmsItem(value: Buffer, offsetMinutes: number): TireReport | null {
  const idLength = identificationLength(value);
  if (idLength === null) return null;
  try {
    return read(new ByteReader(value), idLength, offsetMinutes);
  } catch {
    // The length check above makes this unreachable; an item must never fail its frame.
    return null;
  }
}

function read(r: ByteReader, idLength: number, offsetMinutes: number): TireReport {
  const alarmId = r.u32();
  const flag = r.u8();
  r.skip(1 + 2 + 4 + 4); // speed, altitude, latitude, longitude: the 0x0200 body has them
  const time = bcdTime(r.bytes(6), offsetMinutes);
  r.skip(2 + idLength); // vehicle status, alarm identification
  const count = r.u8();
  const events: TireSensorEvent[] = [];
  for (let i = 0; i < count; i++) events.push(event(r));
  return { alarmId, flag, time, events };
}
