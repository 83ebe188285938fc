/**
 * Trips and stays of a range from raw fixes (ranges the rollups do not cover, and the reference
 * the rollup path, trip-days.ts, is tested against).
 *
 * The rules, all the track domain's:
 *  - a stop is a run of the stop rule (stopRuns: speed <= 10 km/h, or a silence the vehicle did
 *    not cover ground in), runs meeting at midnight merged (mergeRuns) before judging length;
 *  - a stay is a stop of at least `stopMinS` (default the stay-point report's minimum), a trip is
 *    what lies between stays;
 *  - time before the first fix and after the last one, where no fix within TRACK_CONTEXT_MS
 *    says otherwise, is parked at that fix's place (trace.ts), and a day without any fix
 *    continues the state around it (silent.ts);
 *  - metres are the mileage rule's per day piece, cut at the stays' edges (timeline.ts);
 *  - a range where no fix is known at all (none inside, none within TRACK_CONTEXT_MS around it)
 *    gives an empty timeline: there is no place to put a stay.
 * Otherwise the segments cover [from, to) exactly, in order.
 */
import { mergeRuns } from '../track';
import { rangePieces, type RangeFixes } from './range';
import { silentStates, type PieceEdges } from './silent';
import { assembleTimeline, tripSettings, type Segment, type TripOptions } from './timeline';
import { metresBy, topSpeedIn, traceOf, type PieceTrace } from './trace';

const edgesOf = (tr: PieceTrace): PieceEdges => {
  const first = tr.runs[0];
  const last = tr.runs[tr.runs.length - 1];
  return {
    startsParked: first && first.start === tr.from ? first : null,
    endsParked: last && last.end === tr.to ? last : null,
  };
};

/** The traces of the range's pieces, silent pieces filled in; null when nothing is known. */
export function rangeTraces(range: RangeFixes): PieceTrace[] | null {
  const pieces = rangePieces(range);
  const traces = pieces.map(traceOf);
  const states = silentStates(traces.map((tr) => tr && edgesOf(tr)));
  if (!states) return null;
  return traces.map((tr, k) => {
    if (tr) return tr;
    const { from, to } = pieces[k];
    const at = states[k];
    return {
      from,
      to,
      t: [],
      metres: [],
      speed: [],
      total: 0,
      runs: at ? [{ start: from, end: to, lat: at.lat, lon: at.lon }] : [],
      stopped: [],
      first: null,
      last: null,
    };
  });
}

export function tripTimeline(range: RangeFixes, options: TripOptions = {}): Segment[] {
  const { stopMinS, minTripM } = tripSettings(options);
  const traces = rangeTraces(range);
  if (!traces) return [];
  // The range's metres by the instant x: every piece's (0 for those after x, all for those before).
  const metresAt = (x: number, strict: boolean) => traces.reduce((m, tr) => m + metresBy(tr, x, strict), 0);
  const stays = mergeRuns(traces.flatMap((tr) => tr.runs))
    .filter((r) => r.end - r.start >= stopMinS * 1000)
    .map((r) => ({ ...r, metresAtStart: metresAt(r.start, false), metresAtEnd: metresAt(r.end, true) }));
  return assembleTimeline(
    {
      from: range.from,
      to: range.to,
      stays,
      total: traces.reduce((m, tr) => m + tr.total, 0),
      first: traces.find((tr) => tr.first)?.first ?? null,
      last: traces.findLast((tr) => tr.last)?.last ?? null,
      topSpeed: (a, b) => Math.max(0, ...traces.map((tr) => topSpeedIn(tr, a, b))),
    },
    minTripM,
  );
}
