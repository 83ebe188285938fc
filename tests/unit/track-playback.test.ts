import { describe, expect, it } from 'vitest';
import { emptyShape, type TrackShape } from '../../src/domain/track/shape';
import {
  advance,
  indexAt,
  markersAt,
  mergeDetail,
  PLAY_MS_PER_SECOND,
  poseAt,
  stateRuns,
  stepTime,
} from '../../src/pages/track/playback';
import { linkedRangeOf, playedSpan, rangeOf } from '../../src/pages/track/ranges';

/** A track of points at the given times going north 0.01° a point. */
function track(times: number[], state: number[] = times.map(() => 1)): TrackShape {
  const s = emptyShape();
  times.forEach((t, i) => {
    s.t.push(t);
    s.lat.push(30 + i * 0.01);
    s.lon.push(120);
    s.speed.push(40 + i);
    s.course.push(0);
    s.state.push(state[i]);
    s.type.push('gps');
    s.valid.push(true);
  });
  return s;
}

describe('playback', () => {
  it('finds the point at or before an instant', () => {
    const t = [10, 20, 30];
    expect([5, 10, 15, 20, 29, 30, 99].map((x) => indexAt(t, x))).toEqual([-1, 0, 0, 1, 1, 2, 2]);
    expect(indexAt([], 5)).toBe(-1);
  });

  it('moves the vehicle along a segment by time and turns it the way it goes', () => {
    const s = track([0, 100]);
    const mid = poseAt(s, 50)!;
    expect(mid.lat).toBeCloseTo(30.005, 6);
    expect(mid.course).toBeCloseTo(0, 3);
    expect(mid.index).toBe(0);
    expect(poseAt(s, -10)).toMatchObject({ lat: 30, index: 0 });
    expect(poseAt(s, 500)).toMatchObject({ lat: 30.01, index: 1 });
    const east = { ...s, lat: [30, 30], lon: [120, 120.01] };
    expect(poseAt(east, 50)!.course).toBeCloseTo(90, 1);
    expect(poseAt(emptyShape(), 0)).toBeNull();
  });

  it('steps to the next and previous point over all tracks', () => {
    const a = track([0, 100, 200]);
    const b = track([50, 150]);
    expect(stepTime([a, b], 0, 1)).toBe(50);
    expect(stepTime([a, b], 50, 1)).toBe(100);
    expect(stepTime([a, b], 120, -1)).toBe(100);
    expect(stepTime([a, b], 100, -1)).toBe(50);
    expect(stepTime([a, b], 200, 1)).toBeNull();
  });

  it('runs the clock at the chosen speed and skips long stays when every vehicle is parked', () => {
    expect(advance(0, 1000, 1, [], 1e12)).toBe(PLAY_MS_PER_SECOND);
    expect(advance(0, 500, 16, [], 1e12)).toBe(8 * PLAY_MS_PER_SECOND);
    expect(advance(0, 1000, 1, [], 1000)).toBe(1000);
    const hour = 3_600_000;
    const parked = [[{ start: 0, end: 5 * hour }], [{ start: 0, end: 3 * hour }]];
    expect(advance(0, 1000, 1, parked, 1e12)).toBe(3 * hour);
    // One vehicle still drives: play on at the clock's pace.
    const one = [[{ start: 0, end: 5 * hour }], []];
    expect(advance(0, 1000, 1, one, 1e12)).toBe(PLAY_MS_PER_SECOND);
  });

  it('puts a detailed window into the simplified track', () => {
    const base = track([0, 100, 200, 300]);
    const detail = track([90, 100, 120, 150, 180, 200, 210]);
    const merged = mergeDetail(base, detail, 100, 200);
    expect(merged.t).toEqual([0, 100, 120, 150, 180, 200, 300]);
    for (const k of Object.keys(merged) as (keyof TrackShape)[]) expect(merged[k]).toHaveLength(7);
    expect(merged.speed[2]).toBe(detail.speed[2]);
  });

  it('cuts the track into runs of one state that join up', () => {
    const s = track([0, 1, 2, 3, 4], [1, 1, 3, 3, 4]);
    expect(stateRuns(s)).toEqual([
      { state: 1, from: 0, to: 2 },
      { state: 3, from: 2, to: 4 },
    ]);
  });
});

describe('playback ranges', () => {
  const GMT8 = 480;
  // 2026-11-25 06:30 in GMT+8; still the 24th in New York (GMT-5), where a browser may be.
  const now = Date.UTC(2026, 10, 24, 22, 30);
  const midnight = Date.UTC(2026, 10, 24, 16);

  it("gives today, yesterday and the last 7 days at the account zone's midnights", () => {
    expect(rangeOf('today', now, GMT8)).toEqual({ from: midnight, to: now });
    expect(rangeOf('yesterday', now, GMT8)).toEqual({ from: midnight - 86_400_000, to: midnight });
    expect(rangeOf('last7Days', now, GMT8)).toEqual({ from: now - 7 * 86_400_000, to: now });
    // The zone decides, not the machine running the test.
    expect(rangeOf('today', now, -300)).toEqual({ from: Date.UTC(2026, 10, 24, 5), to: now });
  });

  it('plays from the first fix to the last, not over the empty hours of the range', () => {
    const range = { from: midnight, to: now };
    const first = midnight + 11 * 3_600_000; // 19:03 would be the same: no fix before it
    const tracks = [
      { points: { t: [first + 60_000, first + 120_000] } },
      { points: { t: [first, first + 90_000] } },
    ];
    expect(playedSpan(tracks, range)).toEqual({ from: first, to: first + 120_000 });
    expect(playedSpan([{ points: { t: [] } }], range)).toEqual(range);
    expect(playedSpan([{ points: { t: [first] } }], range)).toEqual({ from: first, to: first + 1 });
  });

  it('reads a range from the address only when it is one', () => {
    expect(linkedRangeOf('1000', '2000')).toEqual({ from: 1000, to: 2000 });
    expect(linkedRangeOf('2000', '1000')).toBeNull();
    expect(linkedRangeOf('x', '1000')).toBeNull();
    expect(linkedRangeOf(null, '1000')).toBeNull();
  });
});

describe('playback markers', () => {
  const a = { terminalID: 'A', name: 'Van A', color: '#f00', shape: track([0, 100], [1, 2]) };
  const b = { terminalID: 'B', name: 'Van B', color: '#00f', shape: track([]) };

  it('draws each track with a point at the play head, with its device icon and speed', () => {
    const [m, ...rest] = markersAt([a, b], 50, [{ terminalID: 'A', iconType: 3 }]);
    expect(rest).toEqual([]);
    const pose = poseAt(a.shape, 50)!;
    expect(m).toMatchObject({ id: 'A', label: 'Van A', color: '#f00', iconType: 3, state: 1 });
    expect([m.lat, m.lng, m.course, m.speed]).toEqual([pose.lat, pose.lon, pose.course, pose.speed]);
    expect(m.speed).toBeGreaterThan(0);
  });

  it('takes the first icon for a device no longer in the list', () => {
    expect(markersAt([a], 0, [])[0]).toMatchObject({ iconType: 1, state: 1 });
  });
});
