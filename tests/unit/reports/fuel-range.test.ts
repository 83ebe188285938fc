import { describe, expect, it } from 'vitest';
import { fuelDay, type FuelDay } from '../../../src/domain/reports/fuel';
import { combineFuelDays } from '../../../src/domain/reports/fuel-range';
import { DAY_MS, dayStart, mileageM } from '../../../src/domain/track';
import { clock, FuelDayBuilder } from './fuel-fixtures';

const DAY = '2026-03-10';

/**
 * A percent-only device (JT/T 808 item 0x02 with bit 15): parked at 80 % until 08:00, driving
 * 08:00-10:00 at 50 km/h (100 km) losing 0.25 % a minute (80 → 50.25 at 09:59), parked at
 * 50 % until 12:00, a fill to 90 % at 12:30 (readings every 10 minutes), parked until 14:00.
 */
function percentDay() {
  const b = new FuelDayBuilder(DAY, 'pct')
    .park('06:00', '08:00', 10, () => 80)
    .drive('08:00', '10:00', 50, (m) => 80 - 0.25 * (m - 480))
    .park('10:00', '14:00', 10, (m) => (m < 750 ? 50 : 90));
  const from = dayStart(DAY);
  return { b, day: fuelDay({ fixes: b.fixes, from, to: from + DAY_MS })!.day };
}

describe('combineFuelDays: percent-only devices', () => {
  const { b, day } = percentDay();
  const metres = mileageM(b.fixes);

  it('stays in percent without a tank size: %/100 km', () => {
    // used = 80 − 90 + 40 (the fill, 50 → 90) − 0 = 30 %; 30 % over 100 km = 30 %/100 km.
    expect(metres).toBeCloseTo(100_000, 0);
    expect(day).toMatchObject({ unit: 'pct', first: 80, last: 90, filled: 40, used: 30, fills: 1 });
    expect(combineFuelDays([{ day: DAY, mileageM: metres, fuel: day }])).toMatchObject({
      sensor: true,
      unit: 'pct',
      tankL: null,
      totals: { used: 30, filled: 40, km: 100, per100km: 30 },
    });
  });

  it('becomes litres with a 60 L tank: every level and amount × 0.6', () => {
    // 30 % of 60 L = 18 L used, 18 L/100 km; the fill is 24 L, from 30 L to 54 L.
    const report = combineFuelDays([{ day: DAY, mileageM: metres, fuel: day }], { tankL: 60 });
    expect(report).toMatchObject({
      sensor: true,
      unit: 'l',
      tankL: 60,
      totals: { first: 48, last: 54, min: 30, max: 54, filled: 24, used: 18, per100km: 18 },
      events: [{ kind: 'fill', amount: 24, before: 30, after: 54, to: clock(DAY, '12:30') }],
    });
  });
});

const stored = (over: Partial<FuelDay>): FuelDay => ({
  unit: 'l',
  readings: 10,
  first: 50,
  last: 40,
  min: 40,
  max: 50,
  filled: 0,
  drained: 0,
  used: 10,
  fills: 0,
  drains: 0,
  events: [],
  ...over,
});

describe('combineFuelDays: ranges', () => {
  it('says "no sensor" when no day has a level, never zeros', () => {
    expect(combineFuelDays([])).toEqual({ sensor: false });
    expect(
      combineFuelDays([
        { day: '2026-03-10', mileageM: 120_000, fuel: null },
        { day: '2026-03-11', mileageM: 80_000, fuel: null },
      ]),
    ).toEqual({ sensor: false });
  });

  it('counts only the distance of days with a level, and lists the others as without', () => {
    // Days 10 and 12 have a level (10 L and 8 L used over 50 + 70 km); day 11 drove 200 km
    // without one. 18 L / 120 km × 100 = 15 L/100 km (with day 11's km it would be 5.6).
    const report = combineFuelDays([
      {
        day: '2026-03-10',
        mileageM: 50_000,
        fuel: stored({ first: 60, last: 50, min: 50, max: 60, used: 10 }),
      },
      { day: '2026-03-11', mileageM: 200_000, fuel: null },
      {
        day: '2026-03-12',
        mileageM: 70_000,
        fuel: stored({ first: 48, last: 40, min: 40, max: 48, used: 8 }),
      },
    ]);
    expect(report).toMatchObject({
      sensor: true,
      totals: { first: 60, last: 40, min: 40, max: 60, used: 18, km: 120, per100km: 15 },
      days: [
        { day: '2026-03-10', sensor: true, used: 10, km: 50, per100km: 20 },
        { day: '2026-03-11', sensor: false },
        { day: '2026-03-12', sensor: true, used: 8, km: 70 },
      ],
    });
  });

  it('gives no rate under 20 km, and shows a negative balance as 0', () => {
    // A parked day topped up by 4 L (under the fill threshold): first 40, last 44, used −4.
    const topUp = stored({ first: 40, last: 44, min: 40, max: 44, used: -4 });
    const report = combineFuelDays([{ day: '2026-03-10', mileageM: 19_000, fuel: topUp }]);
    expect(report).toMatchObject({ totals: { used: 0, km: 19, per100km: null } });
  });

  it('reports a device whose unit changed in the unit of most days, the others skipped', () => {
    const pct = stored({ unit: 'pct' });
    const report = combineFuelDays([
      { day: '2026-03-10', mileageM: 0, fuel: stored({}) },
      { day: '2026-03-11', mileageM: 0, fuel: pct },
      { day: '2026-03-12', mileageM: 0, fuel: stored({}) },
    ]);
    expect(report).toMatchObject({ unit: 'l', skipped: ['2026-03-11'], totals: { used: 20 } });
    // With the tank's size the percent day is converted instead: 10 % of 80 L = 8 L.
    const withTank = combineFuelDays(
      [
        { day: '2026-03-10', mileageM: 0, fuel: stored({}) },
        { day: '2026-03-11', mileageM: 0, fuel: pct },
      ],
      { tankL: 80 },
    );
    expect(withTank).toMatchObject({ unit: 'l', tankL: 80, skipped: [], totals: { used: 18 } });
  });

  it('lists the events of every day in time order', () => {
    const fill = { kind: 'fill' as const, from: 2, to: 3, amount: 30, before: 20, after: 50, lat: 1, lon: 2 };
    const drain = {
      kind: 'drain' as const,
      from: 0,
      to: 1,
      amount: 15,
      before: 50,
      after: 35,
      lat: 1,
      lon: 2,
    };
    const report = combineFuelDays([
      { day: '2026-03-11', mileageM: 0, fuel: stored({ events: [fill], fills: 1, filled: 30 }) },
      { day: '2026-03-10', mileageM: 0, fuel: stored({ events: [drain], drains: 1, drained: 15 }) },
    ]);
    expect(report).toMatchObject({
      events: [drain, fill],
      totals: { fills: 1, drains: 1, filled: 30, drained: 15 },
    });
  });
});
