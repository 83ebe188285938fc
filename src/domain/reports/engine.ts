/**
 * Engine hours and idling (issue 33) from raw fixes.
 *
 * The ignition rule: a fix that reports ACC (true or false) states it from its time until the
 * next fix of any kind, for at most ACC_HOLD_MAX_S; after that, and over a fix that reports no
 * ACC (acc null or absent), the state is unknown. Engine seconds are the ACC-on time so found,
 * "known" seconds the time with either state. Every fix counts here, network fixes and jumps
 * included: a misplaced position says nothing against its ignition bit. A range in which no
 * ignition state is known at any time (the device's fixes never carry ACC, or it sent nothing)
 * has no ignition data: the report says so instead of zeros; a day without any known state in a
 * range that has some shows null.
 *
 * Idling: ACC on while stopped by the stop rule (the track domain's stopRuns of each day piece,
 * jumps left out), episodes meeting at midnight merged (mergeRuns), kept from `idleMinS` on; the
 * place is the stop's. Days are the account zone's (dayPieces); an episode crossing midnight is
 * one episode, its seconds counted in each day for its part.
 */
import { dayOf, dayPieces, mergeRuns, type StayRun, type TrackFix } from '../track';
import type { RangeFixes } from './range';
import { ACC_HOLD_MAX_S, IDLE_MAX_S, IDLE_MIN_DEFAULT_S, IDLE_MIN_S } from './rules';
import { rangeTraces } from './trips';

/** A span of time with a known ignition state. */
export interface AccSpan {
  start: number;
  end: number;
  on: boolean;
}

/** The ignition spans of fixes in time order, clipped to [from, to). */
export function accSpans(seq: readonly TrackFix[], from: number, to: number): AccSpan[] {
  const out: AccSpan[] = [];
  seq.forEach((f, i) => {
    if (typeof f.acc !== 'boolean') return;
    const start = Math.max(f.t, from);
    const end = Math.min(seq[i + 1]?.t ?? Infinity, f.t + ACC_HOLD_MAX_S * 1000, to);
    if (end > start) out.push({ start, end, on: f.acc });
  });
  return out;
}

/** Milliseconds of the spans inside [from, to) (`on`: only ACC-on spans). */
export function spanMs(spans: readonly AccSpan[], from: number, to: number, on: boolean): number {
  let ms = 0;
  for (const s of spans) if (!on || s.on) ms += Math.max(0, Math.min(s.end, to) - Math.max(s.start, from));
  return ms;
}

/** The parts of stopped runs during ACC-on spans (both in time order): idling, with the stop's place. */
export function idleRuns(spans: readonly AccSpan[], stopped: readonly StayRun[]): StayRun[] {
  const on = spans.filter((s) => s.on);
  const out: StayRun[] = [];
  let i = 0;
  for (const r of stopped) {
    while (i < on.length && on[i].end <= r.start) i++;
    for (let j = i; j < on.length && on[j].start < r.end; j++) {
      const start = Math.max(r.start, on[j].start);
      const end = Math.min(r.end, on[j].end);
      if (end > start) out.push({ start, end, lat: r.lat, lon: r.lon });
    }
  }
  return mergeRuns(out);
}

export interface EngineOptions {
  /** Idling counts as an episode from this many seconds (IDLE_MIN_DEFAULT_S). */
  idleMinS?: number;
}

export const idleMinOf = (o: EngineOptions = {}) =>
  Math.min(IDLE_MAX_S, Math.max(IDLE_MIN_S, o.idleMinS ?? IDLE_MIN_DEFAULT_S));

/** One day piece's figures, as computed or as the rollup stores them (engine-days.ts). */
export interface EnginePart {
  from: number;
  to: number;
  /** Seconds with ACC on, and with a known ACC state. */
  onS: number;
  knownS: number;
  /** Idling runs inside the piece (any length: episodes are judged after merging the days). */
  idle: readonly StayRun[];
}

export interface EngineDayRow {
  /** YYYY-MM-DD of the account zone. */
  day: string;
  from: number;
  to: number;
  /** Null: no ignition state known at any time of the day. */
  onS: number | null;
  idleS: number | null;
  knownS: number;
}

export interface IdleEpisode {
  start: number;
  end: number;
  durationS: number;
  lat: number;
  lon: number;
}

export type EngineReport =
  | { ignition: 'none' }
  | {
      ignition: 'reported';
      onS: number;
      idleS: number;
      knownS: number;
      days: EngineDayRow[];
      idling: IdleEpisode[];
    };

/** The report from its day pieces (in order, one per dayPieces piece of the range). */
export function engineReport(parts: readonly EnginePart[], options: EngineOptions = {}): EngineReport {
  if (!parts.some((p) => p.knownS > 0)) return { ignition: 'none' };
  const minMs = idleMinOf(options) * 1000;
  const idling: IdleEpisode[] = [];
  for (const r of mergeRuns(parts.flatMap((p) => p.idle)))
    if (r.end - r.start >= minMs)
      idling.push({ start: r.start, end: r.end, durationS: Math.round((r.end - r.start) / 1000), lat: r.lat, lon: r.lon });
  let first = 0; // the first episode that may reach into the day (both lists are in time order)
  const days = parts.map((p): EngineDayRow => {
    const known = p.knownS > 0;
    let idleMs = 0;
    while (first < idling.length && idling[first].end <= p.from) first++;
    for (let i = first; i < idling.length && idling[i].start < p.to; i++)
      idleMs += Math.min(idling[i].end, p.to) - Math.max(idling[i].start, p.from);
    return {
      day: dayOf(p.from),
      from: p.from,
      to: p.to,
      onS: known ? p.onS : null,
      idleS: known ? Math.round(idleMs / 1000) : null,
      knownS: p.knownS,
    };
  });
  const sum = (pick: (d: EngineDayRow) => number | null) => days.reduce((s, d) => s + (pick(d) ?? 0), 0);
  return {
    ignition: 'reported',
    onS: sum((d) => d.onS),
    idleS: sum((d) => d.idleS),
    knownS: sum((d) => d.knownS),
    days,
    idling,
  };
}

/**
 * Engine hours and idling of a range from raw fixes: the ignition spans over the whole range at
 * once, cut into its day pieces.
 */
export function engineFromFixes(range: RangeFixes, options: EngineOptions = {}): EngineReport {
  const seq = [...(range.prev ? [range.prev] : []), ...range.fixes, ...(range.next ? [range.next] : [])];
  const spans = accSpans(seq, range.from, range.to);
  const traces = rangeTraces(range);
  const parts = dayPieces(range.from, range.to).map((p, k): EnginePart => {
    const inside = spans.filter((s) => s.end > p.from && s.start < p.to);
    return {
      from: p.from,
      to: p.to,
      onS: Math.round(spanMs(inside, p.from, p.to, true) / 1000),
      knownS: Math.round(spanMs(inside, p.from, p.to, false) / 1000),
      idle: idleRuns(inside, traces?.[k].stopped ?? []),
    };
  });
  return engineReport(parts, options);
}
