import { describe, expect, it } from 'vitest';
import { fallsWithin, fuelLegs, medianSmooth, moveCore } from '../../../src/domain/reports/fuel-legs';

describe('medianSmooth', () => {
  it('removes a spike of two readings and keeps a step and a steady fall', () => {
    // Spike: at index 3 the window 1..5 holds 10, 10, 30, 30, 10 → 10; at 4: 10, 30, 30, 10, 10 → 10.
    expect(medianSmooth([10, 10, 10, 30, 30, 10, 10, 10], 2)).toEqual([10, 10, 10, 10, 10, 10, 10, 10]);
    expect(medianSmooth([10, 10, 10, 40, 40, 40], 2)).toEqual([10, 10, 10, 40, 40, 40]);
    expect(medianSmooth([9, 8, 7, 6, 5], 2)).toEqual([9, 8, 7, 6, 5]);
  });

  it('leaves the ends raw and narrows the window next to them', () => {
    // Index 1 has one value on its left, so a median of 3: a step from index 2 stays (90, 90, 50
    // → 90), a spike at index 1 goes (50, 90, 50 → 50). Index 0 is left as read.
    expect(medianSmooth([90, 90, 50, 50, 50], 2)).toEqual([90, 90, 50, 50, 50]);
    expect(medianSmooth([50, 90, 50, 50, 50], 2)).toEqual([50, 50, 50, 50, 50]);
  });
});

describe('fuelLegs', () => {
  it('cuts at turns larger than the noise and ends each leg at its first extreme', () => {
    // 50 → 40 (the first 40 at index 3), back up by 1 (noise), down to 38 (index 5), up to 60,
    // then within 2 of 60: legs 0-5 down, 5-7 up, 7-8 flat.
    const s = [50, 47, 44, 40, 41, 38, 50, 60, 59];
    expect(fuelLegs(s, 2)).toEqual([
      { a: 0, b: 5, dir: -1 },
      { a: 5, b: 7, dir: 1 },
      { a: 7, b: 8, dir: 0 },
    ]);
  });

  it('a series within the noise is one flat leg; one value has none', () => {
    expect(fuelLegs([50, 51, 49, 50.5], 2)).toEqual([{ a: 0, b: 3, dir: 0 }]);
    expect(fuelLegs([50], 2)).toEqual([]);
  });
});

describe('moveCore and fallsWithin', () => {
  it('trims the flat shoulders of a move', () => {
    // A rise from 30 (indexes 0-3, the last within 2 of 30 is 3) to 70 (first within 2 at 6).
    const s = [30, 30, 31, 31.5, 45, 60, 69, 70];
    expect(moveCore(s, 0, 7, 2)).toEqual([3, 6]);
    // The same read as a fall, backwards.
    expect(moveCore([...s].reverse(), 0, 7, 2)).toEqual([1, 4]);
  });

  it('finds a fall of an amount within a time window', () => {
    const t = [0, 10, 20, 30, 40].map((m) => m * 60_000);
    const s = [80, 78, 74, 70, 68];
    // 80 → 70 takes 30 minutes; 80 → 68 takes 40.
    expect(fallsWithin(t, s, 0, 4, 10, 30 * 60_000)).toBe(true);
    expect(fallsWithin(t, s, 0, 4, 10, 29 * 60_000)).toBe(false);
    expect(fallsWithin(t, s, 0, 4, 12, 40 * 60_000)).toBe(true);
    expect(fallsWithin(t, s, 1, 4, 12, 40 * 60_000)).toBe(false);
  });
});
