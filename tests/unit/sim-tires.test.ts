import { describe, expect, it } from 'vitest';
import { decodeTpmsItem } from '../../server/gateway/jt808/tpms';
import { seededRng } from '../../server/sim/route';
import { SimTires } from '../../server/sim/tires';
import { tireStates } from '../../src/domain/tire';

const fix = (speed: number) => ({
  time: new Date('2026-03-10T04:00:00Z'),
  lat: 39.9,
  lon: 116.4,
  speed,
  course: 0,
});

describe('simulated TPMS tires', () => {
  it('encode an item 0x66 the decoder reads back', () => {
    const tires = new SimTires(6, seededRng(1), '13511221122');
    tires.step(60, 50);
    const item = tires.item(fix(50));
    expect(item[0]).toBe(0x66);
    expect(item[1]).toBe(item.length - 2);
    const report = decodeTpmsItem(item.subarray(2), 480)!;
    expect(report.time!.toISOString()).toBe('2026-03-10T04:00:00.000Z');
    expect(report.events).toEqual(tires.readings());
    expect(report.events.map((e) => e.position)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('keep pressures and temperatures realistic over hours of driving, with leaks now and then', () => {
    let [minT, maxT, minP, maxP, leaks] = [Infinity, -Infinity, Infinity, -Infinity, 0];
    for (let seed = 1; seed <= 20; seed++) {
      const tires = new SimTires(4, seededRng(seed));
      // Three hours at one report per 10 s: mostly driving at 80 km/h, with stops.
      for (let i = 0; i < 6 * 60 * 3; i++) {
        tires.step(10, i % 200 < 150 ? 80 : 0);
        for (const r of tires.readings()) {
          minT = Math.min(minT, r.temperatureC!);
          maxT = Math.max(maxT, r.temperatureC!);
          minP = Math.min(minP, r.pressureKpa!);
          maxP = Math.max(maxP, r.pressureKpa!);
          if (tireStates(r).status === 'airLeak') leaks++;
        }
      }
    }
    expect(minT).toBeGreaterThanOrEqual(20);
    expect(maxT).toBeLessThanOrEqual(65);
    expect(maxT).toBeGreaterThan(45);
    expect(minP).toBeGreaterThan(120);
    expect(maxP).toBeLessThan(300);
    expect(leaks).toBeGreaterThan(0);
  });

  it('have a leaking wheel reported low with the slow-leak bit on some trucks', () => {
    const leaking = Array.from({ length: 20 }, (_, seed) => {
      const tires = new SimTires(4, seededRng(seed));
      for (let i = 0; i < 60; i++) tires.step(10, 40);
      return tires
        .readings()
        .some((r) => tireStates(r).status === 'airLeak' && tireStates(r).pressure === 'low');
    });
    expect(leaking.some(Boolean)).toBe(true);
    expect(leaking.filter(Boolean).length).toBeLessThan(15);
  });
});
