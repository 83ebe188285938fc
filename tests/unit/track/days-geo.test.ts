import { describe, expect, it } from 'vitest';
import {
  addDays,
  DAY_MS,
  dayOf,
  dayPieces,
  daysFrom,
  dayStart,
  destinationPoint,
  distanceM,
  formatMileage,
} from '../../../src/domain/track';
import { T0 } from './fixtures';

describe('platform days (GMT+8)', () => {
  it('starts a day at 16:00 UTC the day before', () => {
    expect(dayStart('2026-03-10')).toBe(T0);
    expect(dayOf(T0)).toBe('2026-03-10');
    expect(dayOf(T0 - 1)).toBe('2026-03-09');
    expect(dayOf(T0 + DAY_MS - 1)).toBe('2026-03-10');
    expect(addDays('2026-03-10', -10)).toBe('2026-02-28');
    expect(daysFrom('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(daysFrom('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('cuts a range at platform midnights', () => {
    const from = T0 - 2 * 3_600_000;
    const to = T0 + DAY_MS + 3_600_000;
    expect(dayPieces(from, to)).toEqual([
      { day: '2026-03-09', from, to: T0, full: false },
      { day: '2026-03-10', from: T0, to: T0 + DAY_MS, full: true },
      { day: '2026-03-11', from: T0 + DAY_MS, to, full: false },
    ]);
    expect(dayPieces(T0, T0)).toEqual([]);
  });
});

describe('distances (spec radius 6370996.81 m)', () => {
  it('measures Beijing to Shanghai and one degree of latitude', () => {
    expect(distanceM(39.9042, 116.4074, 31.2304, 121.4737) / 1000).toBeCloseTo(1067.3, 0);
    expect(distanceM(0, 0, 1, 0)).toBeCloseTo((6370996.81 * Math.PI) / 180, 3);
  });

  it('walks a bearing and back', () => {
    const p = destinationPoint(39.9, 116.4, 45, 1000);
    expect(distanceM(39.9, 116.4, p.lat, p.lon)).toBeCloseTo(1000, 6);
  });
});

describe('mileage format (spec section 9)', () => {
  it('shows metres under 1 km, else km to one decimal', () => {
    expect(formatMileage(0)).toBe('0 m');
    expect(formatMileage(999.4)).toBe('999 m');
    expect(formatMileage(999.6)).toBe('1.0 km');
    expect(formatMileage(1000)).toBe('1.0 km');
    expect(formatMileage(12_345)).toBe('12.3 km');
    expect(formatMileage(-3)).toBe('0 m');
  });
});
