import { describe, expect, it } from 'vitest';
import { batteryLevel, dayStart, exportRangeDays, hasBattery } from '../../../src/domain/track';

const at = (day: string) => dayStart(day) + 10 * 3_600_000;

describe('statistics rules', () => {
  it('gives the export ranges ending today: 1 week, 1 month, 3 months', () => {
    expect(exportRangeDays('week', at('2026-03-10'))).toEqual({
      startDate: '2026-03-04',
      endDate: '2026-03-10',
    });
    expect(exportRangeDays('month', at('2026-03-10'))).toEqual({
      startDate: '2026-02-11',
      endDate: '2026-03-10',
    });
    expect(exportRangeDays('threeMonths', at('2026-03-10'))).toEqual({
      startDate: '2025-12-11',
      endDate: '2026-03-10',
    });
    expect(exportRangeDays('month', at('2026-03-31'))).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    });
    expect(exportRangeDays('threeMonths', at('2026-05-31'))).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-05-31',
    });
  });

  it('bands battery levels and knows the models without a battery', () => {
    expect([null, 0, 19, 20, 49, 50, 100].map(batteryLevel)).toEqual([
      'unknown',
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
    ]);
    expect(hasBattery('GT06N')).toBe(false);
    expect(hasBattery('GW005')).toBe(true);
  });
});
