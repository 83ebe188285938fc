import { describe, expect, it } from 'vitest';
import { fenceAt, mapFenceOf, saveBodyOf, shapeOfFence, shapeProblem } from '../../../src/pages/fence/shapes';
import type { Fence } from '../../../src/pages/fence/api';

const base = { state: 1 as const, createdAt: '2024-01-01T00:00:00Z', userId: 2, username: 'agent', devices: 0 };
const circle: Fence = { ...base, id: 1, name: 'c', type: 'circle', radius: 500, center: { lng: 116.3975, lat: 39.9087 }, points: null };
const big: Fence = { ...base, id: 2, name: 'big', type: 'rectangle', radius: null, center: null, points: [[116.3, 39.8], [116.5, 39.8], [116.5, 40], [116.3, 40]] };

describe('fence shapes', () => {
  it('turns records into editor shapes and back into request bodies', () => {
    const s = shapeOfFence(circle)!;
    expect(s).toEqual({ type: 'circle', center: [116.3975, 39.9087], radius: 500 });
    expect(saveBodyOf('  Gate  ', s as never, 7)).toEqual({ id: 7, name: 'Gate', type: 'circle', center: { lng: 116.3975, lat: 39.9087 }, radius: 500 });
    expect(saveBodyOf('Box', shapeOfFence(big) as never)).toEqual({ name: 'Box', type: 'rectangle', points: big.points });
  });

  it('checks shapes with the server validator and refuses a missing or other-kind shape', () => {
    expect(shapeProblem(null, 'circle')).toBe('fenceNotDrawn');
    expect(shapeProblem({ type: 'circle', center: [116, 39], radius: 50 }, 'circle')).toBe('fenceRadiusRange');
    expect(shapeProblem({ type: 'circle', center: [116, 39], radius: 150 }, 'circle')).toBeNull();
    expect(shapeProblem({ type: 'circle', center: [116, 39], radius: 150 }, 'polygon')).toBe('fenceNotDrawn');
    expect(shapeProblem({ type: 'polygon', points: [[0, 0], [1, 1], [1, 0], [0, 1]] }, 'polygon')).toBe('fenceSelfIntersecting');
  });

  it('draws rectangles as polygons on the fence layer', () => {
    expect(mapFenceOf(big)).toMatchObject({ id: 2, type: 'polygon', points: big.points });
    expect(mapFenceOf(circle)).toMatchObject({ type: 'circle', radius: 500 });
  });

  it('picks the smallest fence under a click, and none outside every fence', () => {
    expect(fenceAt([big, circle], 116.3975, 39.9087)?.id).toBe(1);
    expect(fenceAt([big, circle], 116.45, 39.85)?.id).toBe(2);
    expect(fenceAt([big, circle], 117, 39)).toBeUndefined();
  });
});
