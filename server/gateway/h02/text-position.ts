/**
 * H02 text position reports: V1 (the standard report, also the "login": the first frame with an
 * id), V2/V5/V6/V8/V19/VI1... (firmware variants of the same sentence) and the position part of
 * V4 command answers. After the type (and, for V4, the answered command):
 * hhmmss, validity (A/V/B, empty, or a number: a coding scheme, then the fix is valid), latitude,
 * N/S, longitude, E/W, speed (knots), course, [battery], ddmmyy, then the status word, optionally
 * preceded by 3 SIM fields (V19: ?, phone or IP, ICCID), then optional extras: either
 * odometer (m), temperature, fuel, altitude, LAC (hex), cell id (hex), or free values kept as
 * `attributes.io1..`.
 */
import { messageOf, type LocationMessage } from '../codec';
import { H02_MARK, KNOT_KMH, type FrameContext } from './context';
import { coordinate, isDate6, isHex8, num, statusWord, textTime, type TextFrame } from './fields';
import { batteryPercent, decodeStatusWord } from './status';

const VALIDITY = /^([ABV]?|\d+)$/;
/** odometer, temperature, fuel, altitude, LAC, cell id (Traccar's reading of the 6-value tail). */
const SENSORS = [/^\d+$/, /^-?\d+$/, /^\d+\.\d+$/, /^-?\d+$/, /^[0-9A-Fa-f]+$/, /^[0-9A-Fa-f]+$/];

/** Index of the hhmmss field that starts the position, searching from `from`; -1 if none. */
export function positionStart(fields: string[], from: number): number {
  for (let j = from; j + 5 < fields.length; j++) {
    const time = fields[j].trim();
    if (time !== '' && !/^\d{6}$/.test(time)) continue;
    if (!VALIDITY.test(fields[j + 1].trim())) continue;
    if (/^[NS0]$/.test(fields[j + 3]) && /^[EW0]$/.test(fields[j + 5])) return j;
  }
  return -1;
}

export function decodeTextPosition(t: TextFrame, start: number, ctx: FrameContext): LocationMessage {
  const f = t.fields.map((s) => s.trim());
  const validity = f[start + 1];
  let latitude = coordinate(f[start + 2], f[start + 3], 'S');
  let longitude = coordinate(f[start + 4], f[start + 5], 'W');
  const hasFix = !Number.isNaN(latitude) && !Number.isNaN(longitude);
  let k = start + 8;
  const attributes: Record<string, unknown> = {};
  let battery: number | undefined;
  if (/^\d{1,3}$/.test(f[k] ?? '') && isDate6(f[k + 1])) battery = Number(f[k++]);
  const date = f[k++];
  const time = textTime(f[start], date, ctx.session.timezoneOffsetMinutes ?? 0);
  let iccid: string | undefined;
  if (!isHex8(f[k]) && isHex8(f[k + 3])) {
    // V19: three SIM fields before the status word.
    if (f[k + 1]) attributes.phone = f[k + 1];
    iccid = f[k + 2].replace(/[^0-9A-Za-z]/g, '') || undefined;
    k += 3;
  }
  const status = isHex8(f[k]) ? decodeStatusWord(statusWord(f[k++])) : {};
  if (!hasFix) latitude = longitude = 0;
  const msg = messageOf<LocationMessage>(ctx.base(H02_MARK.text), status, {
    type: status.alarm ? 'alarm' : 'location',
    time: time ?? ctx.now,
    valid: hasFix && time !== null && (validity === 'A' || /^\d+$/.test(validity)),
    latitude,
    longitude,
    speed: num(f[start + 6]) * KNOT_KMH,
    course: num(f[start + 7]),
    positionType: 'gps',
  });
  const percent = battery === undefined ? undefined : batteryPercent(battery);
  if (percent !== undefined) msg.battery = percent;
  if (iccid) msg.iccid = iccid;
  readExtras(f.slice(k), msg, attributes);
  if (Object.keys(attributes).length) msg.attributes = { ...msg.attributes, ...attributes };
  return msg;
}

/** The values after the status word (see the file comment). */
function readExtras(extra: string[], msg: LocationMessage, attributes: Record<string, unknown>): void {
  while (extra.length && extra[extra.length - 1] === '') extra.pop();
  if (!extra.length) return;
  if (extra.length === SENSORS.length && extra.every((v, i) => SENSORS[i].test(v))) {
    msg.mileage = Number(extra[0]) / 1000;
    msg.temperature = Number(extra[1]);
    msg.fuel = Number(extra[2]);
    msg.altitude = Number(extra[3]);
    attributes.lac = parseInt(extra[4], 16);
    attributes.cid = parseInt(extra[5], 16);
    return;
  }
  extra.forEach((v, i) => (attributes[`io${i + 1}`] = v));
}
