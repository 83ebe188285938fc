import { describe, expect, it } from 'vitest';
import type { LocationMessage } from '../../../server/gateway/codec';
import { toPositionRecord } from '../../../server/gateway/runtime/position-record';

const NOW = new Date('2026-11-26T12:00:00Z');
const fix = (over: Partial<LocationMessage>): LocationMessage => ({
  type: 'location',
  protocol: 'tk103',
  messageId: 0,
  serial: 0,
  checksumOk: true,
  time: new Date('2026-11-26T11:59:00Z'),
  valid: true,
  latitude: 22.5,
  longitude: 114.1,
  speed: 40,
  course: 90,
  ...over,
});

describe('a fix as the positions table stores it', () => {
  it('rounds a fractional course into whole degrees 0-359, as the smallint column needs', () => {
    expect(toPositionRecord(1, fix({ course: 178.48 }), NOW).course).toBe(178);
    expect(toPositionRecord(1, fix({ course: 359.6 }), NOW).course).toBe(0);
    expect(toPositionRecord(1, fix({ course: -90 }), NOW).course).toBe(270);
    expect(toPositionRecord(1, fix({ course: Number.NaN }), NOW).course).toBe(0);
  });

  it('keeps only counts a smallint holds for satellites and battery, and drops non-finite numbers', () => {
    const r = toPositionRecord(
      1,
      fix({ satellites: 7.6, battery: 99.5, altitude: Number.NaN, mileage: Infinity }),
      NOW,
    );
    expect(r).toMatchObject({ satellites: 8, battery: 100, altitude: null, mileage: null });
    const huge = toPositionRecord(1, fix({ satellites: 70_000, battery: -1, speed: Number.NaN }), NOW);
    expect(huge).toMatchObject({ satellites: null, battery: null, speed: 0 });
  });
});
