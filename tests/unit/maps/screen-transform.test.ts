import { describe, expect, it } from 'vitest';
import { affineError, affineFrom3, applyAffine, mercator } from '../../../src/maps/screenTransform';

describe('mercator', () => {
  it('puts the origin in the middle and the antimeridian at the edges', () => {
    expect(mercator(0, 0)).toEqual([0.5, 0.5]);
    expect(mercator(-180, 0)[0]).toBe(0);
    expect(mercator(180, 0)[0]).toBe(1);
  });
  it('grows y southwards and clamps the poles', () => {
    expect(mercator(0, 45)[1]).toBeLessThan(0.5);
    expect(mercator(0, -45)[1]).toBeGreaterThan(0.5);
    expect(mercator(0, 90)[1]).toBeCloseTo(0, 6);
    expect(Number.isFinite(mercator(0, -90)[1])).toBe(true);
  });
});

describe('affineFrom3', () => {
  it('recovers a scale, rotation and shift from three points', () => {
    const angle = 0.3;
    const s = 512;
    const map = (x: number, y: number): [number, number] => [
      s * (Math.cos(angle) * x - Math.sin(angle) * y) + 100,
      s * (Math.sin(angle) * x + Math.cos(angle) * y) - 40,
    ];
    const from = [
      [0.1, 0.2],
      [0.7, 0.25],
      [0.3, 0.9],
    ] as const;
    const t = affineFrom3(from, [map(...from[0]), map(...from[1]), map(...from[2])])!;
    const [x, y] = applyAffine(t, 0.55, 0.41);
    const [ex, ey] = map(0.55, 0.41);
    expect(x).toBeCloseTo(ex, 9);
    expect(y).toBeCloseTo(ey, 9);
    expect(affineError(t, [0.9, 0.9], map(0.9, 0.9))).toBeLessThan(1e-9);
  });
  it('refuses three points in a line', () => {
    expect(
      affineFrom3(
        [
          [0, 0],
          [1, 1],
          [2, 2],
        ],
        [
          [0, 0],
          [1, 0],
          [0, 1],
        ],
      ),
    ).toBeNull();
  });
  it('reports how far a non-affine map misses a fourth point', () => {
    const t = affineFrom3(
      [
        [0, 0],
        [1, 0],
        [0, 1],
      ],
      [
        [0, 0],
        [10, 0],
        [0, 10],
      ],
    )!;
    // A pitched map would put (1, 1) elsewhere than (10, 10).
    expect(affineError(t, [1, 1], [8, 12])).toBeCloseTo(Math.hypot(2, 2), 9);
  });
});
