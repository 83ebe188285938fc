import { describe, expect, it } from 'vitest';
import {
  fieldRules,
  initialValues,
  requestBody,
  columnSpecs,
  type Translate,
} from '../../src/components/resource/derive';
import { rangeDayCount, rangeProblem, shortcutOf, shortcutRange } from '../../src/components/resource/ranges';
import {
  cellText,
  chartPoints,
  pageRequest,
  reportColumns,
  resolveReport,
  shownRows,
} from '../../src/components/resource/reportLogic';
import { findResource, screenParts } from '../../src/resources';
import { COUNT_ENTITY } from '../../src/resources/count/fields';
import { durationHms, kmOf, percentText, round1 } from '../../src/resources/count/format';
import {
  ALARMS_VIEW,
  BATTERY_VIEW,
  EXPORT_VIEW,
  MILEAGE_VIEW,
  PAST_DUE_VIEW,
  STAYS_VIEW,
} from '../../src/resources/count/views';
import type { FormView } from '../../src/resources/types';

const t: Translate = (key) => key;
// 2026-03-10 09:00 in the platform's GMT+8.
const NOW = Date.parse('2026-03-10T01:00:00Z');

describe('report ranges', () => {
  it('offers the export ranges ending today in platform days', () => {
    expect(shortcutRange('week', NOW)).toEqual(['2026-03-04', '2026-03-10']);
    expect(shortcutRange('month', NOW)).toEqual(['2026-02-11', '2026-03-10']);
    expect(shortcutRange('threeMonths', NOW)).toEqual(['2025-12-11', '2026-03-10']);
    expect(shortcutOf(['2026-02-11', '2026-03-10'], NOW)).toBe('month');
    expect(shortcutOf(['2026-02-12', '2026-03-10'], NOW)).toBeUndefined();
  });

  it('refuses a reversed range and one over the statistics maximum, with the server keys', () => {
    expect(rangeDayCount(['2026-03-04', '2026-03-10'])).toBe(7);
    expect(rangeProblem(['2026-03-10', '2026-03-04'])).toBe('rangeOrder');
    expect(rangeProblem(shortcutRange('threeMonths', NOW), 92)).toBeNull();
    expect(rangeProblem(['2025-12-01', '2026-03-10'], 92)).toBe('statsRangeTooLong');
  });

  it('sends a range as startDate/endDate and checks it with the field rule', async () => {
    const body = requestBody(COUNT_ENTITY, ['userId', 'terminalIDs', 'dateRange', 'groupBy'], {
      userId: 2,
      terminalIDs: [],
      dateRange: ['2026-03-04', '2026-03-10'],
      groupBy: 'day',
    });
    expect(body).toEqual({ userId: 2, startDate: '2026-03-04', endDate: '2026-03-10', groupBy: 'day' });
    const rule = fieldRules(COUNT_ENTITY, 'dateRange', t).find((r) => r.validator)!;
    await expect(rule.validator!({}, ['2026-03-04', '2026-03-10'])).resolves.toBeUndefined();
    await expect(rule.validator!({}, ['2025-01-01', '2026-03-10'])).rejects.toThrow(
      'errors:statsRangeTooLong',
    );
  });

  it('starts each form on the last week, computed when the form opens', () => {
    const values = initialValues(COUNT_ENTITY, MILEAGE_VIEW.fields);
    expect(values.groupBy).toBe('deviceDay');
    expect(values.includeSubtree).toBe(true);
    expect(rangeDayCount(values.dateRange as [string, string])).toBe(7);
  });
});

describe('report views', () => {
  it('shows the columns of the grouping asked', () => {
    expect(reportColumns(MILEAGE_VIEW, { groupBy: 'day' })).toEqual([
      'date',
      'mileageM',
      'movingS',
      'devices',
    ]);
    expect(reportColumns(MILEAGE_VIEW, { groupBy: 'device' })).toContain('days');
    expect(reportColumns(MILEAGE_VIEW, {})).toEqual([
      'date',
      'terminalID',
      'name',
      'mileageM',
      'movingS',
      'maxSpeed',
    ]);
    expect(reportColumns(STAYS_VIEW, {})).toEqual(STAYS_VIEW.columns);
  });

  it('puts paging into the request', () => {
    expect(pageRequest(ALARMS_VIEW, { startDate: 'a' }, 3, 20)).toEqual({
      startDate: 'a',
      pageNum: 3,
      pageSize: 20,
    });
  });

  it('countExport shows the chosen report over the chosen range and downloads the same request', () => {
    const shown = resolveReport(EXPORT_VIEW, { report: 'stays', range: 'week' });
    expect(shown.endpoint).toBe('/stat/countStayDetail');
    expect(shown.columns).toEqual(STAYS_VIEW.columns);
    expect(shown.fields).toEqual(EXPORT_VIEW.fields);
    expect(shown.report?.download?.endpoint).toBe('/stat/countExport');
    const body = pageRequest(shown, { report: 'stays', range: 'week', userId: 2 }, 1, 15);
    expect(body).toMatchObject({ userId: 2, pageNum: 1, pageSize: 15 });
    expect(body).not.toHaveProperty('range');
    expect(rangeDayCount([String(body.startDate), String(body.endDate)])).toBe(7);
    // Views without variants are shown as they are.
    expect(resolveReport(MILEAGE_VIEW, { report: 'stays' })).toBe(MILEAGE_VIEW);
  });

  it('offers each report of countExport only with its own permission', () => {
    const options = COUNT_ENTITY.fields.report.options!;
    expect(options.find((o) => o.value === 'battery')?.permissions).toEqual(['count:battery']);
    expect(options.map((o) => o.value)).toEqual([
      'mileage',
      'alarms',
      'stays',
      'trackInfo',
      'pastDue',
      'battery',
    ]);
  });

  it('draws mileage per day in km, alarms by translated type, expiry and battery counts', () => {
    const mileage = chartPoints(
      COUNT_ENTITY,
      MILEAGE_VIEW.report!.chart!,
      {
        byDate: [{ date: '2026-03-09', mileageM: 12_345 }],
      },
      t,
    );
    expect(mileage).toEqual([{ x: '2026-03-09', y: 12.3 }]);
    // A day without driving is drawn as zero, every day of the asked range in order.
    const week = chartPoints(
      COUNT_ENTITY,
      MILEAGE_VIEW.report!.chart!,
      {
        byDate: [
          { date: '2026-03-09', mileageM: 12_345 },
          { date: '2026-03-07', mileageM: 1000 },
        ],
      },
      t,
      { startDate: '2026-03-06', endDate: '2026-03-10' },
    );
    expect(week).toEqual([
      { x: '2026-03-06', y: 0 },
      { x: '2026-03-07', y: 1 },
      { x: '2026-03-08', y: 0 },
      { x: '2026-03-09', y: 12.3 },
      { x: '2026-03-10', y: 0 },
    ]);
    // A request ending after the account's today: the days the answer covers are drawn, no future one.
    const clipped = chartPoints(
      COUNT_ENTITY,
      MILEAGE_VIEW.report!.chart!,
      {
        byDate: [{ date: '2026-03-09', mileageM: 12_345 }],
        period: { startDate: '2026-03-08', endDate: '2026-03-09', timeZone: 'GMT+8' },
      },
      t,
      { startDate: '2026-03-08', endDate: '2026-03-10' },
    );
    expect(clipped.map((p) => p.x)).toEqual(['2026-03-08', '2026-03-09']);
    const alarms = chartPoints(
      COUNT_ENTITY,
      ALARMS_VIEW.report!.chart!,
      { byType: { sos: 1, overspeed: 4, odd: 2 } },
      t,
    );
    expect(alarms).toEqual([
      { x: 'count:alarmTypes.overspeed', y: 4 },
      { x: 'odd', y: 2 },
      { x: 'count:alarmTypes.sos', y: 1 },
    ]);
    const expiry = chartPoints(
      COUNT_ENTITY,
      PAST_DUE_VIEW.report!.chart!,
      {
        counts: { expired: 3, within7Days: 1, within60Days: 5 },
      },
      t,
    );
    expect(expiry.map((p) => p.y)).toEqual([3, 1, 5]);
    const battery = chartPoints(
      COUNT_ENTITY,
      BATTERY_VIEW.report!.chart!,
      {
        counts: { low: 2, medium: 0, high: 7, unknown: 1 },
      },
      t,
    );
    expect(battery.map((p) => p.x)).toEqual([
      'count:levels.low',
      'count:levels.high',
      'count:levels.unknown',
    ]);
  });

  it('has every count screen drawn by the generic report screen', async () => {
    for (const name of [
      'countMileage',
      'countAlarms',
      'countStayDetail',
      'countTrackInfo',
      'countPastDue',
      'countExport',
      'countBattery',
    ]) {
      const view = (await screenParts(name))?.view as FormView;
      expect(view.kind, name).toBe('form');
      expect(view.result, name).toBe('report');
    }
    expect(findResource('countTrackInfo')?.path).toBe('/index/count/CountTrackInfo');
  });
});

describe('report cells', () => {
  const specs = columnSpecs(COUNT_ENTITY, [
    'terminalID',
    'mileageM',
    'movingS',
    'type',
    'count',
    'level',
    'battery',
  ]);
  it('are the same text in the table and the spreadsheet: spec mileage, h:mm:ss, labels', () => {
    const [row] = shownRows(
      COUNT_ENTITY,
      specs,
      [
        {
          terminalID: '860000000000001',
          mileageM: 850,
          movingS: 3725,
          type: 'sos',
          count: 3,
          level: 'low',
          battery: 12,
        },
      ],
      t,
    );
    expect(row).toEqual({
      terminalID: '860000000000001',
      mileageM: '850 m',
      movingS: '1:02:05',
      type: 'count:alarmTypes.sos',
      count: 3,
      level: 'count:levels.low',
      battery: '12%',
    });
    expect(cellText(COUNT_ENTITY, specs[1], 12_345.6, t)).toBe('12.3 km');
    expect(cellText(COUNT_ENTITY, specs[1], null, t, undefined, '-')).toBe('-');
    expect(cellText(COUNT_ENTITY, specs[3], 'unlisted', t)).toBe('unlisted');
  });

  it("write times on the account's clock (GMT+8) with the one formatter, whatever the browser's zone", () => {
    const [lastFix] = columnSpecs(COUNT_ENTITY, ['lastFix']);
    // 12:19 UTC is 20:19 in GMT+8; epoch ms and ISO text alike.
    expect(cellText(COUNT_ENTITY, lastFix, '2026-11-28T12:19:05Z', t)).toBe('2026-11-28 20:19');
    expect(cellText(COUNT_ENTITY, lastFix, Date.UTC(2026, 10, 28, 17, 30), t)).toBe('2026-11-29 01:30');
    expect(cellText(COUNT_ENTITY, lastFix, 'not a time', t)).toBe('not a time');
  });

  it('formats durations, percentages and km', () => {
    expect(durationHms(0)).toBe('0:00:00');
    expect(durationHms(97_449)).toBe('27:04:09');
    expect(durationHms(Number.NaN)).toBe('0:00:00');
    expect(percentText(37.4)).toBe('37%');
    expect(kmOf(12_345)).toBe(12.3);
    expect(round1(129.39999389648438)).toBe(129.4);
  });
});
