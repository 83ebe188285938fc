/**
 * The answer of GT06 firmware to a WHERE command in a 0x21 string packet:
 * `Current position!Lat:N54.739332,Lon:E25.273270,Course:126.53,Speed:0.0000,DateTime:2017-05-26  10:27:47`
 * (degrees with a hemisphere letter, course, speed in km/h, device time). The layout is the one
 * of Traccar's Gt06 decoder and test frame; the time is read in the device's zone like the
 * binary packets.
 */
import { deviceTime, type PositionFix } from '../codec';

const LOCATION_TEXT =
  /Current position!Lat:([NS])(\d+\.\d+),Lon:([EW])(\d+\.\d+),Course:(\d+(?:\.\d+)?),Speed:(\d+(?:\.\d+)?),DateTime:(\d{4})-(\d\d)-(\d\d) +(\d\d):(\d\d):(\d\d)/;

/** The position a WHERE answer carries, or null when the text is not one. */
export function parseGt06PositionText(text: string, offsetMinutes: number): PositionFix | null {
  const m = LOCATION_TEXT.exec(text);
  if (!m) return null;
  const latitude = Number(m[2]) * (m[1] === 'S' ? -1 : 1);
  const longitude = Number(m[4]) * (m[3] === 'W' ? -1 : 1);
  const [y, mo, d, h, mi, s] = m.slice(7, 13).map(Number);
  const time = deviceTime(y, mo, d, h, mi, s, offsetMinutes);
  if (!time || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return {
    time,
    valid: true,
    latitude,
    longitude,
    speed: Number(m[6]),
    course: Number(m[5]) % 360,
    positionType: 'gps',
  };
}
