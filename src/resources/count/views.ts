import { exportRangeDays, type ExportRange, type StatsReport } from '../../domain/track/statistics';
import type { FormView, ReportOptions } from '../types';
import { kmOf } from './format';

/**
 * The statistics screens as report views (docs/api/statistics.md): the filters each call takes,
 * the columns of its answer, its figures and its chart. The generic report screen draws them.
 */
type Answer = Record<string, unknown>;
type Rows = Record<string, unknown>[];

const SCOPE = ['userId', 'includeSubtree', 'terminalIDs'] as const;
const rowsOf = (a: Answer, key: string) => (a[key] as Rows | undefined) ?? [];
const at = (a: Answer, path: string) =>
  path.split('.').reduce<unknown>((o, k) => (o as Answer | undefined)?.[k], a);
/** A figure of the answer at `path`, shown with the format of `field` if given. */
const figure = (labelKey: string, path: string, field?: string) => ({
  labelKey,
  field,
  value: (a: Answer) => at(a, path),
});
/** Chart points of a count object ({expired: 3, ...}) in the given order. */
const countPoints = (a: Answer, path: string, keys: readonly string[]) =>
  keys.map((k) => ({ x: k, y: Number((at(a, path) as Answer | undefined)?.[k] ?? 0) }));

const report = (
  endpoint: string,
  fields: readonly string[],
  columns: readonly string[],
  options: ReportOptions,
): FormView => ({ kind: 'form', result: 'report', endpoint, fields, columns, report: options });

const MILEAGE_COLUMNS: Record<string, readonly string[]> = {
  deviceDay: ['date', 'terminalID', 'name', 'mileageM', 'movingS', 'maxSpeed'],
  device: ['terminalID', 'name', 'mileageM', 'movingS', 'maxSpeed', 'days'],
  day: ['date', 'mileageM', 'movingS', 'devices'],
};

export const MILEAGE_VIEW = report(
  '/stat/countMileage',
  [...SCOPE, 'dateRange', 'groupBy'],
  [...MILEAGE_COLUMNS.deviceDay, 'days', 'devices'],
  {
    columnsFor: (v) => MILEAGE_COLUMNS[String(v.groupBy)] ?? MILEAGE_COLUMNS.deviceDay,
    summary: [
      figure('summary.mileage', 'totals.mileageM', 'mileageM'),
      figure('summary.movingTime', 'totals.movingS', 'movingS'),
      figure('summary.devices', 'totals.devices'),
    ],
    chart: {
      type: 'column',
      titleKey: 'charts.mileagePerDay',
      everyDay: true,
      yLabelKey: 'units.km',
      points: (a) => rowsOf(a, 'byDate').map((d) => ({ x: String(d.date), y: kmOf(d.mileageM) })),
    },
  },
);

export const ALARMS_VIEW = report(
  '/stat/countAlarms',
  [...SCOPE, 'dateRange', 'types'],
  ['date', 'terminalID', 'name', 'type', 'count'],
  {
    summary: [figure('summary.alarms', 'totals.alarms'), figure('summary.devices', 'totals.devices')],
    chart: {
      type: 'pie',
      titleKey: 'charts.alarmsByType',
      xField: 'type',
      placement: 'beside',
      points: (a) =>
        Object.entries((a.byType as Record<string, number> | undefined) ?? {})
          .map(([x, y]) => ({ x, y: Number(y) }))
          .sort((p, q) => q.y - p.y),
    },
  },
);

export const STAYS_VIEW = report(
  '/stat/countStayDetail',
  [...SCOPE, 'dateRange', 'minStaySeconds'],
  ['terminalID', 'name', 'start', 'end', 'durationS', 'lat', 'lon'],
  {
    summary: [
      figure('summary.stays', 'totals.stays'),
      figure('summary.stayTime', 'totals.durationS', 'durationS'),
      figure('summary.devices', 'totals.devices'),
    ],
    chart: {
      type: 'column',
      titleKey: 'charts.staysPerDay',
      everyDay: true,
      yLabelKey: 'units.stays',
      points: (a) => rowsOf(a, 'byDate').map((d) => ({ x: String(d.date), y: Number(d.stays) })),
    },
  },
);

export const TRACK_INFO_VIEW = report(
  '/stat/countTrackInfo',
  [...SCOPE, 'dateRange'],
  [
    'terminalID',
    'name',
    'mileageM',
    'movingS',
    'maxSpeed',
    'avgSpeed',
    'points',
    'days',
    'firstFix',
    'lastFix',
  ],
  {
    summary: [figure('summary.devices', 'total')],
    chart: {
      type: 'bar',
      titleKey: 'charts.mileagePerDevice',
      yLabelKey: 'units.km',
      points: (a) => rowsOf(a, 'list').map((d) => ({ x: String(d.name), y: kmOf(d.mileageM) })),
    },
  },
);

const STATUSES = ['expired', 'within7Days', 'within60Days'] as const;

export const PAST_DUE_VIEW = report(
  '/stat/countPastDue',
  [...SCOPE, 'expiry'],
  ['terminalID', 'name', 'username', 'deviceType', 'platformExpireAt', 'userExpireAt', 'daysLeft', 'status'],
  {
    summary: STATUSES.map((s) => figure(`status.${s}`, `counts.${s}`)),
    chart: {
      type: 'column',
      titleKey: 'charts.expiry',
      xField: 'status',
      yLabelKey: 'units.devices',
      placement: 'summary',
      points: (a) => countPoints(a, 'counts', STATUSES),
    },
  },
);

const LEVELS = ['low', 'medium', 'high', 'unknown'] as const;

export const BATTERY_VIEW = report(
  '/stat/countBattery',
  [...SCOPE, 'batteryRange'],
  ['terminalID', 'name', 'deviceType', 'battery', 'level', 'batteryMin', 'fixTime'],
  {
    summary: [figure('summary.devices', 'total'), ...LEVELS.map((l) => figure(`levels.${l}`, `counts.${l}`))],
    chart: {
      type: 'pie',
      titleKey: 'charts.batteryLevels',
      xField: 'level',
      placement: 'summary',
      points: (a) => countPoints(a, 'counts', LEVELS).filter((p) => p.y > 0),
    },
    extras: [
      {
        titleKey: 'extras.unsupportedModels',
        columns: ['model', 'devices'],
        rows: (a) => rowsOf(a, 'unsupportedModels'),
      },
    ],
  },
);

const BY_REPORT: Record<StatsReport, FormView> = {
  mileage: MILEAGE_VIEW,
  alarms: ALARMS_VIEW,
  stays: STAYS_VIEW,
  trackInfo: TRACK_INFO_VIEW,
  pastDue: PAST_DUE_VIEW,
  battery: BATTERY_VIEW,
};

/**
 * countExport: a report over the last week, month or three months. The screen shows the
 * chosen report over those days; its export is the server's file of the same request.
 */
export const EXPORT_VIEW: FormView = {
  kind: 'form',
  result: 'report',
  endpoint: MILEAGE_VIEW.endpoint,
  fields: ['report', 'range', ...SCOPE],
  columns: MILEAGE_VIEW.columns,
  report: {
    variants: { field: 'report', views: BY_REPORT },
    request: ({ report: _report, range, ...rest }) => ({
      ...rest,
      ...exportRangeDays(range as ExportRange, Date.now()),
    }),
    download: { endpoint: '/stat/countExport', fileName: 'count-export' },
  },
};
