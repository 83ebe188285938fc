/**
 * Value readers of the OsmAnd parameters. Each returns undefined for a value it cannot read;
 * the caller decides whether that is a 400 (a known parameter) or an attribute (an extra one).
 */

/** 1 knot in km/h (international nautical mile, 1852 m). */
export const KMH_PER_KNOT = 1.852;
/** 1 m/s in km/h. */
export const KMH_PER_MPS = 3.6;

/** A finite decimal number; '' and garbage give undefined ("1e3" and "-0.5" are numbers). */
export function num(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** true/false/1/0 as phone apps send them (Traccar's `valid` takes "true" or "1"). */
export function bool(text: string | undefined): boolean | undefined {
  if (text === undefined) return undefined;
  const t = text.trim().toLowerCase();
  if (t === 'true' || t === '1') return true;
  if (t === 'false' || t === '0') return false;
  return undefined;
}

/** Unix seconds below this are seconds, above are milliseconds (2^31: the year 2038 in seconds). */
const SECONDS_LIMIT = 2_147_483_647;
/** "yyyy-MM-dd HH:mm:ss", taken as UTC (OsmAnd's {2} placeholder is numeric; this is other apps'). */
const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d+)?$/;
/** ISO 8601 with a zone: 2024-05-01T10:00:00Z, ...+02:00. */
const ISO_ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** A fix time: unix seconds or milliseconds, ISO 8601, or "yyyy-MM-dd HH:mm:ss" (UTC). */
export function timestamp(text: string | undefined): Date | undefined {
  if (text === undefined) return undefined;
  const t = text.trim();
  if (/^\d{1,16}(\.\d+)?$/.test(t)) {
    const n = Number(t);
    const d = new Date(n < SECONDS_LIMIT ? Math.round(n * 1000) : Math.round(n));
    return validDate(d);
  }
  // An unencoded "+02:00" arrives as " 02:00" (a query string's + is a space).
  const iso = t.replace(/^(\d{4}-\d{2}-\d{2}T[\d:.]+) (\d{2}:?\d{2})$/, '$1+$2');
  if (ISO_ZONED.test(iso)) return validDate(new Date(iso));
  const m = PLAIN_DATE.exec(t);
  if (m) return validDate(new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${m[7] ?? ''}Z`));
  return undefined;
}

/** Dates before 2000 or past 2100 are garbage, not fixes (a clock reset sends 1970). */
function validDate(d: Date): Date | undefined {
  const ms = d.getTime();
  return Number.isFinite(ms) && ms >= Date.UTC(2000, 0, 1) && ms < Date.UTC(2100, 0, 1) ? d : undefined;
}

/** An extra parameter kept as an attribute: numbers and booleans typed, the rest as text. */
export function attribute(text: string): number | boolean | string {
  const n = num(text);
  if (n !== undefined && /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text.trim())) return n;
  if (text === 'true') return true;
  if (text === 'false') return false;
  return text;
}

/**
 * A course in whole degrees [0, 360) as the positions table holds it (smallint); negative
 * bearings mean "unknown" in Android's API.
 */
export function course(value: number | undefined): number | undefined {
  if (value === undefined || value < 0) return undefined;
  return Math.round(value) % 360;
}

export const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
