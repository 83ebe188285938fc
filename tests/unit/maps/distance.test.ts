import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { circleRing, distanceMeters, formatDistance, pathMeters } from '../../../src/maps/distance';
import { EARTH_RADIUS_M } from '../../../src/domain/constants';

describe('distanceMeters', () => {
  it('uses the spec radius: one degree of latitude is R·π/180', () => {
    expect(distanceMeters([116, 39], [116, 40])).toBeCloseTo((EARTH_RADIUS_M * Math.PI) / 180, 6);
  });

  it('measures Beijing to Shanghai at about 1067 km', () => {
    const d = distanceMeters([116.404, 39.915], [121.4737, 31.2304]);
    expect(d / 1000).toBeGreaterThan(1060);
    expect(d / 1000).toBeLessThan(1075);
  });

  it('is zero for the same point and symmetric', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: -85, max: 85, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: -85, max: 85, noNaN: true }),
        (a, b, c, d) => {
          expect(distanceMeters([a, b], [a, b])).toBe(0);
          expect(distanceMeters([a, b], [c, d])).toBeCloseTo(distanceMeters([c, d], [a, b]), 6);
        },
      ),
    );
  });
});

describe('pathMeters', () => {
  it('sums the legs and is 0 for fewer than two points', () => {
    expect(pathMeters([])).toBe(0);
    expect(pathMeters([[116, 39]])).toBe(0);
    const leg = distanceMeters([116, 39], [116, 40]);
    expect(pathMeters([[116, 39], [116, 40], [116, 39]])).toBeCloseTo(2 * leg, 6);
  });
});

describe('formatDistance', () => {
  it('shows metres under 1000 m, else km with two decimals', () => {
    expect(formatDistance(0, 'metric')).toBe('0 m');
    expect(formatDistance(999.4, 'metric')).toBe('999 m');
    expect(formatDistance(1000, 'metric')).toBe('1.00 km');
    expect(formatDistance(12345, 'metric')).toBe('12.35 km');
  });

  it('shows feet under 0.1 mi, else miles', () => {
    expect(formatDistance(100, 'us')).toBe('328 ft');
    expect(formatDistance(160, 'us')).toBe('525 ft');
    expect(formatDistance(161, 'us')).toBe('0.10 mi');
    expect(formatDistance(1609.344 * 3.5, 'us')).toBe('3.50 mi');
  });
});

describe('circleRing', () => {
  it('is closed and every vertex lies on the radius', () => {
    const center: [number, number] = [116.404, 39.915];
    const ring = circleRing(center, 500, 32);
    expect(ring).toHaveLength(33);
    expect(ring[32]).toEqual(ring[0]);
    for (const p of ring) expect(distanceMeters(center, p)).toBeCloseTo(500, 3);
  });
});
