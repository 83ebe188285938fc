import { PERMISSIONS as P } from '../../../config/roles';
import { ALARM_TYPES, LEGACY_ALARM_TYPES } from '../../domain/alarm-types';
import { EXPIRY_FILTER } from '../../domain/codes';
import { formatMileage } from '../../domain/track/mileage';
import { STAY_MAX_S, STAY_MIN_DEFAULT_S, STAY_MIN_S } from '../../domain/track/rules';
import {
  EXPORT_RANGES,
  STATS_MAX_DAYS,
  STATS_REPORTS,
  type StatsReport,
} from '../../domain/track/statistics';
import { shortcutRange } from '../../components/resource/ranges';
import type { EntityDescriptor, EntityField, FieldOption } from '../types';
import { durationHms, percentText, round1 } from './format';

/** The permission each report of countExport needs beside count:export (the server checks both). */
export const REPORT_PERMISSION: Record<StatsReport, (typeof P)[keyof typeof P]> = {
  mileage: P.countMileage,
  alarms: P.countAlarms,
  stays: P.countStay,
  trackInfo: P.countTrack,
  pastDue: P.countPastDue,
  battery: P.countBattery,
};

const keyed = (group: string, values: readonly string[], colors: Record<string, string> = {}) =>
  values.map((value): FieldOption => ({ value, labelKey: `${group}.${value}`, color: colors[value] }));

const num = (width = 110, extra: Partial<EntityField> = {}): EntityField => ({
  type: 'number',
  width,
  ...extra,
});
const text = (width?: number): EntityField => ({ type: 'text', width });
const time: EntityField = { type: 'datetime', width: 150 };

/** Every field of the statistics screens: their filters and the columns of their answers. */
export const COUNT_FIELDS: Record<string, EntityField> = {
  // filters
  userId: { type: 'account' },
  includeSubtree: { type: 'boolean', initialValue: true, subtree: true },
  terminalIDs: { type: 'devices', dependsOn: 'userId' },
  dateRange: {
    type: 'dateRange',
    required: true,
    max: STATS_MAX_DAYS,
    initialValue: () => shortcutRange('week', Date.now()),
  },
  /** Battery: without days the current level only; with them also the lowest of those days. */
  batteryRange: { type: 'dateRange', max: STATS_MAX_DAYS },
  groupBy: {
    type: 'select',
    buttons: true,
    required: true,
    initialValue: 'deviceDay',
    options: keyed('groupBy', ['deviceDay', 'device', 'day']),
  },
  types: { type: 'select', multiple: true, options: keyed('alarmTypes', ALARM_TYPES) },
  minStaySeconds: { type: 'number', min: STAY_MIN_S, max: STAY_MAX_S, initialValue: STAY_MIN_DEFAULT_S },
  expiry: {
    type: 'select',
    options: Object.entries(EXPIRY_FILTER).map(([name, value]) => ({ value, labelKey: `status.${name}` })),
  },
  report: {
    type: 'select',
    required: true,
    initialValue: 'mileage',
    options: STATS_REPORTS.map((r) => ({
      value: r,
      labelKey: `reports.${r}`,
      permissions: [REPORT_PERMISSION[r]],
    })),
  },
  range: {
    type: 'select',
    buttons: true,
    required: true,
    initialValue: 'week',
    options: keyed('ranges', EXPORT_RANGES),
  },
  // columns
  date: text(110),
  terminalID: text(160),
  name: text(140),
  username: text(),
  deviceType: text(),
  mileageM: num(110, { format: (v) => formatMileage(Number(v)) }),
  movingS: num(110, { format: (v) => durationHms(Number(v)) }),
  maxSpeed: num(110, { format: round1 }),
  avgSpeed: num(110, { format: round1 }),
  days: num(80),
  devices: num(90),
  points: num(),
  type: {
    type: 'select',
    width: 140,
    // Days counted before the vocabulary keep their older names; each shows as its new name.
    options: [
      ...keyed('alarmTypes', ALARM_TYPES),
      ...Object.entries(LEGACY_ALARM_TYPES).map(([value, current]) => ({
        value,
        labelKey: `alarmTypes.${current}`,
      })),
    ],
  },
  count: num(80),
  start: time,
  end: time,
  durationS: num(110, { format: (v) => durationHms(Number(v)) }),
  lat: num(100),
  lon: num(100),
  firstFix: time,
  lastFix: time,
  fixTime: time,
  platformExpireAt: time,
  userExpireAt: time,
  daysLeft: num(90),
  status: {
    type: 'select',
    options: keyed('status', ['expired', 'within7Days', 'within60Days'], {
      expired: 'red',
      within7Days: 'orange',
      within60Days: 'gold',
    }),
  },
  battery: num(100, { format: percentText }),
  batteryMin: num(110, { format: percentText }),
  level: {
    type: 'select',
    options: keyed('levels', ['low', 'medium', 'high', 'unknown'], {
      low: 'red',
      medium: 'orange',
      high: 'green',
      unknown: 'default',
    }),
  },
  model: text(),
};

export const COUNT_ENTITY: EntityDescriptor = { namespace: 'count', subject: 'count', fields: COUNT_FIELDS };
