import { describe, expect, it } from 'vitest';
import { fenceShapeProblem } from '../../../src/domain/fence/shape';
import { distanceMeters } from '../../../src/maps/distance';
import {
  applyDrag,
  boundsPoints,
  handlesOf,
  hitHandle,
  isClick,
  radiusFromDrag,
  radiusHandleAt,
  rectangleFromCorners,
  removeVertex,
  shapeFromGesture,
  startDrag,
  type DrawnShape,
  type LngLat,
} from '../../../src/maps/draw/geometry';

const TIANANMEN: LngLat = [116.3975, 39.9087];

describe('rectangleFromCorners', () => {
  it('orders the corners SW, SE, NE, NW whichever two opposite corners are given', () => {
    const sw_ne = rectangleFromCorners([116.3, 39.9], [116.4, 40]);
    const ne_sw = rectangleFromCorners([116.4, 40], [116.3, 39.9]);
    const nw_se = rectangleFromCorners([116.3, 40], [116.4, 39.9]);
    const expected = [
      [116.3, 39.9],
      [116.4, 39.9],
      [116.4, 40],
      [116.3, 40],
    ];
    expect(sw_ne).toEqual(expected);
    expect(ne_sw).toEqual(expected);
    expect(nw_se).toEqual(expected);
  });

  it('gives what the shared fence validator accepts as a rectangle', () => {
    expect(fenceShapeProblem({ type: 'rectangle', points: rectangleFromCorners([116.3, 39.9], [116.4, 40]) })).toBeNull();
  });
});

describe('radius', () => {
  it('is the distance from the centre in whole metres', () => {
    const east = radiusHandleAt(TIANANMEN, 500);
    expect(radiusFromDrag(TIANANMEN, east)).toBe(500);
    expect(Number.isInteger(radiusFromDrag(TIANANMEN, [116.41, 39.91]))).toBe(true);
  });

  it('puts the radius handle due east at the radius', () => {
    const h = radiusHandleAt(TIANANMEN, 1234);
    expect(h[1]).toBeCloseTo(TIANANMEN[1], 5);
    expect(h[0]).toBeGreaterThan(TIANANMEN[0]);
    expect(distanceMeters(TIANANMEN, h)).toBeCloseTo(1234, 3);
  });
});

describe('handlesOf', () => {
  it('gives a circle a centre and a radius handle', () => {
    expect(handlesOf({ type: 'circle', center: TIANANMEN, radius: 300 }).map((h) => h.ref.kind)).toEqual(['center', 'radius']);
  });

  it('gives a polygon one mid handle per edge (closing edge included) before its vertices', () => {
    const hs = handlesOf({ type: 'polygon', points: [[0, 0], [2, 0], [2, 2]] });
    expect(hs.map((h) => h.ref.kind)).toEqual(['mid', 'mid', 'mid', 'vertex', 'vertex', 'vertex']);
    expect(hs[2].at).toEqual([1, 1]); // from [2,2] back to [0,0]
  });

  it('gives a polyline no closing mid handle and a rectangle none at all', () => {
    expect(handlesOf({ type: 'polyline', points: [[0, 0], [2, 0], [2, 2]] }).filter((h) => h.ref.kind === 'mid')).toHaveLength(2);
    expect(handlesOf({ type: 'rectangle', points: rectangleFromCorners([0, 0], [1, 1]) }).every((h) => h.ref.kind === 'vertex')).toBe(true);
  });
});

describe('hitHandle', () => {
  const screen = [
    { x: 100, y: 100 },
    { x: 105, y: 100 },
    { x: 300, y: 300 },
  ];
  it('finds the nearest handle within the tolerance', () => {
    expect(hitHandle(screen, 104, 101)).toBe(1);
    expect(hitHandle(screen, 98, 100)).toBe(0);
    expect(hitHandle(screen, 309, 300)).toBe(2);
  });
  it('misses beyond the tolerance', () => {
    expect(hitHandle(screen, 200, 200)).toBe(-1);
    expect(hitHandle(screen, 311, 300)).toBe(-1);
  });
  it('prefers the later (topmost) handle on a tie', () => {
    expect(hitHandle([{ x: 0, y: 0 }, { x: 0, y: 0 }], 0, 0)).toBe(1);
  });
});

describe('isClick', () => {
  it('tells a click from a drag by the pointer travel', () => {
    expect(isClick({ x: 10, y: 10 }, { x: 13, y: 12 })).toBe(true);
    expect(isClick({ x: 10, y: 10 }, { x: 20, y: 10 })).toBe(false);
  });
});

describe('dragging', () => {
  it('moves a circle by its centre and resizes it by its radius handle', () => {
    const c: DrawnShape = { type: 'circle', center: TIANANMEN, radius: 500 };
    const moved = applyDrag(c, { ref: { kind: 'center' } }, [116.4, 39.92]);
    expect(moved).toEqual({ type: 'circle', center: [116.4, 39.92], radius: 500 });
    const resized = applyDrag(c, { ref: { kind: 'radius' } }, radiusHandleAt(TIANANMEN, 2000));
    expect(resized).toMatchObject({ center: TIANANMEN, radius: 2000 });
  });

  it('inserts a vertex when a mid handle is grabbed, then moves it', () => {
    const p: DrawnShape = { type: 'polygon', points: [[0, 0], [2, 0], [2, 2]] };
    const { shape, drag } = startDrag(p, { kind: 'mid', index: 0 });
    expect(shape).toEqual({ type: 'polygon', points: [[0, 0], [1, 0], [2, 0], [2, 2]] });
    expect(applyDrag(shape, drag, [1, -1])).toEqual({ type: 'polygon', points: [[0, 0], [1, -1], [2, 0], [2, 2]] });
  });

  it('keeps a rectangle a rectangle: the opposite corner stays, even when the corner crosses over', () => {
    const r: DrawnShape = { type: 'rectangle', points: rectangleFromCorners([0, 0], [2, 2]) };
    const { shape, drag } = startDrag(r, { kind: 'vertex', index: 2 }); // NE
    expect(drag.anchor).toEqual([0, 0]);
    const crossed = applyDrag(shape, drag, [-1, -3]);
    expect(crossed).toEqual({ type: 'rectangle', points: rectangleFromCorners([0, 0], [-1, -3]) });
    expect(fenceShapeProblem(crossed as { type: 'rectangle'; points: LngLat[] })).toBeNull();
  });

  it('moves a point', () => {
    expect(applyDrag({ type: 'point', point: [1, 1] }, { ref: { kind: 'center' } }, [3, 4])).toEqual({ type: 'point', point: [3, 4] });
  });
});

describe('removeVertex', () => {
  it('removes a polygon corner only while 3 remain', () => {
    const four: DrawnShape = { type: 'polygon', points: [[0, 0], [1, 0], [1, 1], [0, 1]] };
    const three = removeVertex(four, 1);
    expect(three).toEqual({ type: 'polygon', points: [[0, 0], [1, 1], [0, 1]] });
    expect(removeVertex(three!, 0)).toBeNull();
  });
  it('keeps a line at 2 points and leaves circles alone', () => {
    expect(removeVertex({ type: 'polyline', points: [[0, 0], [1, 1]] }, 0)).toBeNull();
    expect(removeVertex({ type: 'circle', center: [0, 0], radius: 100 }, 0)).toBeNull();
  });
});

describe('shapeFromGesture and boundsPoints', () => {
  it('builds a circle from centre to rim and a rectangle from corner to corner', () => {
    const rim = radiusHandleAt(TIANANMEN, 800);
    expect(shapeFromGesture('circle', TIANANMEN, rim)).toEqual({ type: 'circle', center: TIANANMEN, radius: 800 });
    expect(shapeFromGesture('rectangle', [1, 1], [0, 0])).toEqual({ type: 'rectangle', points: rectangleFromCorners([0, 0], [1, 1]) });
  });
  it('bounds a circle by its four compass points at the radius', () => {
    const pts = boundsPoints({ type: 'circle', center: TIANANMEN, radius: 1000 });
    expect(pts).toHaveLength(4);
    for (const p of pts) expect(distanceMeters(TIANANMEN, p)).toBeCloseTo(1000, 3);
  });
});
