import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRACK_STATE } from '../../../src/domain/codes';
import {
  isStopped,
  mergeRuns,
  staysOf,
  stopRuns,
  trackState,
  type StayRun,
  type TrackFix,
} from '../../../src/domain/track';
import { drive, fix, MIN, T0 } from './fixtures';

describe('track state (spec sections 4 and 9)', () => {
  const at = (speed: number, extra: Partial<TrackFix> = {}) => fix(T0, 39.9, 116.4, speed, extra);
  it('uses the thresholds 10, 60 and 120 km/h, overspeed before fast', () => {
    expect(trackState(at(0), false)).toBe(TRACK_STATE.stop);
    expect(trackState(at(10), false)).toBe(TRACK_STATE.stop);
    expect(trackState(at(11), false)).toBe(TRACK_STATE.normal);
    expect(trackState(at(60), false)).toBe(TRACK_STATE.normal);
    expect(trackState(at(61), false)).toBe(TRACK_STATE.fast);
    expect(trackState(at(120), false)).toBe(TRACK_STATE.fast);
    expect(trackState(at(121), false)).toBe(TRACK_STATE.overspeed);
  });

  it('marks invalid fixes and jumps abnormal', () => {
    expect(trackState(at(50, { valid: false }), false)).toBe(TRACK_STATE.abnormal);
    expect(trackState(at(50), true)).toBe(TRACK_STATE.abnormal);
    expect(trackState(at(50, { type: 'lbs' }), false)).toBe(TRACK_STATE.normal);
  });

  it('counts a silence over 60 s as stopped unless the vehicle covered the ground', () => {
    const a = at(40);
    expect(isStopped(a, fix(T0 + 60_000, 39.9, 116.4, 40))).toBe(false);
    expect(isStopped(a, fix(T0 + 61_000, 39.9, 116.4, 0))).toBe(true);
    // Two minutes later 1.3 km away: driving with sparse reports.
    expect(isStopped(a, fix(T0 + 120_000, 39.912, 116.4, 40))).toBe(false);
    expect(trackState(a, false, fix(T0 + 600_000, 39.9, 116.4, 0))).toBe(TRACK_STATE.stop);
  });
});

describe('stays', () => {
  it('finds a stay from the first stopped fix to the fix that moves again', () => {
    const fixes = drive([
      [300, 40, 90],
      [600, 0, 0],
      [300, 40, 90],
    ]);
    const runs = stopRuns(fixes, T0, T0 + 86_400_000);
    const stays = staysOf(runs, 180);
    expect(stays).toHaveLength(1);
    expect(stays[0]).toMatchObject({ start: T0 + 300_000, end: T0 + 900_000, durationS: 600 });
    expect(staysOf(runs, 601)).toHaveLength(0);
  });

  it('spans a silence: parked at 18:00, next fix the next morning', () => {
    const evening = drive([[600, 40, 0]], { start: T0 + 17 * 60 * MIN });
    const last = evening[evening.length - 1];
    const parked = fix(last.t + 10_000, last.lat, last.lon, 0);
    const morning = drive([[600, 40, 180]], { start: T0 + 32 * 60 * MIN, lat: last.lat, lon: last.lon });
    const fixes = [...evening, parked, ...morning];
    const stays = staysOf(stopRuns(fixes, T0, T0 + 2 * 86_400_000), 180);
    expect(stays).toHaveLength(1);
    expect(stays[0].start).toBe(parked.t);
    expect(stays[0].end).toBe(morning[0].t);
  });

  it('merges runs that meet at a piece edge before filtering by duration', () => {
    const edge = T0 + 86_400_000;
    const runs: StayRun[] = [
      { start: edge - 2 * MIN, end: edge, lat: 1, lon: 2 },
      { start: edge, end: edge + 5 * MIN, lat: 1, lon: 2 },
    ];
    expect(staysOf(runs, 180)).toEqual([
      { start: edge - 2 * MIN, end: edge + 5 * MIN, lat: 1, lon: 2, durationS: 420 },
    ]);
    expect(mergeRuns([runs[1], runs[0]])).toHaveLength(1);
  });

  it('places a stay at its first satellite fix', () => {
    const fixes = [
      fix(T0, 39.9, 116.4, 40),
      fix(T0 + 10_000, 39.95, 116.45, 0, { type: 'lbs' }),
      fix(T0 + 20_000, 39.901, 116.401, 0),
      fix(T0 + 400_000, 39.901, 116.401, 30),
    ];
    const [s] = staysOf(stopRuns(fixes, T0, T0 + 3_600_000), 60);
    expect(s).toMatchObject({ lat: 39.901, lon: 116.401, start: T0 + 10_000, end: T0 + 400_000 });
  });

  it('property: cutting a track into pieces with their neighbours gives the same stays', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 10, max: 3600 }),
            fc.constantFrom(0, 0, 5, 30, 70),
            fc.integer({ min: 0, max: 359 }),
          ),
          { minLength: 1, maxLength: 14 },
        ),
        fc.array(fc.integer({ min: 1, max: 20_000 }), { maxLength: 5 }),
        fc.integer({ min: 5, max: 120 }),
        (legs, cutsS, step) => {
          const fixes = drive(legs as [number, number, number][], { stepS: step });
          const from = fixes[0].t;
          const to = fixes[fixes.length - 1].t + 1;
          const whole = staysOf(stopRuns(fixes, from, to), 60);
          const edges = [
            ...new Set(cutsS.map((s) => from + s * 1000).filter((t) => t > from && t < to)),
          ].sort((a, b) => a - b);
          const bounds = [from, ...edges, to];
          const runs: StayRun[] = [];
          for (let k = 0; k + 1 < bounds.length; k++) {
            const inside = fixes.filter((f) => f.t >= bounds[k] && f.t < bounds[k + 1]);
            const prev = [...fixes].reverse().find((f) => f.t < bounds[k]);
            const next = fixes.find((f) => f.t >= bounds[k + 1]);
            runs.push(...stopRuns(inside, bounds[k], bounds[k + 1], { prev, next }));
          }
          expect(staysOf(runs, 60)).toEqual(whole);
        },
      ),
      { numRuns: 200 },
    );
  });
});
