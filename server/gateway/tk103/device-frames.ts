/**
 * The tracker's side of TK103, for the simulator and the tests: frames in the V1.5 document's
 * fixed-width layout (`yymmdd A ddmm.mmmm N dddmm.mmmm E sss.s hhmmss ccc.cc <status> L<hex>`).
 */
import { buildTk103Frame } from './framing';

export interface Tk103Position {
  time: Date;
  valid?: boolean;
  latitude: number;
  longitude: number;
  /** km/h */
  speed?: number;
  course?: number;
  acc?: boolean;
  /** On external power (status character 1 is '0'). */
  charging?: boolean;
  fuelCut?: boolean;
  mileageKm?: number;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Degrees as `d..dmm.mmmm` with `degWidth` degree digits, minutes rounded without reaching 60. */
function ddmm(value: number, degWidth: number): string {
  const tenThousandths = Math.round(Math.abs(value) * 60 * 10_000);
  const deg = Math.floor(tenThousandths / 600_000);
  const minutes = (tenThousandths % 600_000) / 10_000;
  return `${pad(deg, degWidth)}${minutes.toFixed(4).padStart(7, '0')}`;
}

/** The GPS block of position frames (BR00, BP04, BO01 after its code, BP05 after the IMEI). */
export function tk103GpsBlock(p: Tk103Position): string {
  const t = p.time;
  const date = `${pad(t.getUTCFullYear() % 100, 2)}${pad(t.getUTCMonth() + 1, 2)}${pad(t.getUTCDate(), 2)}`;
  const time = `${pad(t.getUTCHours(), 2)}${pad(t.getUTCMinutes(), 2)}${pad(t.getUTCSeconds(), 2)}`;
  const speed = Math.min(Math.max(p.speed ?? 0, 0), 999.9)
    .toFixed(1)
    .padStart(5, '0');
  const course = (((p.course ?? 0) % 360) + 360) % 360;
  const io = p.fuelCut ? '800' : '000';
  const status = `${p.charging === false ? '1' : '0'}${p.acc ? '1' : '0'}${io}000`;
  const odometer = Math.round((p.mileageKm ?? 0) * 1000)
    .toString(16)
    .toUpperCase()
    .padStart(8, '0');
  return (
    `${date}${p.valid === false ? 'V' : 'A'}` +
    `${ddmm(p.latitude, 2)}${p.latitude < 0 ? 'S' : 'N'}${ddmm(p.longitude, 3)}${p.longitude < 0 ? 'W' : 'E'}` +
    `${speed}${time}${course.toFixed(2).padStart(6, '0')}${status}L${odometer}`
  );
}

/** BR00: the periodic ("isochronous continuous feedback") report. */
export const tk103PositionFrame = (id: string, p: Tk103Position, code = 'BR00'): Buffer =>
  buildTk103Frame(id, code, tk103GpsBlock(p));

/** BO01: an alarm (`alarmCode` 0-6, BO01_ALARMS) with its position. */
export const tk103AlarmFrame = (id: string, alarmCode: string, p: Tk103Position): Buffer =>
  buildTk103Frame(id, 'BO01', `${alarmCode}${tk103GpsBlock(p)}`);

/** BP05 login: a 15-digit IMEI field, then the position when there is one. */
export const tk103LoginFrame = (
  id: string,
  p?: Tk103Position,
  imei = id.padStart(15, '0').slice(-15),
): Buffer => buildTk103Frame(id, 'BP05', `${imei}${p ? tk103GpsBlock(p) : ''}`);

/** BP00 handshake (the keep-alive): the IMEI field and HSO. */
export const tk103HandshakeFrame = (id: string, imei = id.padStart(15, '0').slice(-15)): Buffer =>
  buildTk103Frame(id, 'BP00', `${imei}HSO`);

/** The answer to a command `A..` code: its `B..` code and the tracker's words. */
export const tk103AnswerFrame = (id: string, commandCode: string, text: string): Buffer =>
  // Words with a parenthesis travel as free text between $ signs, so they cannot end the frame.
  buildTk103Frame(
    id,
    `B${commandCode.slice(1, 4)}`,
    /[()$]/.test(text) ? `$${text.replace(/\$/g, '')}$` : text,
  );
