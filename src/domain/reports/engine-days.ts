/**
 * Engine hours and idling from daily rollups: what the rollup job stores per day piece, and the
 * report rebuilt from it (the same as engineFromFixes on the raw fixes, see the tests).
 */
import { dayPieces, type PieceInput, type StayRun } from '../track';
import { accSpans, engineReport, idleRuns, spanMs, type EngineOptions, type EnginePart, type EngineReport } from './engine';
import { ACC_HOLD_MAX_S } from './rules';
import { traceOf, type PieceTrace } from './trace';

/** An idling run as stored: [start ms, end ms, lat, lon] (the shape of StoredRun). */
export type IdleRun = [number, number, number, number];

/** One day piece as the rollup stores it for the engine report (a jsonb value). */
export interface EngineDay {
  from: number;
  to: number;
  /** Seconds with ACC on, and with a known ACC state (0: no ignition data that day). */
  onS: number;
  knownS: number;
  /** Idling runs of the piece, any length. */
  idle: IdleRun[];
  /**
   * The ignition state of the piece's last fix holding past the piece's end: [until ms, on 1/0,
   * stopped at the end 1/0]. Read only when the next day has no row (the device sent nothing
   * then), whose first minutes it still covers. Null when the last fix does not reach past.
   */
  tail: [number, number, number] | null;
}

/**
 * What the rollup stores for a day piece (the same input as computePiece). `trace` is the
 * piece's trace when the caller has it already (the rollup computes it once for both reports).
 */
export function engineDayOf(input: PieceInput, trace: PieceTrace | null = traceOf(input)): EngineDay {
  const { fixes, from, to, prev, next } = input;
  const seq = [...(prev ? [prev] : []), ...fixes, ...(next ? [next] : [])];
  const spans = accSpans(seq, from, to);
  const stopped = trace?.stopped ?? [];
  const last = fixes[fixes.length - 1];
  let tail: EngineDay['tail'] = null;
  if (last && typeof last.acc === 'boolean') {
    const until = Math.min(next?.t ?? Infinity, last.t + ACC_HOLD_MAX_S * 1000);
    const stoppedAtEnd = stopped.length > 0 && stopped[stopped.length - 1].end === to;
    if (until > to) tail = [until, last.acc ? 1 : 0, stoppedAtEnd ? 1 : 0];
  }
  return {
    from,
    to,
    onS: Math.round(spanMs(spans, from, to, true) / 1000),
    knownS: Math.round(spanMs(spans, from, to, false) / 1000),
    idle: idleRuns(spans, stopped).map((r): IdleRun => [r.start, r.end, r.lat, r.lon]),
    tail,
  };
}

const toRun = ([start, end, lat, lon]: IdleRun): StayRun => ({ start, end, lat, lon });

/**
 * The report of [from, to) from one stored piece per day piece of the range (dayPieces, in
 * order): a rollup's EngineDay, engineDayOf(raw piece) for partial days, or null for a day the
 * device sent nothing. A null day takes the last minutes of the day before's last fix (`tail`)
 * when that day is in the list; for a null first day, compute engineDayOf from its (empty) raw
 * piece and its neighbouring fixes instead, or those minutes are missed.
 */
export function engineFromDays(
  from: number,
  to: number,
  days: readonly (EngineDay | null)[],
  options: EngineOptions = {},
): EngineReport {
  const spans = dayPieces(from, to);
  if (spans.length !== days.length) throw new Error(`expected ${spans.length} day pieces, got ${days.length}`);
  days.forEach((d, k) => {
    if (d && (d.from !== spans[k].from || d.to !== spans[k].to)) throw new Error(`day piece ${k} is not the range's`);
  });
  const parts = days.map((d, k): EnginePart => {
    if (d) return { from: d.from, to: d.to, onS: d.onS, knownS: d.knownS, idle: d.idle.map(toRun) };
    const p = spans[k];
    const before = days[k - 1];
    if (!before?.tail) return { from: p.from, to: p.to, onS: 0, knownS: 0, idle: [] };
    const [until, on, stopped] = before.tail;
    const ms = Math.min(until, p.to) - p.from;
    // Stopped at the end of the day before: its last idling run reached midnight, and goes on.
    const place = before.idle[before.idle.length - 1];
    const idle = on && stopped && place ? [{ start: p.from, end: p.from + ms, lat: place[2], lon: place[3] }] : [];
    return { from: p.from, to: p.to, onS: on ? Math.round(ms / 1000) : 0, knownS: Math.round(ms / 1000), idle };
  });
  return engineReport(parts, options);
}
