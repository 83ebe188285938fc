import { describe, expect, it } from 'vitest';
import { busRouteProblem, type BusStopInput } from '../../../src/domain/area/bus';
import { BUS_STOPS_MAX, FENCE_MAX_POINTS } from '../../../src/domain/constants';

const LINE: [number, number][] = [
  [114, 22.5],
  [114.1, 22.6],
];
const stop = (o: Partial<BusStopInput> = {}): BusStopInput => ({
  name: 'S',
  lon: 114,
  lat: 22.5,
  radius: 50,
  ...o,
});

describe('busRouteProblem', () => {
  it('accepts a line of 2 points with 2 stops', () => {
    expect(busRouteProblem(LINE, [stop(), stop()])).toBeNull();
  });

  it('names the first problem', () => {
    expect(busRouteProblem(LINE.slice(0, 1), [stop(), stop()])).toBe('busLineTooFewPoints');
    expect(busRouteProblem(Array(FENCE_MAX_POINTS + 1).fill([114, 22]), [stop(), stop()])).toBe(
      'busLineTooManyPoints',
    );
    expect(
      busRouteProblem(
        [
          [181, 0],
          [0, 0],
        ],
        [stop(), stop()],
      ),
    ).toBe('fenceCoordinateRange');
    expect(busRouteProblem(LINE, [stop()])).toBe('busTooFewStops');
    expect(busRouteProblem(LINE, Array(BUS_STOPS_MAX + 1).fill(stop()))).toBe('busTooManyStops');
    expect(busRouteProblem(LINE, [stop(), stop({ lat: -91 })])).toBe('fenceCoordinateRange');
    expect(busRouteProblem(LINE, [stop(), stop({ radius: 9 })])).toBe('busStopRadiusRange');
    expect(busRouteProblem(LINE, [stop(), stop({ radius: 5001 })])).toBe('busStopRadiusRange');
    expect(busRouteProblem(LINE, [stop(), stop({ lon: NaN })])).toBe('fenceCoordinateRange');
  });
});
