/**
 * A device's fixes over a report range, and the day pieces they are cut into. Every figure of
 * the product is computed per piece (a day of the account zone, or the part of one the range
 * covers) with the nearest fix on either side as context: the mileage report's metres are the
 * sum of its days', and a stay crossing midnight is two runs merged. The reports cut the same
 * way, so their numbers agree with the mileage and stay-point reports and with the rollups.
 */
import { dayPieces, TRACK_CONTEXT_MS, type PieceInput, type TrackFix } from '../track';

export interface RangeFixes {
  from: number;
  to: number;
  /** Fixes with from <= t < to, in time order (server/services/track/fixes.ts readFixes). */
  fixes: readonly TrackFix[];
  /** The last fix before `from` and the first at or after `to`, within TRACK_CONTEXT_MS. */
  prev?: TrackFix;
  next?: TrackFix;
}

/** A place on the map. */
export interface Place {
  lat: number;
  lon: number;
}

/**
 * The range cut at the account zone's midnights, each piece with its neighbouring fixes as the
 * rollup job and playback's rawParts give them (a neighbour further than TRACK_CONTEXT_MS from
 * the piece is none).
 */
export function rangePieces(range: RangeFixes): PieceInput[] {
  const { fixes } = range;
  let i = 0;
  return dayPieces(range.from, range.to).map((p) => {
    const start = i;
    while (i < fixes.length && fixes[i].t < p.to) i++;
    const prev = start > 0 ? fixes[start - 1] : range.prev;
    const next = i < fixes.length ? fixes[i] : range.next;
    return {
      fixes: fixes.slice(start, i),
      from: p.from,
      to: p.to,
      prev: prev && prev.t >= p.from - TRACK_CONTEXT_MS ? prev : undefined,
      next: next && next.t < p.to + TRACK_CONTEXT_MS ? next : undefined,
    };
  });
}

/** To 0.1, as the rollup keeps metres and speeds (../track/figures.ts). */
export const round1 = (v: number) => Math.round(v * 10) / 10;
