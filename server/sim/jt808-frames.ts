import {
  buildJt808Frame,
  encodeGbk,
  encodeJt808Terminal,
  JT808_MSG,
  splitJt808Body,
  type Jt808Target,
} from '../gateway/jt808';
import type { Fix } from './gt06-frames';

/** Frames a JT/T 808 (2013) terminal sends, for the simulator and tests. Times are GMT+8. */
export const jt808Target = (terminalId: string): Jt808Target => ({
  terminal: encodeJt808Terminal(terminalId),
});

const bcd = (n: number) => ((Math.floor(n / 10) % 10) << 4) | (n % 10);

function timeGmt8(t: Date): Buffer {
  const l = new Date(t.getTime() + 8 * 3600_000);
  return Buffer.from([
    bcd(l.getUTCFullYear() % 100),
    bcd(l.getUTCMonth() + 1),
    bcd(l.getUTCDate()),
    bcd(l.getUTCHours()),
    bcd(l.getUTCMinutes()),
    bcd(l.getUTCSeconds()),
  ]);
}

export function jt808Register(terminalId: string, serial: number, plate = '') {
  const body = Buffer.alloc(2 + 2 + 5 + 20 + 7 + 1);
  body.writeUInt16BE(44, 0);
  body.writeUInt16BE(300, 2);
  body.write('FLEET', 4, 'latin1');
  body.write('SIM-808', 9, 'latin1');
  body.write(terminalId.slice(-7), 29, 'latin1');
  body.writeUInt8(plate ? 1 : 0, 36);
  return buildJt808Frame(
    JT808_MSG.register,
    Buffer.concat([body, encodeGbk(plate)]),
    jt808Target(terminalId),
    serial,
  );
}

export const jt808Auth = (terminalId: string, authCode: string, serial: number) =>
  buildJt808Frame(JT808_MSG.auth, Buffer.from(authCode, 'latin1'), jt808Target(terminalId), serial);

export const jt808Heartbeat = (terminalId: string, serial: number) =>
  buildJt808Frame(JT808_MSG.heartbeat, Buffer.alloc(0), jt808Target(terminalId), serial);

export interface Jt808Status {
  acc: boolean;
  alarmFlags?: number;
  mileageKm?: number;
  battery?: number;
  /** Further extra items, already encoded (id, length, value), e.g. tire pressure 0x66. */
  extras?: Buffer[];
}

export function jt808LocationBody(f: Fix, s: Jt808Status): Buffer {
  const b = Buffer.alloc(28);
  b.writeUInt32BE(s.alarmFlags ?? 0, 0);
  const status = (s.acc ? 1 : 0) | (f.valid === false ? 0 : 2) | (f.lat < 0 ? 4 : 0) | (f.lon < 0 ? 8 : 0);
  b.writeUInt32BE(status, 4);
  b.writeUInt32BE(Math.round(Math.abs(f.lat) * 1e6), 8);
  b.writeUInt32BE(Math.round(Math.abs(f.lon) * 1e6), 12);
  b.writeUInt16BE(50, 16);
  b.writeUInt16BE(Math.round(f.speed * 10), 18);
  b.writeUInt16BE(Math.round(f.course) % 360, 20);
  timeGmt8(f.time).copy(b, 22);
  const extras = [
    Buffer.from([0x01, 4, 0, 0, 0, 0]),
    Buffer.from([0x30, 1, 25]),
    Buffer.from([0x31, 1, f.satellites ?? 10]),
  ];
  extras[0].writeUInt32BE(Math.round((s.mileageKm ?? 0) * 10), 2);
  return Buffer.concat([b, ...extras, ...(s.extras ?? [])]);
}

export const jt808Location = (terminalId: string, f: Fix, s: Jt808Status, serial: number) =>
  buildJt808Frame(JT808_MSG.location, jt808LocationBody(f, s), jt808Target(terminalId), serial);

/**
 * The simulator's alarm: several flags in one word, as real terminals raise them. Above
 * 120 km/h overspeed (bit 1) with its 0x11 item; otherwise SOS (bit 0), main power off (bit 8)
 * and illegal displacement (bit 28): a vehicle being taken away.
 */
export function jt808AlarmStatus(speed: number): Pick<Jt808Status, 'alarmFlags' | 'extras'> {
  if (speed > 120) return { alarmFlags: 1 << 1, extras: [Buffer.from([0x11, 1, 0])] };
  return { alarmFlags: (1 << 0) | (1 << 8) | (1 << 28), extras: [] };
}

/**
 * A location sent as `parts` sub-packages (properties bit 13) with consecutive serials from
 * `firstSerial`, in one write. The platform answers each part and stores the position once the
 * last one is in: the last serial is the one whose answer acks the position.
 */
export function jt808LocationParts(
  terminalId: string,
  f: Fix,
  s: Jt808Status,
  firstSerial: number,
  parts = 2,
): Buffer {
  const body = jt808LocationBody(f, s);
  const slices = splitJt808Body(body, Math.ceil(body.length / parts));
  return Buffer.concat(
    slices.map((slice, i) =>
      buildJt808Frame(JT808_MSG.location, slice, jt808Target(terminalId), (firstSerial + i) & 0xffff, {
        count: slices.length,
        index: i + 1,
      }),
    ),
  );
}

/** 0x0001: the terminal's answer to a platform message. */
export function jt808GeneralReply(
  terminalId: string,
  replySerial: number,
  replyId: number,
  result: number,
  serial: number,
) {
  const body = Buffer.alloc(5);
  body.writeUInt16BE(replySerial, 0);
  body.writeUInt16BE(replyId, 2);
  body.writeUInt8(result, 4);
  return buildJt808Frame(JT808_MSG.terminalReply, body, jt808Target(terminalId), serial);
}

/** 0x6006: a text answer (encoding byte, then GBK). */
export const jt808TextReply = (terminalId: string, text: string, serial: number) =>
  buildJt808Frame(
    JT808_MSG.textReport,
    Buffer.concat([Buffer.from([0]), encodeGbk(text)]),
    jt808Target(terminalId),
    serial,
  );
