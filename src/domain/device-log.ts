import type { MessageKey } from './messages';

/**
 * Device logs (factory back office, docs/factory/logs.md): limits of the spec (log queries cover
 * the last 7 days, the live monitor at most 400 devices) and the pure helpers the server and
 * the pages share.
 */

/** Spec: log queries cover the last 7 days. */
export const LOG_WINDOW_DAYS = 7;
export const LOG_WINDOW_MS = LOG_WINDOW_DAYS * 24 * 3600_000;
/** Spec: at most 400 devices are monitored at once. */
export const LOG_MONITOR_MAX = 400;
/** findLastLog answers at most this many frames; findNewLog at most this many per poll. */
export const LOG_LAST_MAX = 50;
export const LOG_NEW_MAX = 200;
/** Lines the monitor page keeps (older ones drop off), so memory stays flat. */
export const LOG_MONITOR_KEEP = 5000;
/** The API node says again which terminals it watches this often; a gateway forgets after the TTL. */
export const LOG_WATCH_ANNOUNCE_MS = 5000;
export const LOG_WATCH_TTL_MS = 15_000;
/** Pasted hex of the decoder page, in characters. */
export const LOG_DECODE_HEX_MAX = 8192;

/** One frame as the search, the polling fallback and the live monitor give it. */
export interface LogFrame {
  /** Row id; absent on live frames (not stored yet). */
  id?: number;
  terminalId: string;
  direction: 'in' | 'out';
  protocol: number | null;
  raw: string;
  decoded: Record<string, unknown> | null;
  /** ISO time. */
  at: string;
}

/** Websocket messages of the live monitor: the client sends `logWatch`, the server `logFrames`. */
export interface LogWatchRequest {
  type: 'logWatch';
  terminalIds: string[];
}
export interface LogFramesMessage {
  type: 'logFrames';
  frames: LogFrame[];
}
export interface LogWatchAnswer {
  type: 'logWatchAck';
  watching: number;
  error?: MessageKey;
}

/** A time range of a log query is refused when it reaches before the window or ends before it starts. */
export function checkLogRange(start: Date, end: Date, now = Date.now()): MessageKey | null {
  // A minute of slack: a range picked as "7 days ago" reaches the server a little later.
  const oldest = now - LOG_WINDOW_MS - 60_000;
  if (end.getTime() < oldest) return 'logRangeTooOld';
  if (end.getTime() < start.getTime()) return 'rangeOrder';
  if (start.getTime() < oldest) return 'logRangeTooOld';
  return null;
}

/** IMEIs pasted or typed: split on anything that is not a letter or digit, duplicates dropped. */
export function parseTerminalList(text: string): string[] {
  return [...new Set(text.split(/[^0-9A-Za-z]+/).filter((s) => s.length > 0))];
}

type Msg = Record<string, unknown>;

/** A one-line summary of a stored `decoded` value ({messages} or {error}) for lists. */
export function summarizeDecoded(decoded: Record<string, unknown> | null | undefined): string {
  if (!decoded) return '';
  if (typeof decoded.error === 'string') return `error: ${decoded.error}`;
  if (typeof decoded.command === 'string') return `command: ${decoded.command}`;
  const messages = Array.isArray(decoded.messages) ? (decoded.messages as Msg[]) : [];
  const parts = messages.map(summarizeMessage);
  if (decoded.unknownDevice) parts.push('unknown device');
  return parts.join(' | ');
}

/** The IMEI has its own column wherever a summary is shown: not repeated here. */
const SUMMARY_KEYS = ['latitude', 'longitude', 'speed', 'alarm', 'text', 'battery'] as const;

function summarizeMessage(m: Msg): string {
  const fields = SUMMARY_KEYS.filter((k) => m[k] !== undefined && m[k] !== null).map(
    (k) => `${k}=${typeof m[k] === 'number' ? round(m[k]) : String(m[k])}`,
  );
  return [String(m.type ?? '?'), ...fields].join(' ');
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * What a frame is by its header, for frames stored without decoded fields (the gateway's own
 * replies): GT06 `7878 len proto` or `7979 len(2) proto`, JT/T 808 `7e msgId(2)`.
 */
export function frameKind(raw: string): string {
  const h = raw.toLowerCase();
  if (h.startsWith('7878') && h.length >= 8) return `GT06 0x${h.slice(6, 8)}`;
  if (h.startsWith('7979') && h.length >= 10) return `GT06 0x${h.slice(8, 10)}`;
  if (h.startsWith('7e') && h.length >= 6) return `JT/T 808 0x${h.slice(2, 6)}`;
  return '';
}

/** The one-line text of a frame: its decoded summary, else (a gateway reply) its kind. */
export const describeFrame = (f: {
  decoded: Record<string, unknown> | null | undefined;
  raw: string;
  direction: string;
}) => summarizeDecoded(f.decoded) || (f.direction === 'out' ? `reply ${frameKind(f.raw)}` : frameKind(f.raw));

/** Every field of a stored `decoded` value as rows (the search's expanded row): message n, field, value. */
export function decodedRows(
  decoded: Record<string, unknown> | null | undefined,
): { decodedField: string; decodedValue: string }[] {
  if (!decoded) return [];
  const text = (v: unknown) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));
  const messages = Array.isArray(decoded.messages) ? (decoded.messages as Msg[]) : [];
  const rows = messages.flatMap((m, i) =>
    leadingFirst(Object.entries(m)).map(([k, v]) => ({
      decodedField: messages.length > 1 ? `${i + 1}. ${k}` : k,
      decodedValue: text(v),
    })),
  );
  for (const [k, v] of Object.entries(decoded))
    if (k !== 'messages') rows.push({ decodedField: k, decodedValue: text(v) });
  return rows;
}

/** The fields people look for first, in this order, before the others (the decoder and the search). */
export const LEADING_FIELDS = [
  'type',
  'deviceId',
  'time',
  'valid',
  'latitude',
  'longitude',
  'speed',
  'course',
  'alarm',
];

/** Entries with the leading fields first (stored jsonb loses the decoder's order). */
function leadingFirst<T>(entries: [string, T][]): [string, T][] {
  const rank = (k: string) => {
    const i = LEADING_FIELDS.indexOf(k);
    return i < 0 ? LEADING_FIELDS.length : i;
  };
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => rank(a.e[0]) - rank(b.e[0]) || a.i - b.i)
    .map((x) => x.e);
}
