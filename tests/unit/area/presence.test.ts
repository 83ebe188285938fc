import { describe, expect, it } from 'vitest';
import { appliesTo, ownerChain, placeStep, rounds, visitSeconds } from '../../../src/domain/area/presence';

describe('ownerChain and appliesTo', () => {
  it('an area applies to devices of its owner and of every account below it, not above or beside', () => {
    const user = ownerChain({ id: 4, ancestors: '0,1,2,3' });
    expect(user).toEqual([1, 2, 3, 4]);
    expect(appliesTo(2, user)).toBe(true);
    expect(appliesTo(4, user)).toBe(true);
    expect(appliesTo(7, user)).toBe(false);
    expect(appliesTo(4, ownerChain({ id: 3, ancestors: '0,1,2' }))).toBe(false);
    expect(appliesTo(1, undefined)).toBe(false);
  });
});

describe('placeStep', () => {
  /** Feeds the places of each fix through and answers [arrived, departed] per fix. */
  function run(fixes: string[][]) {
    let inside = new Set<string>();
    return fixes.map((now) => {
      const s = placeStep(inside, now);
      inside = s.inside;
      return [s.arrived, s.departed];
    });
  }

  it('arrives once on entering, departs once on leaving, nothing while staying', () => {
    expect(run([[], ['a'], ['a'], []])).toEqual([
      [[], []],
      [['a'], []],
      [[], []],
      [[], ['a']],
    ]);
  });

  it('moves between overlapping places one by one', () => {
    expect(run([['s0'], ['s0', 's1'], ['s1'], []])).toEqual([
      [['s0'], []],
      [['s1'], []],
      [[], ['s0']],
      [[], ['s1']],
    ]);
  });

  it('a first fix inside counts as an arrival (an open visit is the stored state)', () => {
    expect(placeStep(new Set(), ['a']).arrived).toEqual(['a']);
    expect(placeStep(new Set(['a']), ['a']).arrived).toEqual([]);
  });
});

describe('rounds', () => {
  it('keeps each key once per round and in its order, different keys together', () => {
    const events = [
      { k: 'a', n: 1 },
      { k: 'b', n: 2 },
      { k: 'a', n: 3 },
      { k: 'a', n: 4 },
    ];
    expect(rounds(events, (e) => e.k).map((r) => r.map((e) => e.n))).toEqual([[1, 2], [3], [4]]);
    expect(rounds([], (e: { k: string }) => e.k)).toEqual([]);
  });
});

describe('visitSeconds', () => {
  it('whole seconds from arrival to departure; null while still there', () => {
    expect(visitSeconds(new Date(0), new Date(90_400))).toBe(90);
    expect(visitSeconds(new Date(0), null)).toBeNull();
  });
});
