import { describe, expect, it } from 'vitest';
import { fenceStep, UNKNOWN_SIDE, type FenceRule, type FenceSide } from '../../../src/domain/fence/rules';
import { overspeedStep, CALM, type OverspeedWatch } from '../../../src/domain/alarm/overspeed';
import { lowBatteryStep } from '../../../src/domain/alarm/low-battery';
import { LOW_BATTERY_PCT } from '../../../src/domain/constants';

const MIN = 60_000;

/** Feeds (inside, at) fixes through one allocation and answers the alarms raised. */
function run(rule: FenceRule, fixes: [boolean, number][]): (string | null)[] {
  let side: FenceSide = UNKNOWN_SIDE;
  return fixes.map(([inside, at]) => {
    const r = fenceStep(side, inside, at, rule);
    side = r.side;
    return r.alarm;
  });
}

describe('fenceStep', () => {
  const path: [boolean, number][] = [
    [false, 0],
    [true, 1],
    [true, 2],
    [false, 3],
  ];
  it('raises nothing on the first fix, then the crossings the mode asks for', () => {
    expect(run({ mode: 'inout', inMinutes: 0, outMinutes: 0 }, path)).toEqual([null, 'fenceIn', null, 'fenceOut']);
    expect(run({ mode: 'in', inMinutes: 0, outMinutes: 0 }, path)).toEqual([null, 'fenceIn', null, null]);
    expect(run({ mode: 'out', inMinutes: 0, outMinutes: 0 }, path)).toEqual([null, null, null, 'fenceOut']);
  });

  it('raises a stay alarm once per visit after the time mode, none with 0', () => {
    const stay: [boolean, number][] = [
      [false, 0],
      [true, MIN],
      [true, 5 * MIN],
      [true, 6 * MIN],
      [true, 9 * MIN],
      [false, 10 * MIN],
      [true, 11 * MIN],
      [true, 17 * MIN],
    ];
    expect(run({ mode: 'in', inMinutes: 5, outMinutes: 0 }, stay)).toEqual([
      null,
      'fenceIn',
      null,
      'fenceStayIn',
      null,
      null,
      'fenceIn',
      'fenceStayIn',
    ]);
    expect(run({ mode: 'in', inMinutes: 0, outMinutes: 0 }, stay).filter((a) => a === 'fenceStayIn')).toEqual([]);
  });

  it('raises a stay-out alarm after the out time mode', () => {
    expect(
      run({ mode: 'inout', inMinutes: 0, outMinutes: 2 }, [
        [true, 0],
        [false, MIN],
        [false, 2 * MIN],
        [false, 3 * MIN],
        [false, 9 * MIN],
      ]),
    ).toEqual([null, 'fenceOut', null, 'fenceStayOut', null]);
  });
});

describe('overspeedStep', () => {
  function feed(fixes: [number, number][], limit = 80, minMs = 10_000) {
    let w: OverspeedWatch = CALM;
    return fixes.map(([speed, at]) => {
      const r = overspeedStep(w, speed, limit, at, minMs);
      w = r.watch;
      return r.alarm;
    });
  }
  it('ignores a one-fix spike', () => {
    expect(feed([[30, 0], [150, 10_000], [30, 20_000]])).toEqual([false, false, false]);
  });
  it('raises once when over the limit for the minimum time, again after dropping under it', () => {
    expect(
      feed([
        [90, 0],
        [95, 5_000],
        [99, 10_000],
        [120, 30_000],
        [70, 40_000],
        [90, 50_000],
        [90, 60_000],
      ]),
    ).toEqual([false, false, true, false, false, false, true]);
  });
  it('does not count a speed equal to the limit', () => {
    expect(feed([[80, 0], [80, 60_000]])).toEqual([false, false]);
  });
});

describe('lowBatteryStep', () => {
  function feed(levels: number[]) {
    let raised = false;
    return levels.map((b) => {
      const r = lowBatteryStep(raised, b);
      raised = r.raised;
      return r.alarm;
    });
  }
  it('raises once at the threshold, not again while it wavers, again after a real recovery', () => {
    const t = LOW_BATTERY_PCT;
    expect(feed([t + 10, t, t - 1, t + 2, t, t + 6, t + 1, t])).toEqual([
      false,
      true,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
  });
});
