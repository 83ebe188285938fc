import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEVICE_PROTOCOL } from '../../src/domain/codes';
import {
  JUMP_CONFIRMATIONS,
  judgeJump,
  MAX_SPEED_KMH,
  maxSpeedKmhOf,
  NO_JUMPS,
  type JumpState,
  type PlacedFix,
} from '../../src/domain/fix-jump';

const MIN = 60_000;
const shenzhen = (t: number): PlacedFix => ({ lat: 22.5431, lon: 114.0579, t });
const paris = (t: number): PlacedFix => ({ lat: 48.8566, lon: 2.3522, t });

/** Judges the fixes in order; one flag per fix. */
function judgeAll(fixes: PlacedFix[], maxKmh = MAX_SPEED_KMH.vehicle): boolean[] {
  let state: JumpState = NO_JUMPS;
  return fixes.map((f) => {
    const r = judgeJump(state, f, maxKmh);
    state = r.state;
    return r.jump;
  });
}

describe('judgeJump', () => {
  it('flags Shenzhen to Paris in a minute, for a car tracker and for a phone alike', () => {
    expect(judgeAll([shenzhen(0), paris(MIN)])).toEqual([false, true]);
    expect(judgeAll([shenzhen(0), paris(MIN)], MAX_SPEED_KMH.phone)).toEqual([false, true]);
  });

  it('takes the first fix, and a far one after a long silence (a week: a low implied speed)', () => {
    expect(judgeAll([paris(0)])).toEqual([false]);
    expect(judgeAll([shenzhen(0), paris(7 * 24 * 60 * MIN)])).toEqual([false, false]);
  });

  it('judges the good fixes after a glitch against the fix before it, not the glitch', () => {
    const t0 = 0;
    const fixes = [
      shenzhen(t0),
      paris(t0 + MIN),
      shenzhen(t0 + 2 * MIN),
      { ...shenzhen(t0 + 3 * MIN), lat: 22.55 },
    ];
    expect(judgeAll(fixes)).toEqual([false, true, false, false]);
  });

  it('believes the device is there once enough jumps in a row agree with each other', () => {
    const fixes = [
      shenzhen(0),
      ...Array.from({ length: JUMP_CONFIRMATIONS + 1 }, (_, i) => paris((i + 1) * MIN)),
    ];
    const flags = judgeAll(fixes);
    expect(flags.filter(Boolean)).toHaveLength(JUMP_CONFIRMATIONS - 1);
    expect(flags.slice(-2)).toEqual([false, false]);
  });

  it('lets a receiver wander near where it stands, even in the same second', () => {
    expect(judgeAll([shenzhen(0), { ...shenzhen(0), lat: 22.5461 }])).toEqual([false, false]);
  });

  it('a fix sent late (older than the anchor) is judged against it without replacing it', () => {
    expect(judgeAll([shenzhen(10 * MIN), paris(9 * MIN), shenzhen(11 * MIN)])).toEqual([false, true, false]);
  });

  it('defaults the maximum per carrier kind, and a device’s own setting wins', () => {
    expect(maxSpeedKmhOf(DEVICE_PROTOCOL.Gt06)).toBe(MAX_SPEED_KMH.vehicle);
    expect(maxSpeedKmhOf(DEVICE_PROTOCOL.OsmAnd)).toBe(MAX_SPEED_KMH.phone);
    expect(maxSpeedKmhOf(DEVICE_PROTOCOL.K100)).toBe(MAX_SPEED_KMH.personal);
    expect(maxSpeedKmhOf(DEVICE_PROTOCOL.Gt06, 120)).toBe(120);
  });

  it('never flags a drive within the maximum speed, whatever its course (property)', () => {
    const step = fc.record({
      seconds: fc.integer({ min: 1, max: 3600 }),
      kmh: fc.double({ min: 0, max: MAX_SPEED_KMH.vehicle * 0.99, noNaN: true }),
      bearing: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const fixes: PlacedFix[] = [shenzhen(0)];
        for (const s of steps) {
          const p = fixes[fixes.length - 1];
          // Metres along a straight line; a degree of latitude is 111.2 km, of longitude less.
          const m = (s.kmh / 3.6) * s.seconds;
          const lat = p.lat + (m * Math.cos(s.bearing)) / 111_195;
          const lon = p.lon + (m * Math.sin(s.bearing)) / (111_195 * Math.cos((p.lat * Math.PI) / 180));
          fixes.push({ lat, lon, t: p.t + s.seconds * 1000 });
        }
        expect(judgeAll(fixes).some(Boolean)).toBe(false);
      }),
    );
  });
});
