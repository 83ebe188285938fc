import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRACK_STATE } from '../../../src/domain/codes';
import {
  assembleTrack,
  coarseEnough,
  computePiece,
  countAfter,
  DAY_BUCKET_MS,
  DAY_COARSE_MAX_POINTS,
  dayCoarseShape,
  DAY_MS,
  dayPieces,
  dayShape,
  filterShape,
  speedSeries,
  type TrackFilters,
  type TrackFix,
  type TrackPart,
  type TrackShape,
} from '../../../src/domain/track';
import { drive, T0 } from './fixtures';

const ALL: TrackFilters = { hideLbs: false, hideInvalid: false, dropJumps: false };
const FILTER_SETS: TrackFilters[] = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => ({
  hideInvalid: (k & 1) !== 0,
  hideLbs: (k & 2) !== 0,
  dropJumps: (k & 4) !== 0,
}));

/** Two days: a morning and an evening trip each day with noise of every kind. */
function twoDays(): TrackFix[] {
  const out: TrackFix[] = [];
  const from = () => {
    const last = out[out.length - 1];
    return last ? { lat: last.lat, lon: last.lon } : {};
  };
  for (const day of [0, 1]) {
    const start = T0 + day * DAY_MS;
    const legs: [number, number, number][] = [
      [1800, 45, 30],
      [900, 0, 0],
      [1200, 80, 120],
      [600, 130, 200],
    ];
    out.push(...drive(legs, { start: start + 8 * 3_600_000, ...from() }));
    const evening: [number, number, number][] = [
      [1500, 50, 260],
      [3600, 0, 0],
    ];
    out.push(...drive(evening, { start: start + 23 * 3_600_000 - 1_200_000, ...from() }));
  }
  out.sort((a, b) => a.t - b.t);
  out[40] = { ...out[40], valid: false, lat: 0, lon: 0, speed: 0 };
  out[50] = { ...out[50], type: 'lbs', lat: out[50].lat + 0.01 };
  out[60] = { ...out[60], lat: out[60].lat + 0.3 };
  out[61] = { ...out[61], battery: 80 };
  out[700] = { ...out[700], battery: 35 };
  return out;
}

function pieceOf(fixes: TrackFix[], from: number, to: number) {
  return computePiece({
    fixes: fixes.filter((f) => f.t >= from && f.t < to),
    from,
    to,
    prev: [...fixes].reverse().find((f) => f.t < from),
    next: fixes.find((f) => f.t >= to),
  });
}

describe('a piece of track', () => {
  const fixes = twoDays();
  const day = pieceOf(fixes, T0, T0 + DAY_MS);

  it('counts points by kind so any filter count is known without the points', () => {
    for (const f of FILTER_SETS)
      expect(countAfter(day.summary.counts, f)).toBe(filterShape(day.shape, f).t.length);
    expect(countAfter(day.summary.counts, ALL)).toBe(day.summary.points);
  });

  it('summarises mileage, moving time, speed and battery', () => {
    const s = day.summary;
    expect(s.mileageM).toBeGreaterThan(50_000);
    expect(s.maxSpeed).toBe(130);
    expect(s.movingS).toBeGreaterThan(5000);
    expect(s.movingS).toBeLessThan(5100);
    expect(s.batteryLast).toBe(35);
    expect(s.batteryMin).toBe(35);
    expect(day.shape.state).toContain(TRACK_STATE.overspeed);
    expect(day.shape.state[60]).toBe(TRACK_STATE.abnormal);
    // The evening stay runs past midnight: clipped to the day.
    expect(s.runs[s.runs.length - 1].end).toBe(T0 + DAY_MS);
  });

  it('keeps a day geometry within budget, with its stays and ends', () => {
    const shape = dayShape(day);
    expect(shape.t.length).toBeLessThanOrEqual(1000);
    expect(shape.t[0]).toBe(day.shape.t[0]);
    expect(shape.t[shape.t.length - 1]).toBe(day.shape.t[day.shape.t.length - 1]);
    for (const r of day.summary.runs)
      if (day.shape.t.includes(r.start)) expect(shape.t, 'stay start kept').toContain(r.start);
  });

  it('keeps a coarse day geometry for wide ranges, with its stays, and answers the same figures', () => {
    const fine = dayShape(day);
    const coarse = dayCoarseShape(fine, day.summary.runs);
    expect(coarse.t.length).toBeLessThanOrEqual(Math.min(fine.t.length, DAY_COARSE_MAX_POINTS));
    // A day of 200 turns keeps at most the coarse budget, first and last points included.
    const legs = Array.from({ length: 200 }, (_, k): [number, number, number] => [60, 40, (k % 2) * 90]);
    const winding = pieceOf(drive(legs, { start: T0 }), T0, T0 + DAY_MS);
    const windingFine = dayShape(winding);
    const windingCoarse = dayCoarseShape(windingFine, winding.summary.runs);
    expect(windingFine.t.length).toBeGreaterThan(200);
    expect(windingCoarse.t.length).toBe(DAY_COARSE_MAX_POINTS);
    expect(windingCoarse.t[0]).toBe(windingFine.t[0]);
    expect(windingCoarse.t.at(-1)).toBe(windingFine.t.at(-1));
    for (const r of day.summary.runs) if (fine.t.includes(r.start)) expect(coarse.t).toContain(r.start);
    const part = (shape: TrackShape): TrackPart => ({
      ...day.summary,
      shape,
      speed: speedSeries(day.shape, DAY_BUCKET_MS),
    });
    const o = { filters: FILTER_SETS[0], maxPoints: 50, minStayS: 180, bucketMs: DAY_BUCKET_MS };
    const a = assembleTrack([part(fine)], o);
    const b = assembleTrack([part(coarse)], o);
    expect(b.mileageM).toBe(a.mileageM);
    expect(b.stays).toEqual(a.stays);
    expect(b.total).toBe(a.total);
    expect(b.points.t.length).toBeLessThanOrEqual(50);
    // 5 devices over 90 days (2,000 points each) read coarse days; one device over 3 days does not.
    expect(coarseEnough(2000, 90 * DAY_MS)).toBe(true);
    expect(coarseEnough(4000, 3 * DAY_MS)).toBe(false);
  });

  it('gives the same answer from raw pieces and from rollup pieces, for every filter', () => {
    const from = T0 + 6 * 3_600_000;
    const to = T0 + DAY_MS + 23.5 * 3_600_000;
    const raw: TrackPart[] = dayPieces(from, to).map((p) => {
      const piece = pieceOf(fixes, p.from, p.to);
      return { ...piece.summary, shape: piece.shape };
    });
    const rolled: TrackPart[] = dayPieces(from, to).map((p) => {
      const piece = pieceOf(fixes, p.from, p.to);
      return { ...piece.summary, shape: dayShape(piece), speed: speedSeries(piece.shape, DAY_BUCKET_MS) };
    });
    for (const filters of FILTER_SETS) {
      const o = { filters, maxPoints: 4000, minStayS: 180, bucketMs: 30 * 60_000 };
      const a = assembleTrack(raw, o);
      const b = assembleTrack(rolled, o);
      expect(b.mileageM).toBe(a.mileageM);
      expect(b.stays).toEqual(a.stays);
      expect(b.total).toBe(a.total);
      expect(b.speed).toEqual(a.speed);
      expect(a.points.t.length).toBeLessThanOrEqual(4000);
    }
    const a = assembleTrack(raw, {
      filters: FILTER_SETS[1],
      maxPoints: 100,
      minStayS: 180,
      bucketMs: 30 * 60_000,
    });
    expect(a.simplified).toBe(true);
    expect(a.points.t.length).toBe(100);
    expect(a.points.valid.every(Boolean)).toBe(true);
    // Parked at 23:05 and silent after midnight until the next morning's trip: one stay.
    const midnight = a.stays.find((s) => s.start < T0 + DAY_MS && s.end > T0 + DAY_MS);
    expect(midnight).toMatchObject({
      start: T0 + 23 * 3_600_000 + 300_000,
      end: T0 + DAY_MS + 8 * 3_600_000,
    });
  });

  /** Day 0 cut in two at `cut` ms gives the stays, points and (but for one move) the mileage of the whole. */
  const checkCut = (cut: number) => {
    const a = pieceOf(fixes, T0, T0 + cut);
    const b = pieceOf(fixes, T0 + cut, T0 + DAY_MS);
    const o = { filters: ALL, maxPoints: 20_000, minStayS: 60, bucketMs: DAY_BUCKET_MS };
    const split = assembleTrack(
      [a, b].map((p) => ({ ...p.summary, shape: p.shape })),
      o,
    );
    const whole = assembleTrack([{ ...day.summary, shape: day.shape }], o);
    expect(split.stays).toEqual(whole.stays);
    expect(split.total).toBe(whole.total);
    // Only the move across the cut can be lost, and jump checks near it may differ.
    expect(Math.abs(split.mileageM - whole.mileageM)).toBeLessThan((130 / 3.6) * 10 + 1);
  };

  it('property: a day cut anywhere sums to the stays of the whole day, mileage within the cut segment', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: DAY_MS - 1 }), checkCut), { numRuns: 50 });
  });

  it('a day cut at any fix or just after it: a glitch left at the end of a piece is still a jump', () => {
    // A random cut rarely lands within a millisecond of a fix; CI's did once, just after the
    // glitch (fix 60), which then ended its piece with no later fix to vouch it was one.
    const inDay = fixes.filter((f) => f.t > T0 && f.t < T0 + DAY_MS);
    for (const f of inDay) for (const cut of [f.t - T0, f.t - T0 + 1]) checkCut(cut);
  });
});
