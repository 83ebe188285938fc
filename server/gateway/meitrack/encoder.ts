/**
 * Meitrack packets from the server's side (commands) and, for the simulator and tests, the
 * device's side (AAA reports and command answers).
 */
import type { CodecSession } from '../codec';
import { buildMeitrackPacket } from './framing';

/** The data identifier of the packets we send; the device echoes it in its answer. */
export const SERVER_FLAG = 'A';

/**
 * A platform command (`A10`, `C01,0,12222`, `A12,6`) in a server packet to `session`'s device:
 * the text is sent as it is, as the command and its parameters.
 */
export function encodeMeitrackCommand(content: string, session: CodecSession): Buffer {
  if (!session.deviceId) throw new Error('Meitrack device IMEI unknown');
  return buildMeitrackPacket('@@', SERVER_FLAG, session.deviceId, content.trim());
}

/** What a simulated or test device reports in an AAA packet. */
export interface MeitrackReport {
  event: number;
  time: Date;
  latitude: number;
  longitude: number;
  valid?: boolean;
  satellites?: number;
  gsmSignal?: number;
  /** km/h */
  speed?: number;
  course?: number;
  hdop?: number;
  altitude?: number;
  /** metres */
  mileage?: number;
  /** seconds */
  runtime?: number;
  cell?: { mcc: number; mnc: number; lac: number; cid: number };
  input?: number;
  output?: number;
  /** volts */
  battery?: number;
  externalVoltage?: number;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const hex = (n: number, width: number) => Math.round(n).toString(16).toUpperCase().padStart(width, '0');

/** yymmddHHMMSS in UTC, as reports carry it. */
export function meitrackTime(t: Date): string {
  return [
    t.getUTCFullYear() % 100,
    t.getUTCMonth() + 1,
    t.getUTCDate(),
    t.getUTCHours(),
    t.getUTCMinutes(),
    t.getUTCSeconds(),
  ]
    .map(pad2)
    .join('');
}

/** The AAA report fields (without the command), in the hex-analog layout of MVT/T1 firmware. */
export function meitrackReportFields(r: MeitrackReport): string {
  const cell = r.cell
    ? `${r.cell.mcc}|${r.cell.mnc}|${hex(r.cell.lac, 4)}|${hex(r.cell.cid, 4)}`
    : '0|0|0000|0000';
  return [
    r.event,
    r.latitude.toFixed(6),
    r.longitude.toFixed(6),
    meitrackTime(r.time),
    r.valid === false ? 'V' : 'A',
    r.satellites ?? 0,
    r.gsmSignal ?? 0,
    Math.round(r.speed ?? 0),
    Math.round(r.course ?? 0) % 360,
    (r.hdop ?? 1).toFixed(1),
    Math.round(r.altitude ?? 0),
    Math.round(r.mileage ?? 0),
    Math.round(r.runtime ?? 0),
    cell,
    hex(r.input ?? 0, 2) + hex(r.output ?? 0, 2),
    `0000|0000|0000|${hex((r.battery ?? 0) * 100, 4)}|${hex((r.externalVoltage ?? 0) * 100, 4)}`,
    '',
  ].join(',');
}

/** A device AAA packet. */
export function encodeMeitrackReport(id: string, report: MeitrackReport, flag = 'A'): Buffer {
  return buildMeitrackPacket('$$', flag, id, `AAA,${meitrackReportFields(report)}`);
}

/** A device's answer to a command: `<command>,<answer>` (`A12,OK`). */
export function encodeMeitrackAnswer(id: string, command: string, answer: string, flag = 'A'): Buffer {
  return buildMeitrackPacket('$$', flag, id, answer ? `${command},${answer}` : command);
}
