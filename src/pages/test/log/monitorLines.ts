import { describeFrame, LOG_MONITOR_KEEP, type LogFrame } from '../../../domain/device-log';
import { formatDateTime } from '../../../domain/date-format';

/** A frame as the monitor shows it: summarized once on arrival, not on every render. */
export interface MonitorLine {
  key: number;
  /** Local time of day with milliseconds. */
  time: string;
  terminalId: string;
  direction: 'in' | 'out';
  summary: string;
  raw: string;
}

let nextKey = 1;

/** HH:mm:ss.SSS of an ISO time on the account's clock (summarized once per frame, on arrival). */
export const timeOfDay = (iso: string): string => formatDateTime(iso, 'millis').slice(11);

export function toLine(f: LogFrame): MonitorLine {
  return {
    key: nextKey++,
    time: timeOfDay(f.at),
    terminalId: f.terminalId,
    direction: f.direction,
    summary: describeFrame(f),
    raw: f.raw,
  };
}

/** Newest first: the batch (oldest first as it arrived) goes on top, the oldest lines beyond `keep` drop. */
export function prepend(lines: MonitorLine[], batch: MonitorLine[], keep = LOG_MONITOR_KEEP): MonitorLine[] {
  if (batch.length === 0) return lines;
  const fresh = batch.length > keep ? batch.slice(batch.length - keep) : batch;
  const out = fresh.slice().reverse();
  const room = keep - out.length;
  for (let i = 0; i < lines.length && i < room; i++) out.push(lines[i]);
  return out;
}

/** Lines whose IMEI, summary or hex holds the text (case-insensitive), of one direction if asked. */
export function filterLines(
  lines: MonitorLine[],
  text: string,
  direction: 'all' | 'in' | 'out',
): MonitorLine[] {
  const q = text.trim().toLowerCase();
  if (!q && direction === 'all') return lines;
  return lines.filter(
    (l) =>
      (direction === 'all' || l.direction === direction) &&
      (!q || l.terminalId.includes(q) || l.summary.toLowerCase().includes(q) || l.raw.includes(q)),
  );
}
