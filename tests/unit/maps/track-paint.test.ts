import { describe, expect, it } from 'vitest';
import { emptyShape, type TrackShape } from '../../../src/domain/track/shape';
import { ARROWS_PER_TRACK, paintTracks } from '../../../src/maps/layers/trackPaint';
import { mercator } from '../../../src/maps/screenTransform';

function shape(states: number[], speed = 30): TrackShape {
  const s = emptyShape();
  states.forEach((state, i) => {
    s.t.push(i * 10);
    s.lon.push(120 + i * 0.001);
    s.lat.push(30);
    s.speed.push(speed);
    s.course.push(90);
    s.state.push(state);
    s.type.push('gps');
    s.valid.push(true);
  });
  return s;
}

const shift = (lng: number, lat: number): [number, number] => [lng + 0.005, lat + 0.002];

describe('paintTracks', () => {
  it('keeps map coordinates and their Web Mercator side by side', () => {
    const [p] = paintTracks([{ id: 'a', color: '#f00', shape: shape([1, 1, 1]), stays: [{ lng: 1, lat: 2 }] }], shift);
    expect(p.color).toBe('#f00');
    expect([...p.lngLat.slice(0, 2)]).toEqual(shift(120, 30));
    expect([...p.world.slice(2, 4)]).toEqual(mercator(...shift(120.001, 30)));
    expect([...p.stayLngLat]).toEqual(shift(1, 2));
    expect([...p.stayWorld]).toEqual(mercator(...shift(1, 2)));
  });

  it('groups the runs of each state, sharing the point where the state changes', () => {
    const [p] = paintTracks([{ id: 'a', color: '#f00', shape: shape([1, 1, 3, 3, 1, 1]), stays: [] }], shift);
    expect(p.states).toEqual([
      { state: 1, runs: [[0, 2], [4, 5]] },
      { state: 3, runs: [[2, 4]] },
    ]);
  });

  it('spreads about a fixed number of arrows over moving points and none over parked ones', () => {
    const long = shape(Array.from({ length: 1000 }, () => 1));
    const [moving] = paintTracks([{ id: 'a', color: '#f00', shape: long, stays: [] }], shift);
    expect(moving.arrows.length).toBeGreaterThan(ARROWS_PER_TRACK * 0.8);
    expect(moving.arrows.length).toBeLessThanOrEqual(ARROWS_PER_TRACK);
    expect(moving.arrows[0].course).toBe(90);
    const [parked] = paintTracks([{ id: 'b', color: '#0f0', shape: shape([4, 4, 4], 0), stays: [] }], shift);
    expect(parked.arrows).toEqual([]);
  });

  it('leaves out tracks without points', () => {
    expect(paintTracks([{ id: 'a', color: '#f00', shape: emptyShape(), stays: [] }], shift)).toEqual([]);
  });
});
