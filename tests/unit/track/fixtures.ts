import { destinationPoint, type TrackFix } from '../../../src/domain/track';

/** 2026-03-10 00:00 Beijing time (16:00 UTC the day before). */
export const T0 = Date.parse('2026-03-09T16:00:00Z');
export const MIN = 60_000;

export const fix = (
  t: number,
  lat: number,
  lon: number,
  speed = 0,
  extra: Partial<TrackFix> = {},
): TrackFix => ({
  t,
  lat,
  lon,
  speed,
  course: 0,
  valid: true,
  type: 'gps',
  ...extra,
});

/** Legs of a drive: [seconds, km/h, heading]. Speed 0 parks. One fix every `stepS` seconds. */
export function drive(
  legs: [number, number, number][],
  opts: { start?: number; lat?: number; lon?: number; stepS?: number } = {},
): TrackFix[] {
  const step = opts.stepS ?? 10;
  let t = opts.start ?? T0;
  let lat = opts.lat ?? 39.9;
  let lon = opts.lon ?? 116.4;
  const out: TrackFix[] = [];
  for (const [seconds, speed, heading] of legs) {
    for (let s = 0; s < seconds; s += step) {
      out.push({ ...fix(t, lat, lon, speed), course: heading });
      ({ lat, lon } = destinationPoint(lat, lon, heading, (speed / 3.6) * step));
      t += step * 1000;
    }
  }
  return out;
}
