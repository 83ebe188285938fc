import { describe, expect, it } from 'vitest';
import { emptyShape, inBox, type BBox, type TrackShape } from '../../src/domain/track/shape';
import { mergeInBox, shownShape, wantsViewDetail } from '../../src/pages/track/detail';

/** A track along the points [lon, lat] at times 0, 10, 20, … (or the given times). */
function track(points: [number, number][], times = points.map((_, i) => i * 10)): TrackShape {
  const s = emptyShape();
  points.forEach(([lon, lat], i) => {
    s.t.push(times[i]);
    s.lon.push(lon);
    s.lat.push(lat);
    s.speed.push(40);
    s.course.push(0);
    s.state.push(1);
    s.type.push('gps');
    s.valid.push(true);
  });
  return s;
}

const box: BBox = { west: 1, south: 0, east: 2, north: 1 };

describe('level of detail where the map looks', () => {
  it('keeps the points inside a box and their neighbours, so lines leave it', () => {
    const s = track([
      [0, 0.5],
      [0.5, 0.5],
      [1.5, 0.5],
      [3, 0.5],
      [4, 0.5],
      [1.2, 0.2],
      [5, 5],
    ]);
    expect(inBox(s, box).t).toEqual([10, 20, 30, 40, 50, 60]);
    expect(inBox(track([[9, 9]]), box).t).toEqual([]);
  });

  it('asks for detail only zoomed in on a track cut by its budget that passes through the view', () => {
    const s = track([
      [0, 0],
      [10, 10],
    ]);
    expect(wantsViewDetail(s, 2, { west: -1, south: -1, east: 11, north: 11 })).toBe(false);
    expect(wantsViewDetail(s, 2, { west: -1, south: -1, east: 1, north: 1 })).toBe(true);
    // Fewer points than asked: the server had nothing finer.
    expect(wantsViewDetail(s, 3, { west: -1, south: -1, east: 1, north: 1 })).toBe(false);
    // Zoomed in somewhere the track never goes.
    expect(wantsViewDetail(s, 2, { west: 4, south: 6, east: 5, north: 7 })).toBe(false);
  });

  it('replaces the points inside the box by the finer ones, in time order', () => {
    // Base: in at 20, out at 40, back in at 60.
    const base = track(
      [
        [0, 0.5],
        [1.5, 0.5],
        [3, 0.5],
        [1.5, 0.6],
        [0, 0.6],
      ],
      [0, 20, 40, 60, 80],
    );
    const detail = track(
      [
        [0.9, 0.5],
        [1.1, 0.5],
        [1.5, 0.5],
        [1.9, 0.5],
        [2.1, 0.5],
        [1.6, 0.6],
        [0.5, 0.6],
      ],
      [10, 15, 20, 30, 35, 60, 70],
    );
    const merged = mergeInBox(base, detail, box);
    expect(merged.t).toEqual([0, 10, 15, 20, 30, 35, 40, 60, 70, 80]);
    // An instant in both keeps the detail's point; every field stays aligned.
    expect(merged.lon[merged.t.indexOf(60)]).toBe(1.6);
    for (const k of ['lat', 'lon', 'speed', 'course', 'state', 'type', 'valid'] as const)
      expect(merged[k]).toHaveLength(merged.t.length);
  });

  it('shows the loaded points, refined by the view, then by every fix around the play head', () => {
    const base = track(
      [
        [0, 0.5],
        [1.5, 0.5],
        [3, 0.5],
      ],
      [0, 100, 200],
    );
    const view = {
      box,
      points: track(
        [
          [1.2, 0.5],
          [1.8, 0.5],
        ],
        [90, 110],
      ),
    };
    const time = {
      from: 150,
      to: 210,
      points: track(
        [
          [2.5, 0.5],
          [3, 0.5],
        ],
        [160, 200],
      ),
    };
    expect(shownShape(base, null, null)).toBe(base);
    expect(shownShape(base, view, null).t).toEqual([0, 90, 110, 200]);
    expect(shownShape(base, view, time).t).toEqual([0, 90, 110, 160, 200]);
  });
});
