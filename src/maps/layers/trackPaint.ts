import type { TrackShape } from '../../domain/track/shape';
import { stateRuns } from '../../pages/track/playback';
import { mercator } from '../screenTransform';

export interface MapTrack {
  id: string;
  /** The device's colour: the wide line under the state colours. */
  color: string;
  shape: TrackShape;
  /** WGS-84 positions of the track's stays. */
  stays: readonly { lng: number; lat: number }[];
}

/**
 * A track ready to draw on any frame: its points in map coordinates (for the map's own
 * projection) and in Web Mercator (for the frame's affine transform), with the state runs,
 * arrows and stays worked out once per data change rather than per frame.
 */
export interface PaintedTrack {
  color: string;
  /** Map coordinates (provider's datum), lng and lat interleaved. */
  lngLat: Float64Array;
  /** Web Mercator of the same points, x and y interleaved. */
  world: Float64Array;
  /** Per track state (spec section 4): point ranges [from, to] of its runs, inclusive. */
  states: { state: number; runs: [number, number][] }[];
  /** Points that carry a direction arrow, with the course in degrees. */
  arrows: { i: number; course: number }[];
  /** Stays: map coordinates and Web Mercator, interleaved as above. */
  stayLngLat: Float64Array;
  stayWorld: Float64Array;
}

/** About this many direction arrows along a track. */
export const ARROWS_PER_TRACK = 60;

function interleave(n: number, at: (i: number) => [number, number]) {
  const lngLat = new Float64Array(n * 2);
  const world = new Float64Array(n * 2);
  for (let i = 0; i < n; i++) {
    const [x, y] = at(i);
    lngLat[i * 2] = x;
    lngLat[i * 2 + 1] = y;
    const [mx, my] = mercator(x, y);
    world[i * 2] = mx;
    world[i * 2 + 1] = my;
  }
  return { lngLat, world };
}

/** `toMap` converts WGS-84 to the provider's coordinates (GCJ-02, BD-09 or none). */
export function paintTracks(
  tracks: readonly MapTrack[],
  toMap: (lng: number, lat: number) => [number, number],
): PaintedTrack[] {
  const out: PaintedTrack[] = [];
  for (const tr of tracks) {
    const s = tr.shape;
    const n = s.t.length;
    if (n === 0) continue;
    const { lngLat, world } = interleave(n, (i) => toMap(s.lon[i], s.lat[i]));
    const byState = new Map<number, [number, number][]>();
    for (const r of stateRuns(s)) {
      const runs = byState.get(r.state) ?? [];
      runs.push([r.from, r.to]);
      byState.set(r.state, runs);
    }
    const arrows: { i: number; course: number }[] = [];
    const every = Math.max(1, Math.ceil(n / ARROWS_PER_TRACK));
    for (let i = Math.floor(every / 2); i < n - 1; i += every)
      if (s.speed[i] > 0) arrows.push({ i, course: s.course[i] || 0 });
    const stays = interleave(tr.stays.length, (i) => toMap(tr.stays[i].lng, tr.stays[i].lat));
    out.push({
      color: tr.color,
      lngLat,
      world,
      states: [...byState].map(([state, runs]) => ({ state, runs })),
      arrows,
      stayLngLat: stays.lngLat,
      stayWorld: stays.world,
    });
  }
  return out;
}
