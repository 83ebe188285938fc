import { describe, expect, it } from 'vitest';
import { FIX_FUTURE_TOLERANCE_MS, fixProblem } from '../../src/domain/fix-validity';

const now = new Date('2026-11-24T08:00:00Z');
const fix = (over: Partial<Parameters<typeof fixProblem>[0]> = {}) => ({
  latitude: 39.9,
  longitude: 116.3,
  time: now,
  valid: true,
  ...over,
});

describe('fixProblem', () => {
  it('trusts a located fix inside the ranges, at or slightly ahead of the server clock', () => {
    expect(fixProblem(fix(), now)).toBeNull();
    expect(fixProblem(fix({ latitude: -90, longitude: 180 }), now)).toBeNull();
    expect(fixProblem(fix({ time: new Date(now.getTime() + FIX_FUTURE_TOLERANCE_MS) }), now)).toBeNull();
    expect(fixProblem(fix({ time: new Date('2020-01-01T00:00:00Z') }), now)).toBeNull();
  });

  it('refuses coordinates outside -90..90 and -180..180, and non-numbers', () => {
    // Latitude and longitude swapped, as a real 808 terminal sent them.
    expect(fixProblem(fix({ latitude: 116.3, longitude: 39.9 }), now)).toBe('latitude');
    expect(fixProblem(fix({ latitude: -90.000001 }), now)).toBe('latitude');
    expect(fixProblem(fix({ longitude: 180.5 }), now)).toBe('longitude');
    expect(fixProblem(fix({ longitude: -181 }), now)).toBe('longitude');
    expect(fixProblem(fix({ latitude: Number.NaN }), now)).toBe('latitude');
    expect(fixProblem(fix({ longitude: Number.POSITIVE_INFINITY }), now)).toBe('longitude');
  });

  it('refuses a fix the device flagged as not located, and 0,0', () => {
    expect(fixProblem(fix({ valid: false }), now)).toBe('noFix');
    expect(fixProblem(fix({ latitude: 0, longitude: 0 }), now)).toBe('nullIsland');
    expect(fixProblem(fix({ latitude: 0, longitude: 10 }), now)).toBeNull();
  });

  it('refuses a time further ahead than the tolerance', () => {
    const ahead = new Date(now.getTime() + FIX_FUTURE_TOLERANCE_MS + 1000);
    expect(fixProblem(fix({ time: ahead }), now)).toBe('future');
    expect(fixProblem(fix({ time: new Date(now.getTime() + 8 * 3600_000) }), now)).toBe('future');
  });
});
