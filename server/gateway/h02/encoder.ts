/**
 * Frames in the H02 layouts: the platform's commands (`*HQ,<id>,<CMD>,<hhmmss>,<params>#`) and
 * the reports a tracker sends (for the simulator and the tests; decoder.ts reads the same layouts).
 */
import type { CodecSession } from '../codec';
import { KNOT_KMH } from './context';
import { h02Frame, hhmmss, makerOf } from './replies';

/**
 * The platform's words for common commands, as H02 commands (Traccar's H02ProtocolEncoder):
 * relay (fuel cut) on/off -> S20,1,1 / S20,1,0; the upload interval -> S71,22,<seconds>.
 */
const PLATFORM_COMMANDS: readonly { pattern: RegExp; to: (m: RegExpExecArray) => string[] }[] = [
  { pattern: /^RELAY,([01])$/i, to: (m) => ['S20', '1', m[1]] },
  { pattern: /^TIMER,(\d+)$/i, to: (m) => ['S71', '22', m[1]] },
];

/**
 * A text command as the device's command frame. A full H02 frame (`*..#`) goes as it is; the
 * platform's relay and interval words are translated; any other text is `<CMD>[,<params>]` and
 * gets the header and the command time, e.g. `D1,30` -> `*HQ,<id>,D1,<hhmmss>,30#`.
 */
export function encodeH02Command(content: string, session: CodecSession, now = new Date()): Buffer {
  const text = content.trim();
  if (text.startsWith('*') && text.endsWith('#')) return Buffer.from(text, 'latin1');
  const id = session.deviceId;
  if (!id) throw new Error('H02 device id unknown');
  const bare = text.replace(/#$/, '').replace(/\s+/g, '');
  const known = PLATFORM_COMMANDS.map((c) => ({ c, m: c.pattern.exec(bare) })).find((x) => x.m);
  const [cmd, ...params] = known?.m ? known.c.to(known.m) : bare.split(',');
  if (!cmd) throw new Error('empty H02 command');
  return h02Frame(makerOf(session), id, [cmd.toUpperCase(), hhmmss(now), ...params]);
}

/** The command word and time of a server command frame (what a tracker reads), or null. */
export function parseH02Command(
  frame: string,
): { id: string; command: string; time: string; params: string[] } | null {
  const m = /^\*[A-Za-z]{2},([^,]*),([^,#]+),(\d{6})((?:,[^#]*)?)#$/.exec(frame.trim());
  if (!m) return null;
  return { id: m[1], command: m[2], time: m[3], params: m[4] ? m[4].slice(1).split(',') : [] };
}

export interface H02Fix {
  time: Date;
  latitude: number;
  longitude: number;
  /** km/h */
  speed: number;
  course: number;
  valid?: boolean;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const ddmmyy = (t: Date) =>
  `${pad(t.getUTCDate(), 2)}${pad(t.getUTCMonth() + 1, 2)}${pad(t.getUTCFullYear() % 100, 2)}`;

/** DDMM.mmmm (latitude) or DDDMM.mmmm (longitude) and its hemisphere. */
function textCoordinate(value: number, degreeDigits: number, hemispheres: string): [string, string] {
  const abs = Math.abs(value);
  let deg = Math.floor(abs);
  let minutes = Math.round((abs - deg) * 60 * 10000);
  if (minutes >= 600000) [deg, minutes] = [deg + 1, 0];
  const text = `${pad(deg, degreeDigits)}${pad(Math.floor(minutes / 10000), 2)}.${pad(minutes % 10000, 4)}`;
  return [text, value < 0 ? hemispheres[1] : hemispheres[0]];
}

/** The position sentence shared by V1 reports and V4 answers: time .. status word. */
function sentence(fix: H02Fix, status: number): (string | number)[] {
  return [
    hhmmss(fix.time),
    fix.valid === false ? 'V' : 'A',
    ...textCoordinate(fix.latitude, 2, 'NS'),
    ...textCoordinate(fix.longitude, 3, 'EW'),
    (fix.speed / KNOT_KMH).toFixed(2),
    Math.round(fix.course) % 360,
    ddmmyy(fix.time),
    status.toString(16).toUpperCase().padStart(8, '0'),
  ];
}

export interface H02ReportExtras {
  /** Odometer in km, sent in the 6-value tail (odometer m, temperature, fuel, altitude, LAC, cell). */
  mileageKm?: number;
  altitude?: number;
}

/** A V1 report. */
export function encodeH02Report(
  id: string,
  fix: H02Fix,
  status: number,
  extras: H02ReportExtras = {},
  maker = 'HQ',
): Buffer {
  const parts: (string | number)[] = ['V1', ...sentence(fix, status)];
  if (extras.mileageKm !== undefined)
    parts.push(
      Math.round(extras.mileageKm * 1000),
      0,
      '0.0',
      Math.round(extras.altitude ?? 0),
      '287D',
      '1FB8',
    );
  return h02Frame(maker, id, parts);
}

/** A V4 answer to a command: the command, result words, the command's time, then a position. */
export function encodeH02Answer(
  id: string,
  answer: string[],
  commandTime: string,
  fix: H02Fix,
  status: number,
  maker = 'HQ',
): Buffer {
  return h02Frame(maker, id, ['V4', ...answer, commandTime, ...sentence(fix, status)]);
}

/** An HTBT heartbeat with the battery in percent. */
export const encodeH02Heartbeat = (id: string, battery = 100, maker = 'HQ') =>
  h02Frame(maker, id, ['HTBT', battery]);

/** A 32-byte binary report: 10-digit id, BCD time and position, battery level, status word. */
export function encodeH02Binary(id: string, fix: H02Fix, status: number, battery = 6): Buffer {
  const t = fix.time;
  const bcd = (s: string) => Buffer.from(s, 'hex');
  const lat = Math.abs(fix.latitude);
  const lon = Math.abs(fix.longitude);
  const min = (v: number) => pad(Math.min(599999, Math.round((v - Math.floor(v)) * 600000)), 6);
  const flags = (fix.valid === false ? 0 : 2) | (fix.latitude >= 0 ? 4 : 0) | (fix.longitude >= 0 ? 8 : 0);
  const knots = Math.min(999, Math.round(fix.speed / KNOT_KMH));
  const course = Math.round(fix.course) % 360;
  const out = Buffer.alloc(32);
  out[0] = 0x24;
  bcd(id.padStart(10, '0').slice(-10)).copy(out, 1);
  bcd(`${hhmmss(t)}${ddmmyy(t)}`).copy(out, 6);
  bcd(`${pad(Math.floor(lat), 2)}${min(lat)}`).copy(out, 12);
  out[16] = battery;
  bcd(`${pad(Math.floor(lon), 3)}${min(lon)}${flags.toString(16)}`).copy(out, 17);
  bcd(`${pad(knots, 3)}${pad(course, 3)}`).copy(out, 22);
  out.writeUInt32BE(status >>> 0, 25);
  out[29] = 0xff;
  return out;
}
