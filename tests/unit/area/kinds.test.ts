import { describe, expect, it } from 'vitest';
import { AREA_KINDS, areaSaveBody } from '../../../src/domain/area/kinds';
import { formatStay } from '../../../src/domain/area/format';

const circle = { type: 'circle' as const, center: [116.4, 39.9] as const, radius: 350.6 };
const polygon = {
  type: 'polygon' as const,
  points: [
    [116.1, 39.8],
    [116.3, 39.8],
    [116.2, 40.0],
  ] as [number, number][],
};

describe('AREA_KINDS', () => {
  it('draws risk and check points as circles and check areas as polygons, with visits only for checks', () => {
    expect(AREA_KINDS.risk).toMatchObject({ shape: 'circle', base: '/riskPoint', visits: false });
    expect(AREA_KINDS.checkArea).toMatchObject({ shape: 'polygon', base: '/checkCar/area', visits: true });
    expect(AREA_KINDS.checkPoint).toMatchObject({ shape: 'circle', base: '/checkCar/point', visits: true });
  });
});

describe('areaSaveBody', () => {
  it('sends a circle as centre and whole-metre radius, name trimmed, no id when new', () => {
    expect(areaSaveBody('risk', '  Depot ', circle)).toEqual({ name: 'Depot', center: { lng: 116.4, lat: 39.9 }, radius: 351 });
  });
  it('carries the id of an edit', () => {
    expect(areaSaveBody('checkPoint', 'Gate', circle, 7)).toMatchObject({ id: 7, name: 'Gate' });
  });
  it('sends a check area as its type and corners', () => {
    expect(areaSaveBody('checkArea', 'Yard', polygon)).toEqual({ name: 'Yard', type: 'polygon', points: polygon.points });
    const rect = { type: 'rectangle' as const, points: polygon.points };
    expect(areaSaveBody('checkArea', 'Yard', rect, 3)).toMatchObject({ id: 3, type: 'rectangle' });
  });
  it('refuses a shape of the wrong kind or none', () => {
    expect(areaSaveBody('checkArea', 'Yard', circle)).toBeNull();
    expect(areaSaveBody('risk', 'Depot', polygon)).toBeNull();
    expect(areaSaveBody('risk', 'Depot', null)).toBeNull();
  });
});

describe('formatStay', () => {
  it('shows seconds as h:mm:ss', () => {
    expect(formatStay(0)).toBe('0:00:00');
    expect(formatStay(59)).toBe('0:00:59');
    expect(formatStay(3_725)).toBe('1:02:05');
    expect(formatStay(90_061)).toBe('25:01:01');
  });
  it('is empty for a visit still open or a bad value', () => {
    expect(formatStay(null)).toBe('');
    expect(formatStay(undefined)).toBe('');
    expect(formatStay(-5)).toBe('');
  });
});
