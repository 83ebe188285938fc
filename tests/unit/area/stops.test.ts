import { describe, expect, it } from 'vitest';
import {
  addStop,
  clampStopRadius,
  moveStop,
  removeStop,
  routeBody,
  routeFormProblem,
  STOP_RADIUS_DEFAULT,
  updateStop,
} from '../../../src/domain/area/stops';
import { stopCircles, routePoints } from '../../../src/pages/bus/shapes';

const nameOf = (n: number) => `Stop ${n}`;
const line: [number, number][] = [
  [116.3, 39.9],
  [116.4, 39.95],
];
const two = addStop(addStop([], [116.3, 39.9], nameOf), [116.4, 39.95], nameOf);

describe('stop editing', () => {
  it('appends stops named by their number with the default radius', () => {
    expect(two).toEqual([
      { name: 'Stop 1', lon: 116.3, lat: 39.9, radius: STOP_RADIUS_DEFAULT },
      { name: 'Stop 2', lon: 116.4, lat: 39.95, radius: STOP_RADIUS_DEFAULT },
    ]);
  });
  it('updates one stop only, without touching the array given', () => {
    const moved = updateStop(two, 1, { lon: 1, lat: 2 });
    expect(moved[1]).toMatchObject({ name: 'Stop 2', lon: 1, lat: 2 });
    expect(moved[0]).toBe(two[0]);
    expect(two[1].lon).toBe(116.4);
  });
  it('moves a stop earlier or later, and not past either end', () => {
    expect(moveStop(two, 1, -1).map((s) => s.name)).toEqual(['Stop 2', 'Stop 1']);
    expect(moveStop(two, 0, 1).map((s) => s.name)).toEqual(['Stop 2', 'Stop 1']);
    expect(moveStop(two, 0, -1).map((s) => s.name)).toEqual(['Stop 1', 'Stop 2']);
    expect(moveStop(two, 1, 1).map((s) => s.name)).toEqual(['Stop 1', 'Stop 2']);
  });
  it('removes a stop', () => {
    expect(removeStop(two, 0).map((s) => s.name)).toEqual(['Stop 2']);
  });
  it('keeps a typed radius whole and inside 10..5,000 m', () => {
    expect(clampStopRadius(3)).toBe(10);
    expect(clampStopRadius(80.6)).toBe(81);
    expect(clampStopRadius(9_999)).toBe(5_000);
    expect(clampStopRadius(null)).toBe(STOP_RADIUS_DEFAULT);
  });
});

describe('routeFormProblem', () => {
  it('asks for the line first, then two stops, then their names', () => {
    expect(routeFormProblem(null, two)).toBe('busLineTooFewPoints');
    expect(routeFormProblem(line, two.slice(0, 1))).toBe('busTooFewStops');
    expect(routeFormProblem(line, updateStop(two, 0, { name: '  ' }))).toBe('busStopNameRequired');
    expect(routeFormProblem(line, updateStop(two, 0, { radius: 5 }))).toBe('busStopRadiusRange');
    expect(routeFormProblem(line, two)).toBeNull();
  });
});

describe('routeBody', () => {
  it('trims names, rounds radii and carries the vehicles and the id of an edit', () => {
    const stops = updateStop(two, 0, { name: ' Gate ', radius: 120.4 });
    expect(routeBody(' Line 1 ', line, stops, ['868120000000001'], 4)).toEqual({
      id: 4,
      name: 'Line 1',
      line,
      stops: [
        { name: 'Gate', lon: 116.3, lat: 39.9, radius: 120 },
        { name: 'Stop 2', lon: 116.4, lat: 39.95, radius: STOP_RADIUS_DEFAULT },
      ],
      terminalIDs: ['868120000000001'],
    });
    expect(routeBody('L', line, two, [])).not.toHaveProperty('id');
  });
});

describe('bus map shapes', () => {
  it('draws each stop as a numbered circle of its radius, ids apart per route', () => {
    const circles = stopCircles(two, 2);
    expect(circles.map((c) => c.name)).toEqual(['1. Stop 1', '2. Stop 2']);
    expect(circles[0]).toMatchObject({ type: 'circle', center: [116.3, 39.9], radius: STOP_RADIUS_DEFAULT });
    const ids = [...stopCircles(two, 0), ...circles].map((c) => c.id);
    expect(new Set(ids).size).toBe(4);
    expect(ids.every((id) => id < 0)).toBe(true);
  });
  it('fits to the line and the stops', () => {
    expect(routePoints(line, two)).toHaveLength(4);
    expect(routePoints(null, two)).toEqual([
      [116.3, 39.9],
      [116.4, 39.95],
    ]);
  });
});
