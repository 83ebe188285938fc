import { describe, expect, it } from 'vitest';
import { roundFigures, roundTo } from '../../../src/domain/track';

/** Statistics figures rounded to what they mean, by field name, at any depth (issue 32). */
describe('roundFigures', () => {
  it('rounds a float4 speed to 0.1 km/h, metres to 0.1, seconds and percents whole', () => {
    const answer = {
      list: [
        {
          terminalID: '861',
          maxSpeed: 126.30000305175781,
          avgSpeed: 41.249999,
          mileageM: 12345.6789,
          movingS: 3600.4,
        },
      ],
      byDate: [{ date: '2026-11-28', mileageM: 0.04, movingS: 59.5, devices: 3 }],
      totals: { mileageM: 12345.6789, movingS: 3660.9, devices: 1, rows: 1 },
      counts: { low: 1 },
      batteryRow: { battery: 86.6, batteryMin: 12.2, lat: 39.123456789, lon: 116.987654321 },
    };
    expect(roundFigures(answer)).toEqual({
      list: [{ terminalID: '861', maxSpeed: 126.3, avgSpeed: 41.2, mileageM: 12345.7, movingS: 3600 }],
      byDate: [{ date: '2026-11-28', mileageM: 0, movingS: 60, devices: 3 }],
      totals: { mileageM: 12345.7, movingS: 3661, devices: 1, rows: 1 },
      counts: { low: 1 },
      batteryRow: { battery: 87, batteryMin: 12, lat: 39.123457, lon: 116.987654 },
    });
  });

  it('leaves other fields, text, nulls and the input itself alone', () => {
    const row = { maxSpeed: null, terminalID: '126.30000305175781', points: 10.5, speed: 'fast' };
    const copy = structuredClone(row);
    expect(roundFigures(row)).toEqual(row);
    expect(row).toEqual(copy);
    expect(roundFigures([1.23456, { speed: 1.25 }])).toEqual([1.23456, { speed: 1.3 }]);
  });

  it('rounds half away from zero and never answers -0', () => {
    expect(roundTo(0.05, 1)).toBe(0.1);
    expect(roundTo(-0.05, 1)).toBe(-0.1);
    expect(Object.is(roundTo(-0.01, 1), 0)).toBe(true);
    expect(roundTo(Number.NaN, 1)).toBeNaN();
  });
});
