import { describe, expect, it } from 'vitest';
import { fuelDay, type FuelDayInput } from '../../../src/domain/reports/fuel';
import { combineFuelDays } from '../../../src/domain/reports/fuel-range';
import { FUEL_DEFAULTS } from '../../../src/domain/reports/fuel-rules';
import { DAY_MS, dayOf, dayStart, mileageM, roundTo } from '../../../src/domain/track';
import { clock, FuelDayBuilder, MIN } from './fuel-fixtures';

const DAY = '2026-03-10';
const FROM = dayStart(DAY);

const input = (b: FuelDayBuilder, extra: Partial<FuelDayInput> = {}): FuelDayInput => ({
  fixes: b.fixes,
  from: FROM,
  to: FROM + DAY_MS,
  ...extra,
});

/**
 * A working day in litres (GMT+8 clock):
 *  A 00:00-07:00 parked at home, a reading every 10 min at 60.0 L, but 03:00 and 03:10 read
 *    75.0 (a two-reading spike: sloshing or a bad read, not a fill);
 *  B 07:00-08:00 driving at 60 km/h (60 km), 0.1 L a minute: 60.0 down to 54.1 at 07:59;
 *  C 08:00-08:30 parked at the pump, a reading a minute: 54.0 until 08:10, then 64, 74, 84
 *    and 94.0 from 08:14 (a fill of 40 L);
 *  D 08:30-10:30 driving at 60 km/h (120 km), 0.1 L a minute: 94.0 down to 82.1 at 10:29;
 *  E 10:30-24:00 parked, a reading every 10 min: 82.0 until 21:00, 69.5 at 21:10, 57.0 from
 *    21:20 (25 L gone in 20 minutes: a suspected drain).
 */
function workingDay(): FuelDayBuilder {
  return new FuelDayBuilder(DAY)
    .park('00:00', '07:00', 10, (m) => (m === 180 || m === 190 ? 75 : 60))
    .drive('07:00', '08:00', 60, (m) => 60 - 0.1 * (m - 420))
    .park('08:00', '08:30', 1, (m) => (m <= 490 ? 54 : Math.min(94, 54 + 10 * (m - 490))))
    .drive('08:30', '10:30', 60, (m) => 94 - 0.1 * (m - 510))
    .park('10:30', '24:00', 10, (m) => (m <= 1260 ? 82 : m === 1270 ? 69.5 : 57));
}

describe('fuelDay: a day with a fill, a parked drain, noise and driving', () => {
  const b = workingDay();
  const result = fuelDay(input(b))!;

  it('finds the fill at the pump and the parked drain, and not the spike', () => {
    const pump = b.fixes.find((f) => f.t === clock(DAY, '08:14'))!;
    // The median of 5 leaves every phase as it is (each is flat or monotone), except the
    // spike: at 03:00 the window 02:40..03:20 holds 60, 60, 75, 75, 60, whose median is 60.
    expect(result.day.events).toEqual([
      {
        kind: 'fill',
        // The level leaves 54 after the 08:10 reading and is within 2 L (the noise) of 94 at 08:14.
        from: clock(DAY, '08:10'),
        to: clock(DAY, '08:14'),
        amount: 40,
        before: 54,
        after: 94,
        lat: roundTo(pump.lat, 6),
        lon: roundTo(pump.lon, 6),
      },
      {
        kind: 'drain',
        // The parked stretch runs from 10:30 (82.0) to 21:20 (57.0): 25 L, 25 of them in the
        // 20 minutes from 21:00, well within 60 minutes.
        from: clock(DAY, '21:00'),
        to: clock(DAY, '21:20'),
        amount: 25,
        before: 82,
        after: 57,
        lat: roundTo(b.lat, 6),
        lon: roundTo(b.lon, 6),
      },
    ]);
  });

  it('gives the day in litres with the balance as fuel used', () => {
    // used = first − last + filled − drained = 60 − 57 + 40 − 25 = 18 L, which is what the two
    // drives burnt: 6 L (60 min × 0.1) and 12 L (120 min × 0.1).
    expect(result.day).toMatchObject({
      unit: 'l',
      // 42 readings in A (00:00..06:50), 60 in B, 30 in C, 120 in D, 81 in E (10:30..23:50).
      readings: 333,
      first: 60,
      last: 57,
      min: 54,
      max: 94,
      filled: 40,
      drained: 25,
      used: 18,
      fills: 1,
      drains: 1,
    });
  });

  it('gives L/100 km with the distance of the mileage rule', () => {
    // The drives cover 60 km + 120 km in 1 km steps: 180,000 m; 18 L / 180 km × 100 = 10 L/100 km.
    const metres = mileageM(b.fixes);
    expect(metres).toBeCloseTo(180_000, 0);
    const report = combineFuelDays([{ day: DAY, mileageM: metres, fuel: result.day }]);
    expect(report).toMatchObject({
      sensor: true,
      unit: 'l',
      totals: { used: 18, filled: 40, drained: 25, km: 180, per100km: 10 },
    });
  });

  it('keeps the last smoothed level of each 5-minute bucket for the chart', () => {
    // A and E: one reading per 10 minutes (42 + 81); B, C, D: one a minute, 5 per bucket
    // (210 minutes: 42 buckets); 42 + 42 + 81 = 165 points.
    expect(result.series.t).toHaveLength(165);
    expect(result.series.v[0]).toBe(60);
    // 03:00 is a spike in the readings and 60 in the series.
    expect(result.series.v[result.series.t.indexOf(clock(DAY, '03:00'))]).toBe(60);
    expect(result.series.v[result.series.t.length - 1]).toBe(57);
  });

  it('would call the spike a fill without the median (the smoothing is what removes it)', () => {
    const raw = fuelDay(input(b, { settings: { ...FUEL_DEFAULTS, medianRadius: 0 } }))!;
    expect(raw.day.events.some((e) => e.kind === 'fill' && e.from < clock(DAY, '04:00'))).toBe(true);
  });
});

describe('fuelDay: noise', () => {
  it('a parked day of jitter and spikes has no event and used 0', () => {
    // Readings every 10 min from 12:00: v = 50, 51.5, 48.5, 50, 65, 50, 49, 51, 64, 66, 50, 50.5, 49.5, 50.
    // Medians of 5 (of 3 next to the ends, the ends raw): 50, 50, 50, 50, 50, 50, 51, 51, 51, 51,
    // 50.5, 50, 50, 50 (at 65: 48.5, 49, 50, 50, 65 → 50; at 66: 50, 50.5, 51, 64, 66 → 51). The largest
    // move is 1 L, under the 2 L noise: no leg, no event; first = last = 50.
    const v = [50, 51.5, 48.5, 50, 65, 50, 49, 51, 64, 66, 50, 50.5, 49.5, 50];
    const b = new FuelDayBuilder(DAY).park('12:00', '14:20', 10, (m) => v[(m - 720) / 10]);
    const { day, series } = fuelDay(input(b))!;
    expect(series.v).toEqual([50, 50, 50, 50, 50, 50, 51, 51, 51, 51, 50.5, 50, 50, 50]);
    expect(day).toMatchObject({ first: 50, last: 50, min: 50, max: 51, filled: 0, drained: 0, used: 0 });
    expect(day.events).toEqual([]);
  });

  it('a parked fall slower than 10 L in 60 minutes is not a drain (idling)', () => {
    // 3 L an hour for 5 hours (readings every 10 min: 0.5 L each): 15 L in all, but at most 3 L
    // within any 60 minutes. used = 15.
    const b = new FuelDayBuilder(DAY).park('09:00', '14:10', 10, (m) => 80 - 0.05 * (m - 540));
    const { day } = fuelDay(input(b))!;
    expect(day).toMatchObject({ first: 80, last: 65, drains: 0, used: 15 });
  });

  it('the same fall while driving is consumption, not a drain', () => {
    // 25 L in 20 minutes while moving (a leaking line, or a sensor artefact) is never a drain:
    // drains are parked only. used = 25.
    const b = new FuelDayBuilder(DAY).drive('09:00', '09:21', 60, (m) => 80 - 1.25 * (m - 540));
    const { day } = fuelDay(input(b))!;
    expect(day).toMatchObject({ first: 80, last: 55, drains: 0, used: 25 });
  });
});

describe('fuelDay: day boundaries in GMT+8', () => {
  // Parked all night: 70.0 L until 23:50 on the 9th (account clock), 60.0 at 00:00 and 50.0
  // from 00:10 on the 10th. Midnight is 16:00 UTC, so the drain ends at 16:10 UTC on the 9th:
  // the account's day, not the UTC one, holds it.
  const prevDay = '2026-03-09';
  const night = [
    ...new FuelDayBuilder(prevDay).park('20:00', '24:00', 10, () => 70).fixes,
    ...new FuelDayBuilder(DAY).park('00:00', '08:00', 10, (m) => (m === 0 ? 60 : 50)).fixes,
  ];
  const dayFixes = (day: string) => night.filter((f) => dayOf(f.t) === day);

  it('cuts the fixes at 16:00 UTC', () => {
    expect(dayStart(DAY)).toBe(Date.parse('2026-03-09T16:00:00Z'));
    expect(dayFixes(prevDay)).toHaveLength(24);
    expect(dayFixes(DAY)).toHaveLength(48);
  });

  const first = fuelDay({
    fixes: dayFixes(prevDay),
    from: dayStart(prevDay),
    to: dayStart(DAY),
    after: dayFixes(DAY),
  })!.day;
  const second = fuelDay({
    fixes: dayFixes(DAY),
    from: FROM,
    to: FROM + DAY_MS,
    before: dayFixes(prevDay),
  })!.day;

  it('gives the drop across midnight to the day it ends in, and the days chain', () => {
    // Medians across midnight: 23:50 → 70, 70, 70, 60, 50 → 70; 00:00 → 70, 70, 60, 50, 50 → 60;
    // 00:10 → 70, 60, 50, 50, 50 → 50. The 9th stays at 70 (used 0). The 10th starts at the
    // 9th's last reading (70 at 23:50) and loses 20 L in 20 minutes parked: a drain from
    // 23:50 on the 9th to 00:10 on the 10th; used = 70 − 50 + 0 − 20 = 0.
    expect(first).toMatchObject({ first: 70, last: 70, drains: 0, used: 0 });
    expect(second).toMatchObject({ first: 70, last: 50, drained: 20, used: 0, readings: 48 });
    expect(second.events).toMatchObject([
      { kind: 'drain', from: clock(prevDay, '23:50'), to: clock(DAY, '00:10'), amount: 20 },
    ]);
    expect(new Date(second.events[0].to).toISOString()).toBe('2026-03-09T16:10:00.000Z');
    expect(second.first).toBe(first.last);
  });

  it('without the day before, the 10th starts at its own first reading and sees half the drain', () => {
    // 00:00 is then the series' end, left raw: the level starts at 60 and loses 10 L by 00:10.
    const alone = fuelDay({ fixes: dayFixes(DAY), from: FROM, to: FROM + DAY_MS })!.day;
    expect(alone).toMatchObject({ first: 60, last: 50, drained: 10, used: 0 });
  });

  it('the range over both days adds up', () => {
    const report = combineFuelDays([
      { day: prevDay, mileageM: 0, fuel: first },
      { day: DAY, mileageM: 0, fuel: second },
    ]);
    expect(report).toMatchObject({ sensor: true, totals: { first: 70, last: 50, drained: 20, used: 0 } });
  });

  it('ignores readings of the day before that are more than a day old', () => {
    const old = new FuelDayBuilder('2026-03-08').park('23:00', '24:00', 10, () => 90).fixes;
    // Taken, the 90 L of the 8th would start the 10th (and make a drain of 40 L); left out, the
    // day starts at its own first reading, 60 L, as without a day before.
    const day = fuelDay({ fixes: dayFixes(DAY), from: FROM, to: FROM + DAY_MS, before: old })!.day;
    expect(day).toMatchObject({ first: 60, drained: 10 });
  });
});

describe('fuelDay: no sensor', () => {
  it('is null for a day without a reading, and for one whose readings are all 0', () => {
    const none = new FuelDayBuilder(DAY).park('08:00', '09:00', 10, () => null);
    expect(fuelDay(input(none))).toBeNull();
    const zeros = new FuelDayBuilder(DAY).park('08:00', '09:00', 10, () => 0);
    expect(fuelDay(input(zeros))).toBeNull();
  });

  it('an empty tank reading 0 among other readings is a level', () => {
    const b = new FuelDayBuilder(DAY).park('08:00', '09:00', 10, (m) => (m < 510 ? 2 : 0));
    expect(fuelDay(input(b))!.day).toMatchObject({ first: 2, last: 0 });
  });
});

describe('fuelDay: settings', () => {
  it('a smaller fill threshold finds a smaller fill', () => {
    // 6 L poured at 10:00: under the default 10 L, over a 5 L setting.
    const b = new FuelDayBuilder(DAY).park('09:00', '11:00', 10, (m) => (m < 600 ? 30 : 36));
    expect(fuelDay(input(b))!.day.fills).toBe(0);
    const five = { ...FUEL_DEFAULTS, fillMin: { l: 5, pct: 5 } };
    expect(fuelDay(input(b, { settings: five }))!.day).toMatchObject({ fills: 1, filled: 6, used: 0 });
  });

  it('a parked fall of 12 L over exactly 60 minutes is a drain by default', () => {
    // Readings every 10 min: 60 until 09:00, then 2 L a reading down to 48 at 10:00.
    const b = new FuelDayBuilder(DAY).park('08:00', '11:00', 10, (m) =>
      m <= 540 ? 60 : Math.max(48, 60 - (m - 540) / 5),
    );
    expect(fuelDay(input(b))!.day).toMatchObject({ drains: 1, drained: 12, used: 0 });
    // Its shown time leaves out the ends within the 2 L noise: 58 at 09:10 is still "60", 50 at
    // 09:50 already "48".
    expect(fuelDay(input(b))!.day.events[0]).toMatchObject({
      from: clock(DAY, '09:10'),
      to: clock(DAY, '09:50'),
    });
  });

  it('a drain slower than the window is not one', () => {
    // 12 L in 90 minutes while parked (readings 30 min apart: 4 L each): at most 8 L in 60 min.
    const b = new FuelDayBuilder(DAY).park('09:00', '12:00', 30, (m) =>
      Math.max(48, 60 - (4 * (m - 540)) / 30),
    );
    expect(fuelDay(input(b))!.day).toMatchObject({ drains: 0, used: 12 });
    const wide = { ...FUEL_DEFAULTS, drainWindowMs: 90 * MIN };
    expect(fuelDay(input(b, { settings: wide }))!.day).toMatchObject({ drains: 1, drained: 12, used: 0 });
  });
});
