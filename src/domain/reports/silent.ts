/**
 * Day pieces nothing is known of: a day the device sent nothing (the rollup has no row for it),
 * or a piece with no fix inside nor within TRACK_CONTEXT_MS. Such a piece continues the state the
 * known piece before it ended in: parked there if that piece ended in a stay (by the stop rule
 * over the silence, or parked after its last fix), driving otherwise (a silence the stop rule
 * calls moving). With no known piece before it, it takes the state the next known piece starts
 * in. This is what the stop rule gives from the fixes on either side of the silence, so a silent
 * day rebuilt from rollups matches the same day computed from raw fixes.
 */
import type { Place } from './range';

/** How a known piece starts and ends: parked at a place, or moving (null). */
export interface PieceEdges {
  startsParked: Place | null;
  endsParked: Place | null;
}

/**
 * For each piece: undefined when it is known (`edges` not null), else where it is parked (a
 * place) or null (moving). Null as a whole when no piece is known.
 */
export function silentStates(edges: readonly (PieceEdges | null)[]): (Place | null | undefined)[] | null {
  const firstKnown = edges.findIndex((e) => e !== null);
  if (firstKnown < 0) return null;
  const out: (Place | null | undefined)[] = [];
  let state: Place | null = edges[firstKnown]!.startsParked;
  for (const e of edges) {
    if (e) {
      out.push(undefined);
      state = e.endsParked;
    } else out.push(state);
  }
  return out;
}
