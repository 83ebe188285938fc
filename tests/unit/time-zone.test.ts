import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_ZONE,
  dayOf,
  daysBetween,
  dayStart,
  fromWallClock,
  startOfDay,
  wallClock,
  zoneLabel,
} from '../../src/domain/time-zone';
import { axisTicks, formatDate, formatDateTime } from '../../src/domain/date-format';

/** The day rule and the one date formatter (issue 32): pinned clocks, pinned zones. */

const GMT8 = 480;
// 2026-11-28 20:19:05.123 in GMT+8 is 12:19:05.123 UTC.
const T = Date.UTC(2026, 10, 28, 12, 19, 5, 123);
// 2026-11-28 17:30 UTC: still the 28th in London, already the 29th in GMT+8.
const LATE_UTC = Date.UTC(2026, 10, 28, 17, 30);

describe('the day rule', () => {
  it('is the platform zone, GMT+8, for every account', () => {
    expect(ACCOUNT_ZONE).toBe(480);
    expect(zoneLabel(ACCOUNT_ZONE)).toBe('GMT+8');
    expect(zoneLabel(0)).toBe('GMT');
    expect(zoneLabel(-210)).toBe('GMT-3:30');
    expect(zoneLabel(330)).toBe('GMT+5:30');
  });

  it("cuts days at the zone's midnight, not at UTC's or the machine's", () => {
    expect(dayOf(LATE_UTC, GMT8)).toBe('2026-11-29');
    expect(dayOf(LATE_UTC, 0)).toBe('2026-11-28');
    expect(dayOf(LATE_UTC, -300)).toBe('2026-11-28');
    expect(dayStart('2026-11-29', GMT8)).toBe(Date.UTC(2026, 10, 28, 16));
    expect(startOfDay(LATE_UTC, GMT8)).toBe(Date.UTC(2026, 10, 28, 16));
    expect(startOfDay(LATE_UTC, 0)).toBe(Date.UTC(2026, 10, 28));
    // The last millisecond of a day and the first of the next.
    expect(dayOf(dayStart('2026-11-29', GMT8) - 1, GMT8)).toBe('2026-11-28');
    expect(dayOf(dayStart('2026-11-29', GMT8), GMT8)).toBe('2026-11-29');
  });

  it('counts whole days between instants by their days in the zone', () => {
    const expiry = Date.UTC(2026, 10, 30, 15, 59); // 2026-11-30 23:59 GMT+8
    expect(daysBetween(LATE_UTC, expiry, GMT8)).toBe(1);
    expect(daysBetween(LATE_UTC, expiry, 0)).toBe(2);
    expect(daysBetween(expiry, LATE_UTC, GMT8)).toBe(-1);
  });

  it('reads and sets the wall clock of the zone', () => {
    expect(wallClock(T, GMT8)).toEqual({
      year: 2026,
      month: 11,
      day: 28,
      hour: 20,
      minute: 19,
      second: 5,
      millisecond: 123,
    });
    expect(fromWallClock(wallClock(T, GMT8), GMT8)).toBe(T);
    expect(fromWallClock({ year: 2026, month: 11, day: 29 }, GMT8)).toBe(dayStart('2026-11-29', GMT8));
    // New year's eve crosses into the next year in the zone first.
    expect(wallClock(Date.UTC(2026, 11, 31, 16), GMT8).year).toBe(2027);
  });
});

describe('the date formatter', () => {
  it("writes every style on the zone's wall clock", () => {
    expect(formatDateTime(T, 'second', GMT8)).toBe('2026-11-28 20:19:05');
    expect(formatDateTime(T, 'minute', GMT8)).toBe('2026-11-28 20:19');
    expect(formatDateTime(T, 'date', GMT8)).toBe('2026-11-28');
    expect(formatDateTime(T, 'millis', GMT8)).toBe('2026-11-28 20:19:05.123');
    expect(formatDateTime(T, 'time', GMT8)).toBe('20:19:05');
    expect(formatDateTime(T, 'hourMinute', GMT8)).toBe('20:19');
    expect(formatDateTime(T, 'monthDay', GMT8)).toBe('11-28');
    expect(formatDateTime(T, 'monthDayMinute', GMT8)).toBe('11-28 20:19');
    expect(formatDateTime(T, 'monthDaySecond', GMT8)).toBe('11-28 20:19:05');
    expect(formatDateTime(T, 'second', 0)).toBe('2026-11-28 12:19:05');
    expect(formatDate(LATE_UTC, GMT8)).toBe('2026-11-29');
  });

  it('takes ISO text, Date and epoch ms alike, and defaults to the account zone', () => {
    const iso = new Date(T).toISOString();
    expect(formatDateTime(iso)).toBe('2026-11-28 20:19:05');
    expect(formatDateTime(new Date(T))).toBe('2026-11-28 20:19:05');
    expect(formatDateTime('2026-11-28T20:19:05+08:00', 'minute')).toBe('2026-11-28 20:19');
  });

  it('writes nothing for nothing and shows unreadable text as it came', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatDateTime(Number.NaN)).toBe('NaN');
  });

  it("puts a time axis's ticks on round times of the zone, as numbers", () => {
    // 19:03 to 23:40 GMT+8: whole hours.
    const from = Date.UTC(2026, 10, 28, 11, 3);
    const to = Date.UTC(2026, 10, 28, 15, 40);
    expect(axisTicks(from, to, 6, GMT8).map((x) => x.label)).toEqual(['20:00', '21:00', '22:00', '23:00']);
    // Over midnight the day shows where it starts.
    const night = axisTicks(from, Date.UTC(2026, 10, 28, 19), 6, GMT8).map((x) => x.label);
    expect(night).toEqual(['20:00', '22:00', '11-29', '02:00']);
    // A week: one tick a day (at most 6 of them: every other day), on the zone's midnights.
    const week = axisTicks(Date.UTC(2026, 10, 21, 12), Date.UTC(2026, 10, 28, 12), 6, GMT8);
    expect(week.map((x) => x.label)).toEqual(['11-22', '11-24', '11-26', '11-28']);
    expect(week[0].t).toBe(Date.UTC(2026, 10, 21, 16));
    // The same instants in another zone fall on other round times.
    expect(axisTicks(from, to, 6, 0).map((x) => x.label)).toEqual(['12:00', '13:00', '14:00', '15:00']);
    expect(axisTicks(to, from, 6, GMT8)).toEqual([]);
  });
});
