import { describe, expect, it } from 'vitest';
import { FENCE_MAX_POINTS, FENCE_RADIUS_MAX, FENCE_RADIUS_MIN } from '../../../src/domain/constants';
import {
  fenceBBox,
  fenceContains,
  fenceShapeProblem,
  ringOf,
  selfIntersects,
  type LonLat,
} from '../../../src/domain/fence/shape';
import { destinationPoint, distanceM } from '../../../src/domain/track/geo';

const square: LonLat[] = [
  [116.3, 39.9],
  [116.4, 39.9],
  [116.4, 40.0],
  [116.3, 40.0],
];

describe('fenceShapeProblem', () => {
  it('takes circles of 100 m to 1,000 km and refuses the rest', () => {
    const c = (radius: number) => ({ type: 'circle' as const, center: [116.4, 39.9] as LonLat, radius });
    expect(fenceShapeProblem(c(FENCE_RADIUS_MIN))).toBeNull();
    expect(fenceShapeProblem(c(FENCE_RADIUS_MAX))).toBeNull();
    expect(fenceShapeProblem(c(FENCE_RADIUS_MIN - 1))).toBe('fenceRadiusRange');
    expect(fenceShapeProblem(c(FENCE_RADIUS_MAX + 1))).toBe('fenceRadiusRange');
    expect(fenceShapeProblem(c(Number.NaN))).toBe('fenceRadiusRange');
  });

  it('refuses a point off the earth', () => {
    expect(fenceShapeProblem({ type: 'circle', center: [181, 0], radius: 500 })).toBe('fenceCoordinateRange');
    expect(fenceShapeProblem({ type: 'circle', center: [0, -90.5], radius: 500 })).toBe('fenceCoordinateRange');
    expect(fenceShapeProblem({ type: 'polygon', points: [...square.slice(1), [116.3, 91]] })).toBe(
      'fenceCoordinateRange',
    );
  });

  it('takes a simple polygon, closed or not, and refuses a bow tie', () => {
    expect(fenceShapeProblem({ type: 'polygon', points: square })).toBeNull();
    expect(fenceShapeProblem({ type: 'polygon', points: [...square, square[0]] })).toBeNull();
    const bowTie: LonLat[] = [square[0], square[2], square[1], square[3]];
    expect(fenceShapeProblem({ type: 'polygon', points: bowTie })).toBe('fenceSelfIntersecting');
  });

  it('counts corners after dropping repeats', () => {
    expect(fenceShapeProblem({ type: 'polygon', points: [square[0], square[1], square[1], square[0]] })).toBe(
      'fenceTooFewPoints',
    );
    const many = Array.from({ length: FENCE_MAX_POINTS + 1 }, (_, i): LonLat => {
      const a = (i / (FENCE_MAX_POINTS + 1)) * 2 * Math.PI;
      return [116 + Math.cos(a), 39 + Math.sin(a)];
    });
    expect(fenceShapeProblem({ type: 'polygon', points: many })).toBe('fenceTooManyPoints');
    expect(fenceShapeProblem({ type: 'polygon', points: many.slice(1) })).toBeNull();
  });

  it('takes a rectangle only as four corners on two meridians and two parallels', () => {
    expect(fenceShapeProblem({ type: 'rectangle', points: square })).toBeNull();
    expect(fenceShapeProblem({ type: 'rectangle', points: [...square.slice(0, 3), [116.31, 40]] })).toBe(
      'fenceNotRectangle',
    );
    expect(fenceShapeProblem({ type: 'rectangle', points: [square[0], square[2], square[1], square[3]] })).toBe(
      'fenceNotRectangle',
    );
  });
});

describe('selfIntersects', () => {
  it('sees a ring that touches itself at a corner', () => {
    const eight: LonLat[] = [
      [0, 0],
      [1, 1],
      [2, 0],
      [2, 2],
      [1, 1],
      [0, 2],
    ];
    expect(selfIntersects(ringOf(eight))).toBe(true);
  });
});

describe('fenceContains', () => {
  it('puts a point inside a circle by the spec radius distance', () => {
    const center: LonLat = [116.4, 39.9];
    const circle = { type: 'circle' as const, center, radius: 1000 };
    expect(fenceContains(circle, 116.4, 39.9)).toBe(true);
    // 0.0089° of latitude is about 990 m, 0.0091° about 1,012 m.
    expect(distanceM(39.9, 116.4, 39.9089, 116.4)).toBeLessThan(1000);
    expect(fenceContains(circle, 116.4, 39.9089)).toBe(true);
    expect(fenceContains(circle, 116.4, 39.9091)).toBe(false);
  });

  it('tells inside from outside a concave polygon, its edges inside', () => {
    const l: LonLat[] = [
      [0, 0],
      [2, 0],
      [2, 1],
      [1, 1],
      [1, 2],
      [0, 2],
    ];
    const shape = { type: 'polygon' as const, points: l };
    expect(fenceContains(shape, 0.5, 1.5)).toBe(true);
    expect(fenceContains(shape, 1.5, 1.5)).toBe(false);
    expect(fenceContains(shape, 2, 0.5)).toBe(true);
    expect(fenceContains(shape, 3, 0.5)).toBe(false);
  });
});

describe('fenceBBox', () => {
  it('holds every point of a circle and touches its widest ones', () => {
    for (const lat of [0, 39.9, 70]) {
      const circle = { type: 'circle' as const, center: [116.4, lat] as LonLat, radius: 50_000 };
      const [w, s, e, n] = fenceBBox(circle);
      const rim = Array.from({ length: 720 }, (_, i) => destinationPoint(lat, 116.4, i / 2, 50_000));
      const eps = 1e-9;
      for (const p of rim) expect(p.lon >= w - eps && p.lon <= e + eps && p.lat >= s - eps && p.lat <= n + eps).toBe(true);
      expect(Math.max(...rim.map((p) => p.lon))).toBeCloseTo(e, 4);
      expect(Math.min(...rim.map((p) => p.lat))).toBeCloseTo(s, 4);
    }
  });

  it('takes every longitude around a pole', () => {
    const [w, , e, n] = fenceBBox({ type: 'circle', center: [10, 89.9], radius: 50_000 });
    expect([w, e, n]).toEqual([-180, 180, 90]);
  });
});
