import { describe, expect, it } from 'vitest';
import { calendarDaysUntil, dayNumber } from '../../../src/domain/day-count';

const at = (iso: string) => Date.parse(iso);

describe('calendar days until an instant (fixed clocks)', () => {
  it('counts calendar days in the zone, not 24-hour blocks', () => {
    // 20:00 in Shanghai; the expiry is tomorrow at 09:00 there: 13 hours, one calendar day.
    const now = at('2026-11-28T20:00:00+08:00');
    expect(calendarDaysUntil(at('2026-11-29T09:00:00+08:00'), now, 'Asia/Shanghai')).toBe(1);
    // Later the same evening: today.
    expect(calendarDaysUntil(at('2026-11-28T23:59:00+08:00'), now, 'Asia/Shanghai')).toBe(0);
    // Two days and a bit: "in 2 days", whatever the hour (issue 32's device expiring in two).
    expect(calendarDaysUntil(at('2026-11-30T23:00:00+08:00'), now, 'Asia/Shanghai')).toBe(2);
    expect(calendarDaysUntil(at('2026-11-30T00:30:00+08:00'), now, 'Asia/Shanghai')).toBe(2);
    // Past: negative.
    expect(calendarDaysUntil(at('2026-11-27T09:00:00+08:00'), now, 'Asia/Shanghai')).toBe(-1);
  });

  it('the zone decides where a day ends', () => {
    // 2026-11-28 23:30 UTC is already the 29th in Shanghai and still the 28th in Paris.
    const now = at('2026-11-28T12:00:00Z');
    const expiry = at('2026-11-28T23:30:00Z');
    expect(calendarDaysUntil(expiry, now, 'UTC')).toBe(0);
    expect(calendarDaysUntil(expiry, now, 'Europe/Paris')).toBe(1);
    expect(calendarDaysUntil(expiry, now, 'Asia/Shanghai')).toBe(1);
    expect(calendarDaysUntil(expiry, now, 'America/New_York')).toBe(0);
  });

  it('a day of 23 or 25 hours (summer time) is still one day', () => {
    // Paris moves its clocks on 2026-03-29 and 2026-10-25.
    expect(
      calendarDaysUntil(at('2026-03-30T00:30:00+02:00'), at('2026-03-28T23:30:00+01:00'), 'Europe/Paris'),
    ).toBe(2);
    expect(
      calendarDaysUntil(at('2026-10-26T00:10:00+01:00'), at('2026-10-25T00:10:00+02:00'), 'Europe/Paris'),
    ).toBe(1);
  });

  it('day numbers count from 1970-01-01 in the zone', () => {
    expect(dayNumber(0, 'UTC')).toBe(0);
    expect(dayNumber(at('1970-01-02T00:00:00Z'), 'UTC')).toBe(1);
    expect(dayNumber(at('1970-01-01T23:00:00Z'), 'Asia/Shanghai')).toBe(1);
  });
});
