/**
 * A simulated H02 tracker's side of the wire (SinoTrack-style firmware): V1 reports with the
 * status word and the odometer tail, HTBT heartbeats, V4 answers to commands; and a reader for
 * what the server sends (V4 report answers and R12 acks, commands). H02 has no login: the first
 * report identifies the device, so reporting starts on connect.
 */
import {
  encodeH02Answer,
  encodeH02Heartbeat,
  encodeH02Report,
  encodeStatusWord,
  parseH02Command,
  type H02Fix,
} from '../gateway/h02';
import type { SimDriver, SimServerEvent, SimServerReader, SimStatus } from './driver';
import type { Fix } from './gt06-frames';

const toH02Fix = (f: Fix): H02Fix => ({
  time: f.time,
  latitude: f.lat,
  longitude: f.lon,
  speed: f.speed,
  course: f.course,
  valid: f.valid,
});

/** The status word of a report: ACC, and SOS when the report raises an alarm. */
const statusWord = (s: SimStatus) => encodeStatusWord({ acc: s.acc, alarms: s.alarm ? ['sos'] : [] });

/** One V1 report. */
export const h02SimLocation = (id: string, fix: Fix, status: SimStatus) =>
  encodeH02Report(id, toH02Fix(fix), statusWord(status), { mileageKm: status.mileageKm });

/** The server's commands as the platform worded them (the simulator answers those words). */
const PLATFORM_WORDS: Record<string, (p: string[]) => string | null> = {
  S20: (p) => (p[0] === '1' && (p[1] === '0' || p[1] === '1') ? `RELAY,${p[1]}#` : null),
  S71: (p) => (p[0] === '22' && p[1] ? `TIMER,${p[1]}#` : null),
};

/** Reads the server's `*..#` frames: report answers and acks, then commands. */
export class H02ServerReader implements SimServerReader {
  private buf = '';

  push(chunk: Buffer): SimServerEvent[] {
    this.buf += chunk.toString('latin1');
    const out: SimServerEvent[] = [];
    for (;;) {
      const start = this.buf.indexOf('*');
      const end = start < 0 ? -1 : this.buf.indexOf('#', start);
      if (end < 0) break;
      const frame = this.buf.slice(start, end + 1);
      this.buf = this.buf.slice(end + 1);
      const event = readServerFrame(frame);
      if (event) out.push(event);
    }
    if (this.buf.length > 4096) this.buf = '';
    return out;
  }
}

export function readServerFrame(frame: string): SimServerEvent | null {
  const f = frame.slice(1, -1).split(',');
  // V4,V1 / V4,NBR answer a report; R12 acks one; an echoed HTBT answers the heartbeat.
  if (f[2] === 'V4' || f[2] === 'R12') return { kind: 'ack', count: 1 };
  if (f[2] === 'HTBT' || f[2] === 'V0') return null;
  const cmd = parseH02Command(frame);
  if (!cmd) return null;
  const text = PLATFORM_WORDS[cmd.command]?.(cmd.params) ?? `${[cmd.command, ...cmd.params].join(',')}#`;
  return { kind: 'command', text, ref: `${cmd.command},${cmd.time}` };
}

/** The last report of each simulated device: a V4 answer carries the current position. */
const lastReport = new Map<string, { fix: Fix; status: SimStatus }>();

export const h02SimDriver: SimDriver = {
  login: () => null,
  readyOnConnect: true,
  acksReports: true,
  location: (id, fix, status) => {
    lastReport.set(id, { fix, status });
    return h02SimLocation(id, fix, status);
  },
  heartbeat: (id) => encodeH02Heartbeat(id),
  reader: () => new H02ServerReader(),
  commandReply: (id, command, answer) => {
    const [word = 'V4', time = '000000'] = (command.ref ?? '').split(',');
    const last = lastReport.get(id);
    const fix = last?.fix ?? { time: new Date(), lat: 0, lon: 0, speed: 0, course: 0, valid: false };
    const status = last?.status ?? { acc: false, mileageKm: 0, alarm: false };
    return encodeH02Answer(id, [word, answer.replace(/[#*]/g, '')], time, toH02Fix({ ...fix, time: new Date() }), statusWord({ ...status, alarm: false }));
  },
};
