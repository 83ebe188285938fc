import { destinationPoint, TRACK_CONTEXT_MS, type TrackFix } from '../../../src/domain/track';
import type { RangeFixes } from '../../../src/domain/reports';
import { drive, fix, MIN, T0 } from '../track/fixtures';

export { drive, fix, MIN, T0 };
export const H = 60 * MIN;
export const DAY = 24 * H;
/** An instant of 2026-03-10 (Beijing, GMT+8) by its wall clock: at(7, 5) is 07:05:00. */
export const at = (h: number, m: number, s = 0) => T0 + h * H + m * MIN + s * 1000;

/** 1° of latitude on the spec's sphere (6,370,996.81 m): π·R/180 = 111,194.87 m. */
export const M_PER_DEG = 111_194.87;
export const HOME = { lat: 39.9, lon: 116.4 };

/**
 * A hand-made working day (2026-03-10, Beijing), one fix every 10 s while the tracker is on,
 * heading north all day. The numbers the tests expect are worked out here once.
 *
 *   23:50 (day before)  last fix of the night before, parked at HOME, ACC off (context `prev`)
 *   06:59:00–07:04:50   parked at HOME, ACC on (warming up: 6 min of idling)
 *   07:05:00–07:34:50   36 km/h = 100 m per 10 s: 18,000 m, ACC on
 *   07:35:00–07:36:50   stopped 2 min (a red light), ACC on
 *   07:37:00–07:46:50   72 km/h = 200 m per 10 s: 12,000 m, ACC on
 *   07:47:00–08:59:50   parked at WORK (30 km north); ACC on until 07:57:00 (10 min idling), then off
 *   09:00:00–09:09:50   36 km/h: 6,000 m, ACC on
 *   09:10:00–09:14:50   parked at PARK (36 km north), ACC off; then the tracker says nothing
 *
 * Metres (mileage rule, moves of 100 or 200 m all >= 20 m): each leg counts its moves from its
 * second fix to the first fix of the next leg (the arrival): 18,000 + 12,000 + 6,000 = 36,000 m.
 */
export function workday(): { range: RangeFixes; fixes: TrackFix[] } {
  const fixes = drive(
    [
      [360, 0, 0],
      [1800, 36, 0],
      [120, 0, 0],
      [600, 72, 0],
      [4380, 0, 0],
      [600, 36, 0],
      [300, 0, 0],
    ],
    { start: at(6, 59), ...HOME },
  ).map((f) => ({ ...f, acc: f.t < at(7, 57) || (f.t >= at(9, 0) && f.t < at(9, 10)) }));
  const prev = fix(at(0, 0) - 10 * MIN, HOME.lat, HOME.lon, 0, { acc: false });
  return { range: { from: at(0, 0), to: at(24, 0), fixes, prev }, fixes };
}

/** A tiny seeded generator (mulberry32), so a random track is the same on every run. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A random track from a day before T0 to three days after: legs of parking, crawling and
 * driving, silences, glitches (jumps), network fixes, speed noise while parked and ACC on, off or
 * not reported. The range
 * is a random part of it (partial first and last days), with its context fixes as the server
 * reads them.
 */
export function randomRange(seed: number, withAcc = true): RangeFixes {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const fixes: TrackFix[] = [];
  let t = T0 - DAY + Math.floor(r() * 6) * H;
  let lat = HOME.lat;
  let lon = HOME.lon;
  const end = T0 + 3 * DAY;
  while (t < end) {
    const speed = pick([0, 0, 0, 5, 12, 36, 60, 90, 130]);
    const seconds = pick([30, 90, 150, 400, 1200, 3600, 4 * 3600]);
    const stepS = pick([10, 10, 30, 60, 90]);
    const acc = withAcc ? pick([true, true, false, null]) : null;
    const leg = drive([[seconds, speed, Math.floor(r() * 360)]], { start: t, lat, lon, stepS });
    for (const f of leg) {
      const x = r();
      if (x < 0.01) fixes.push({ ...f, acc, lat: f.lat + 0.05 }); // a glitch 5.5 km off
      else if (x < 0.03) fixes.push({ ...f, acc, type: 'lbs' });
      // A parked receiver's speed noise: a blip, or (90 s apart) a stopped fix reading 25 km/h.
      else if (x < 0.06 && speed === 0) fixes.push({ ...f, acc, speed: 25 });
      else fixes.push({ ...f, acc });
    }
    const last = leg[leg.length - 1];
    ({ lat, lon } = destinationPoint(last.lat, last.lon, last.course, (speed / 3.6) * stepS));
    t = last.t + stepS * 1000;
    if (r() < 0.2) t += pick([2 * MIN, 20 * MIN, 5 * H, 30 * H]); // the tracker says nothing
  }
  const from = T0 + Math.floor(r() * 12) * H + Math.floor(r() * 60) * MIN;
  const to = from + DAY + Math.floor(r() * 30) * H;
  const inside = fixes.filter((f) => f.t >= from && f.t < to);
  const prev = fixes.filter((f) => f.t < from).pop();
  const next = fixes.find((f) => f.t >= to);
  return {
    from,
    to,
    fixes: inside,
    prev: prev && prev.t >= from - TRACK_CONTEXT_MS ? prev : undefined,
    next: next && next.t < to + TRACK_CONTEXT_MS ? next : undefined,
  };
}
