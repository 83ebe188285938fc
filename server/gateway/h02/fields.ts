/** Field readers for H02 text frames: coordinates in their several spellings, times, numbers. */
import { deviceTime } from '../codec';

/** `*XX,<id>,<type>,...#` cut at commas; `fields[0]` is `*XX`, the `#` is gone. */
export interface TextFrame {
  maker: string;
  id: string;
  type: string;
  fields: string[];
}

export function splitText(frame: Buffer): TextFrame | null {
  const text = frame.toString('latin1').trim();
  if (!text.startsWith('*') || !text.endsWith('#')) return null;
  const fields = text.slice(0, -1).split(',');
  if (fields.length < 3 || fields[0].length !== 3) return null;
  return { maker: fields[0].slice(1), id: fields[1].trim(), type: fields[2].trim(), fields };
}

export const isHex8 = (s: string | undefined) => s !== undefined && /^[0-9A-Fa-f]{8}$/.test(s);
export const isDate6 = (s: string | undefined) => s !== undefined && /^\d{6}$/.test(s);

/**
 * One coordinate with its hemisphere letter; NaN when it cannot be read. Spellings seen:
 * `2235.1777` (degrees and minutes, any number of degree digits), `37573392` (DDMMmmmm, no
 * point), `-23-35.3408` (degrees and minutes between dashes).
 */
export function coordinate(
  value: string | undefined,
  hemisphere: string | undefined,
  negative: string,
): number {
  const v = (value ?? '').trim();
  let m = /^-(\d+)-(\d+\.\d+)$/.exec(v);
  let deg = NaN;
  if (m) deg = Number(m[1]) + Number(m[2]) / 60;
  else if ((m = /^(\d*)(\d\d\.\d+)$/.exec(v))) deg = Number(m[1] || 0) + Number(m[2]) / 60;
  else if ((m = /^(\d+)(\d\d)(\d{4})$/.exec(v)))
    deg = Number(m[1]) + (Number(m[2]) + Number(m[3]) / 10000) / 60;
  if (hemisphere !== negative && hemisphere !== (negative === 'S' ? 'N' : 'E')) return NaN;
  return hemisphere === negative ? -deg : deg;
}

/** hhmmss and ddmmyy in the device's zone (UTC unless the session says otherwise); null if impossible. */
export function textTime(
  hhmmss: string | undefined,
  ddmmyy: string | undefined,
  offsetMinutes: number,
): Date | null {
  if (!hhmmss || !/^\d{6}$/.test(hhmmss) || !isDate6(ddmmyy)) return null;
  const n = (s: string, i: number) => Number(s.slice(i, i + 2));
  const d = ddmmyy as string;
  return deviceTime(
    2000 + n(d, 4),
    n(d, 2),
    n(d, 0),
    n(hhmmss, 0),
    n(hhmmss, 2),
    n(hhmmss, 4),
    offsetMinutes,
  );
}

/** A decimal field; `fallback` when empty or not a number. */
export function num(s: string | undefined, fallback = 0): number {
  const v = (s ?? '').trim();
  if (v === '') return fallback;
  const n = Number(v);
  return Number.isFinite(n) ? n : fallback;
}

/** Hex status word of a text frame. */
export const statusWord = (s: string) => parseInt(s, 16) >>> 0;
