/**
 * The pure part of track playback: where a vehicle is at an instant, the next and previous
 * points, how fast the clock runs, and merging a detailed window into a simplified track.
 */
import type { TrackShape } from '../../domain/track/shape';
import type { PlaybackMarker } from '../../maps';

/** Track time played per real second at 1×: five minutes (a 30-minute trip takes 6 s). */
export const PLAY_MS_PER_SECOND = 5 * 60_000;
export const PLAY_SPEEDS = [1, 2, 4, 8, 16] as const;
/** While playing, a stay longer than this is skipped to its end. */
export const SKIP_STAY_MS = 10 * 60_000;

export interface Pose {
  lat: number;
  lon: number;
  /** Degrees clockwise from north. */
  course: number;
  speed: number;
  /** Index of the point at or before the instant. */
  index: number;
}

/** Index of the last point at or before `t`, or -1 when `t` is before the first. */
export function indexAt(times: readonly number[], t: number): number {
  let lo = 0;
  let hi = times.length - 1;
  if (hi < 0 || t < times[0]) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (times[mid] <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The vehicle at instant `t`: between two points, moved along the segment by time. */
export function poseAt(s: TrackShape, t: number): Pose | null {
  const n = s.t.length;
  if (n === 0) return null;
  const i = indexAt(s.t, t);
  if (i < 0) return { lat: s.lat[0], lon: s.lon[0], course: s.course[0], speed: 0, index: 0 };
  if (i >= n - 1)
    return { lat: s.lat[n - 1], lon: s.lon[n - 1], course: s.course[n - 1], speed: 0, index: n - 1 };
  const span = s.t[i + 1] - s.t[i];
  const f = span > 0 ? (t - s.t[i]) / span : 0;
  const lat = s.lat[i] + (s.lat[i + 1] - s.lat[i]) * f;
  const lon = s.lon[i] + (s.lon[i + 1] - s.lon[i]) * f;
  const moved = s.lat[i + 1] !== s.lat[i] || s.lon[i + 1] !== s.lon[i];
  const course = moved ? bearing(s.lat[i], s.lon[i], s.lat[i + 1], s.lon[i + 1]) : s.course[i];
  return { lat, lon, course, speed: s.speed[i], index: i };
}

/** Initial bearing from one point to another, degrees clockwise from north. */
export function bearing(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const y = Math.sin((lon2 - lon1) * r) * Math.cos(lat2 * r);
  const x =
    Math.cos(lat1 * r) * Math.sin(lat2 * r) -
    Math.sin(lat1 * r) * Math.cos(lat2 * r) * Math.cos((lon2 - lon1) * r);
  return (Math.atan2(y, x) / r + 360) % 360;
}

/** The time of the next (dir 1) or previous (dir -1) point after `t` over all tracks. */
export function stepTime(tracks: readonly TrackShape[], t: number, dir: 1 | -1): number | null {
  let best: number | null = null;
  for (const s of tracks) {
    const i = indexAt(s.t, t);
    const j = dir === 1 ? i + 1 : s.t[i] === t ? i - 1 : i;
    if (j < 0 || j >= s.t.length) continue;
    const c = s.t[j];
    if (best === null || (dir === 1 ? c < best : c > best)) best = c;
  }
  return best;
}

export interface Span {
  start: number;
  end: number;
}

/**
 * The clock after `elapsedMs` of real time at `speed`×, jumping to a long stay's end when
 * every vehicle is parked (a played week is then its driving, not its nights).
 */
export function advance(
  t: number,
  elapsedMs: number,
  speed: number,
  stays: readonly Span[][],
  end: number,
): number {
  let next = t + (elapsedMs / 1000) * PLAY_MS_PER_SECOND * speed;
  if (stays.length) {
    const skipTo = stays.map((list) => {
      const s = list.find((x) => x.start <= next && next < x.end);
      return s && s.end - s.start >= SKIP_STAY_MS ? s.end : null;
    });
    if (skipTo.every((x) => x !== null)) next = Math.min(...(skipTo as number[]));
  }
  return Math.min(next, end);
}

/** The simplified track with the points of [from, to] replaced by a detailed window's. */
export function mergeDetail(base: TrackShape, detail: TrackShape, from: number, to: number): TrackShape {
  const before = indexAt(base.t, from - 1) + 1; // first index at or after `from`
  const after = indexAt(base.t, to) + 1; // first index after `to`
  const first = indexAt(detail.t, from - 1) + 1;
  const last = indexAt(detail.t, to) + 1;
  const out = {} as Record<keyof TrackShape, unknown[]>;
  for (const k of Object.keys(base) as (keyof TrackShape)[]) {
    const b = base[k] as unknown[];
    out[k] = [...b.slice(0, before), ...(detail[k] as unknown[]).slice(first, last), ...b.slice(after)];
  }
  return out as unknown as TrackShape;
}

/** Runs of equal state as paths: one coloured line each, sharing their end points. */
export function stateRuns(s: TrackShape): { state: number; from: number; to: number }[] {
  const runs: { state: number; from: number; to: number }[] = [];
  for (let i = 0; i < s.t.length; i++) {
    const last = runs[runs.length - 1];
    if (last && last.state === s.state[i]) last.to = i;
    else {
      if (last) last.to = i; // share the point, so the line has no gaps
      runs.push({ state: s.state[i], from: i, to: i });
    }
  }
  return runs.filter((r) => r.to > r.from);
}

/** A vehicle drawn at the play head, with its speed there (the player bar shows the first's). */
export type PlayedMarker = PlaybackMarker & { speed: number };

/**
 * The vehicles at instant `t`: a marker for each track that has a point by then, drawn with its
 * device's icon (the first icon when the device is not in the caller's list any more).
 */
export function markersAt(
  tracks: readonly { terminalID: string; name: string; color: string; shape: TrackShape }[],
  t: number,
  devices: readonly { terminalID: string; iconType: number }[],
): PlayedMarker[] {
  return tracks.flatMap((tr) => {
    const pose = poseAt(tr.shape, t);
    if (!pose) return [];
    const device = devices.find((d) => d.terminalID === tr.terminalID);
    return [
      {
        id: tr.terminalID,
        lng: pose.lon,
        lat: pose.lat,
        course: pose.course,
        state: tr.shape.state[pose.index],
        iconType: device?.iconType ?? 1,
        label: tr.name,
        color: tr.color,
        speed: pose.speed,
      },
    ];
  });
}
