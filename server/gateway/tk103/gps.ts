/**
 * The GPS block every TK103 position frame carries, in its two layouts:
 * - fixed width (Xexun TK103/TK103B and their clones, documents "GPRS Communication Protocol"
 *   V1.5 (KX402)): `yymmdd A ddmm.mmmm N dddmm.mmmm E sss.s hhmmss ccc.cc <8 status> L<hex>`,
 *   fields padded with zeros or spaces;
 * - comma separated (newer firmware, 15-digit IMEI ids):
 *   `ddmmyy,A,ddmm.mmmmN,dddmm.mmmmE,speed,hhmmss,course[,altitude,satellites|,status,L<hex>]`.
 * Speed is km/h, times UTC, the odometer after `L` is metres in hex. Layout variants are those
 * of the public frames in Traccar's Tk103ProtocolDecoderTest.
 */
import { deviceTime, type DeviceStatus, type PositionFix } from '../codec';

/** Date, validity, latitude and longitude: the part both layouts share. */
const HEAD = /(\d\d)(\d\d)(\d\d)(,?)([AV]),?( *\d*)(\d\d\.\d+)([NS]),?( *\d*)(\d\d\.\d+)([EW])/;
/**
 * The fixed-width tail: speed (up to 5), time, then either course (6 or 2) with the 8 status
 * characters and the odometer, or a bare course.
 */
const FIXED_TAIL =
  /^([ \d.]{1,5})(?:\d*,)?(\d\d)(\d\d)(\d\d),?(?:(?:([ \d.]{6})|(\d\d)),?([01])([01])([0-9A-Fa-f]{3})([0-9A-Fa-f]{3})L([0-9A-Fa-f]+)|(\d+\.\d+))?/;
const STATUS = /^[01]{2}[0-9A-Fa-f]{6}$/;
const TEMPERATURE = /^([+-]\d{3}\.\d)/;

export interface Tk103Gps {
  fix: PositionFix;
  status: DeviceStatus;
  attributes: Record<string, unknown>;
  /** Body text before the block (alarm code, IMEI, BQ81 fields). */
  before: string;
}

const coordinate = (deg: string, min: string, hemi: string): number => {
  const value = Number(deg.trim() || '0') + Number(min) / 60;
  return hemi === 'S' || hemi === 'W' ? -value : value;
};

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
/** Whole degrees 0-359: positions store the course as a small integer. */
const degrees = (text: string | undefined): number => {
  const n = Math.round(Number((text ?? '0').trim()));
  return Number.isFinite(n) ? ((n % 360) + 360) % 360 : 0;
};

/** Finds and reads the GPS block in `body`; null when the body has none. */
export function readGps(body: string, now: Date, offsetMinutes = 0): Tk103Gps | null {
  const head = HEAD.exec(body);
  if (!head) return null;
  const [whole, d1, d2, d3, comma, av, latDeg, latMin, ns, lonDeg, lonMin, ew] = head;
  const tail = body.slice(head.index + whole.length);
  // Fixed width writes yymmdd, the comma layout ddmmyy.
  const [yy, mm, dd] = comma ? [d3, d2, d1] : [d1, d2, d3];
  const out: Tk103Gps = {
    fix: {
      time: now,
      valid: false,
      latitude: round6(coordinate(latDeg, latMin, ns)),
      longitude: round6(coordinate(lonDeg, lonMin, ew)),
      speed: 0,
      course: 0,
      positionType: 'gps',
    },
    status: {},
    attributes: {},
    before: body.slice(0, head.index),
  };
  const clock = comma ? readCommaTail(tail, out) : readFixedTail(tail, out);
  if (!clock) return out;
  const time = deviceTime(
    2000 + Number(yy),
    Number(mm),
    Number(dd),
    clock[0],
    clock[1],
    clock[2],
    offsetMinutes,
  );
  const inRange = Math.abs(out.fix.latitude) <= 90 && Math.abs(out.fix.longitude) <= 180;
  if (!inRange) out.fix.latitude = out.fix.longitude = 0;
  out.fix.time = time ?? now;
  out.fix.valid = av === 'A' && time !== null && inRange;
  return out;
}

function readFixedTail(tail: string, out: Tk103Gps): [number, number, number] | null {
  const m = FIXED_TAIL.exec(tail);
  if (!m) return null;
  const [whole, speed, h, mi, s, course6, course2, charge, acc, io, fuel, odometer, bareCourse] = m;
  out.fix.speed = Number(speed.trim()) || 0;
  out.fix.course = degrees(course6 ?? course2 ?? bareCourse);
  if (charge !== undefined) readStatus(`${charge}${acc}${io}${fuel}`, out);
  if (odometer !== undefined) out.fix.mileage = parseInt(odometer, 16) / 1000;
  const temp = TEMPERATURE.exec(tail.slice(whole.length));
  if (temp) out.status.temperature = Number(temp[1]);
  return [Number(h), Number(mi), Number(s)];
}

function readCommaTail(tail: string, out: Tk103Gps): [number, number, number] | null {
  const fields = tail.replace(/^,/, '').split(',');
  const [speed, time, course, ...extra] = fields;
  if (!/^\d{6}$/.test(time ?? '')) return null;
  out.fix.speed = Number(speed) || 0;
  out.fix.course = degrees(course);
  const numbers: string[] = [];
  for (const f of extra) {
    if (STATUS.test(f)) readStatus(f, out);
    else if (/^L[0-9A-Fa-f]+$/.test(f)) out.fix.mileage = parseInt(f.slice(1), 16) / 1000;
    else if (/^-?\d+(\.\d+)?$/.test(f)) numbers.push(f);
  }
  // Coban-style firmware (DW3x, ZC1x) follows the course with altitude (m) and satellites.
  const [altitude, satellites] = numbers;
  if (satellites !== undefined && /^\d{1,2}$/.test(satellites)) {
    out.fix.altitude = Number(altitude);
    out.fix.satellites = Number(satellites);
  }
  return [Number(time.slice(0, 2)), Number(time.slice(2, 4)), Number(time.slice(4, 6))];
}

/**
 * The 8 status characters: main power ('0' on external power, charging), ACC ('1' on), three
 * hex masks of inputs and outputs, then the fuel sensor (3 hex digits).
 */
function readStatus(chars: string, out: Tk103Gps): void {
  const mask = (i: number) => parseInt(chars[i], 16);
  out.status.charging = chars[0] === '0';
  out.status.acc = chars[1] === '1';
  const m1 = mask(2);
  const m2 = mask(3);
  out.attributes.in2 = Boolean(m1 & 1);
  out.attributes.panic = Boolean(m1 & 2);
  out.attributes.out2 = Boolean(m1 & 4);
  if (m1 & 8) out.status.fuelCut = true;
  if (m2 & 8) out.attributes.door = true;
  out.attributes.status = chars;
  out.attributes.fuel = parseInt(chars.slice(5, 8), 16);
}
