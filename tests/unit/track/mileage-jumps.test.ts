import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  distanceM,
  impliedKmh,
  markJumps,
  mileageM,
  MILEAGE_MIN_STEP_M,
  type TrackFix,
} from '../../../src/domain/track';
import { drive, fix, T0 } from './fixtures';

const naive = (fixes: TrackFix[]) => {
  let s = 0;
  for (let i = 1; i < fixes.length; i++)
    s += distanceM(fixes[i - 1].lat, fixes[i - 1].lon, fixes[i].lat, fixes[i].lon);
  return s;
};

describe('jumps', () => {
  it('flags a spike in the middle, not its neighbours', () => {
    const fixes = drive([[300, 50, 90]]);
    fixes[10] = { ...fixes[10], lat: fixes[10].lat + 0.05 }; // 5.5 km off in 10 s
    const jumps = markJumps(fixes);
    expect(jumps.map((j, i) => (j ? i : -1)).filter((i) => i >= 0)).toEqual([10]);
  });

  it('flags a spike at the very start', () => {
    const fixes = drive([[300, 50, 90]]);
    fixes[0] = { ...fixes[0], lon: fixes[0].lon - 0.2 };
    expect(markJumps(fixes).indexOf(true)).toBe(0);
    expect(markJumps(fixes).filter(Boolean)).toHaveLength(1);
  });

  it('flags an excursion of two fixes', () => {
    const fixes = drive([[300, 50, 90]]);
    fixes[12] = { ...fixes[12], lat: fixes[12].lat + 0.1 };
    fixes[13] = { ...fixes[13], lat: fixes[13].lat + 0.1 };
    expect(
      markJumps(fixes)
        .map((j, i) => (j ? i : -1))
        .filter((i) => i >= 0),
    ).toEqual([12, 13]);
  });

  it('accepts a real move after a gap, and a move that the next fixes confirm', () => {
    const a = drive([[60, 40, 0]]);
    const b = drive([[60, 40, 0]], { start: a[a.length - 1].t + 3_600_000, lat: 40.3 });
    expect(markJumps([...a, ...b]).some(Boolean)).toBe(false);
    // 50 km in 10 s, but the device stays there: the anchor moves (nothing vouches for the old place).
    const c = drive([[60, 40, 0]], { start: a[a.length - 1].t + 10_000, lat: 40.35 });
    const jumps = markJumps([...a, ...c]);
    expect(jumps.filter(Boolean).length).toBe(0);
  });

  it('never flags network or invalid fixes', () => {
    const fixes = drive([[120, 50, 90]]);
    fixes[5] = { ...fixes[5], lat: 30, type: 'lbs' };
    fixes[6] = { ...fixes[6], lat: 31, valid: false };
    const jumps = markJumps(fixes);
    expect(jumps.some(Boolean)).toBe(false);
  });

  it('property: a drive no faster than 250 km/h has no jumps', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 10, max: 600 }),
            fc.integer({ min: 0, max: 250 }),
            fc.integer({ min: 0, max: 359 }),
          ),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        fc.integer({ min: 1, max: 60 }),
        (legs, step) => {
          const fixes = drive(legs as [number, number, number][], { stepS: step });
          for (let i = 1; i < fixes.length; i++) expect(impliedKmh(fixes[i - 1], fixes[i])).toBeLessThan(260);
          expect(markJumps(fixes).some(Boolean)).toBe(false);
        },
      ),
    );
  });
});

describe('mileage', () => {
  it('sums a straight drive', () => {
    const fixes = drive([[600, 36, 0]]); // 10 m/s for 10 minutes, fixes every 10 s
    expect(mileageM(fixes)).toBeCloseTo(naive(fixes), 6);
    expect(mileageM(fixes)).toBeCloseTo(5900, 0);
  });

  it('skips invalid fixes, network fixes and jumps', () => {
    const fixes = drive([[600, 36, 0]]);
    const clean = mileageM(fixes);
    fixes[10] = { ...fixes[10], lat: fixes[10].lat + 0.05, valid: false };
    fixes[20] = { ...fixes[20], lon: fixes[20].lon + 0.05, type: 'lbs' };
    fixes[30] = { ...fixes[30], lat: fixes[30].lat - 0.05 };
    expect(mileageM(fixes, markJumps(fixes))).toBeCloseTo(clean, 0);
    // Without the jump flags the glitch adds about 11 km.
    expect(mileageM(fixes) - clean).toBeGreaterThan(10_000);
  });

  it('ignores a parked receiver wandering a few metres', () => {
    const fixes: TrackFix[] = [];
    for (let i = 0; i < 8640; i++) {
      const a = (i * 137.5 * Math.PI) / 180;
      fixes.push(
        fix(T0 + i * 10_000, 39.9 + (Math.sin(a) * 8) / 111_000, 116.4 + (Math.cos(a) * 8) / 85_000),
      );
    }
    expect(naive(fixes)).toBeGreaterThan(50_000);
    expect(mileageM(fixes)).toBe(0);
  });

  it('counts a slow crawl in full', () => {
    const fixes = drive([[1800, 5, 90]]); // 5 km/h, 14 m between fixes
    expect(mileageM(fixes)).toBeGreaterThan(0.95 * naive(fixes));
  });

  it('property: never more than the naive sum, never less than it minus one step per fix', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 10, max: 900 }),
            fc.integer({ min: 0, max: 120 }),
            fc.integer({ min: 0, max: 359 }),
          ),
          {
            minLength: 1,
            maxLength: 10,
          },
        ),
        (legs) => {
          const fixes = drive(legs as [number, number, number][]);
          const m = mileageM(fixes);
          const all = naive(fixes);
          expect(m).toBeLessThanOrEqual(all + 1e-6);
          // A straight run of steps longer than the threshold is counted exactly.
          if (legs.length === 1 && (legs[0][1] / 3.6) * 10 >= MILEAGE_MIN_STEP_M)
            expect(m).toBeCloseTo(all, 3);
        },
      ),
    );
  });
});
