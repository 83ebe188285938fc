import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bucketSizeFor,
  DAY_BUCKET_MS,
  simplifyIndices,
  SPEED_BUCKETS_MAX,
  SpeedBuckets,
} from '../../../src/domain/track';
import { drive, T0 } from './fixtures';

describe('simplification to a point budget', () => {
  it('keeps everything within budget and drops collinear points with a tolerance', () => {
    const lat = [0, 0.001, 0.002, 0.003];
    const lon = [0, 0, 0, 0];
    expect(simplifyIndices(lat, lon, 10)).toEqual([0, 1, 2, 3]);
    expect(simplifyIndices(lat, lon, 10, { toleranceM: 1 })).toEqual([0, 3]);
  });

  it('keeps the corner of an L first', () => {
    const f = drive([
      [600, 40, 0],
      [600, 40, 90],
    ]);
    const idx = simplifyIndices(
      f.map((p) => p.lat),
      f.map((p) => p.lon),
      3,
    );
    expect(idx).toEqual([0, 60, f.length - 1]);
  });

  it('keeps forced points, thinning them when they alone exceed the budget', () => {
    const n = 1000;
    const lat = Array.from({ length: n }, (_, i) => i * 1e-4);
    const lon = Array.from({ length: n }, () => 0);
    expect(simplifyIndices(lat, lon, 5, { keep: (i) => i === 500, toleranceM: 1 })).toEqual([0, 500, 999]);
    const many = simplifyIndices(lat, lon, 5, { keep: () => true });
    expect(many).toEqual([0, 250, 500, 749, 999]);
  });

  it('property: at most the budget, ascending, first, last and forced points included', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.double({ min: -0.01, max: 0.01, noNaN: true }),
            fc.double({ min: -0.01, max: 0.01, noNaN: true }),
          ),
          {
            minLength: 1,
            maxLength: 400,
          },
        ),
        fc.integer({ min: 2, max: 100 }),
        fc.integer({ min: 0, max: 399 }),
        (steps, budget, forcedAt) => {
          let la = 39.9;
          let lo = 116.4;
          const lat: number[] = [];
          const lon: number[] = [];
          for (const [a, b] of steps) {
            la += a;
            lo += b;
            lat.push(la);
            lon.push(lo);
          }
          const n = lat.length;
          const keep = forcedAt % n;
          const idx = simplifyIndices(lat, lon, budget, { keep: (i) => i === keep });
          expect(idx.length).toBeLessThanOrEqual(Math.max(budget, 0));
          expect(idx.length).toBe(Math.min(n, budget));
          for (let k = 1; k < idx.length; k++) expect(idx[k]).toBeGreaterThan(idx[k - 1]);
          expect(idx[0]).toBe(0);
          expect(idx[idx.length - 1]).toBe(n - 1);
          if (budget >= 3) expect(idx).toContain(keep);
        },
      ),
    );
  });

  it('simplifies 170,000 points to exactly 4,000, in order, both ends kept', () => {
    const f = drive(
      Array.from(
        { length: 200 },
        (_, k) => [850, 20 + (k % 5) * 20, (k * 37) % 360] as [number, number, number],
      ),
      { stepS: 1 },
    );
    // Its speed is measured by bench:playback, not timed here.
    const idx = simplifyIndices(
      f.map((p) => p.lat),
      f.map((p) => p.lon),
      4000,
    );
    expect(idx).toHaveLength(4000);
    expect(idx[0]).toBe(0);
    expect(idx[idx.length - 1]).toBe(f.length - 1);
    expect(idx.every((v, i) => i === 0 || v > idx[i - 1])).toBe(true);
  });
});

describe('speed buckets', () => {
  it('never needs more than the maximum number of buckets', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 91 * 86_400_000 }),
        fc.integer({ min: 0, max: 86_400_000 }),
        (range, from) => {
          const size = bucketSizeFor(range, DAY_BUCKET_MS);
          expect(size % DAY_BUCKET_MS).toBe(0);
          const first = Math.floor(from / size);
          const last = Math.floor((from + range - 1) / size);
          expect(last - first + 1).toBeLessThanOrEqual(SPEED_BUCKETS_MAX);
        },
      ),
    );
    expect(bucketSizeFor(90 * 86_400_000, DAY_BUCKET_MS)).toBe(130 * 60_000);
  });

  it('folds 5-minute buckets into coarser ones exactly as from the points', () => {
    const f = drive(
      Array.from({ length: 40 }, (_, k) => [600, (k * 13) % 130, 0] as [number, number, number]),
      { stepS: 10 },
    );
    const fine = new SpeedBuckets(DAY_BUCKET_MS);
    const direct = new SpeedBuckets(30 * 60_000);
    for (const p of f) {
      fine.add(p.t, p.speed);
      direct.add(p.t, p.speed);
    }
    const folded = new SpeedBuckets(30 * 60_000);
    folded.addSeries(fine.series());
    expect(folded.series()).toEqual(direct.series());
    expect(direct.series().t[0]).toBe(T0);
  });
});
