import { PERMISSIONS as P } from '../../../config/roles';
import type { StatsReport } from '../../../src/domain/track';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { durationText, platformTime } from '../track/formats';
import { countAlarms, type AlarmQuery } from './alarms';
import { countBattery } from './battery';
import { countMileage, type MileageQuery } from './mileage';
import { countPastDue, type PastDueQuery } from './past-due';
import { countStays, type StayQuery } from './stays';
import { countTrackInfo } from './track-info';

/**
 * The statistics reports as spreadsheets: which permission each needs, how to get its rows
 * (the same services the screens call) and its columns, so an export holds exactly what the
 * screen shows for the same request.
 */
export type ReportQuery = MileageQuery & AlarmQuery & StayQuery & PastDueQuery;
type Row = Record<string, unknown>;
type Column = [header: string, width: number, value: (r: Row) => unknown];

export interface ReportDef {
  permission: string;
  title: string;
  rows(db: Db, auth: AuthContext, q: ReportQuery): Promise<{ list: Row[] }>;
  columns(q: ReportQuery): Column[];
}

const km = (r: Row) => Math.round(Number(r.mileageM) / 100) / 10;
const time = (k: string) => (r: Row) => (r[k] == null ? null : platformTime(Number(r[k])));
const field = (k: string) => (r: Row) => r[k];
const ID: Column = ['IMEI', 18, field('terminalID')];
const NAME: Column = ['Name', 16, field('name')];
const DATE: Column = ['Date', 12, field('date')];

export const REPORTS: Record<StatsReport, ReportDef> = {
  mileage: {
    permission: P.countMileage,
    title: 'Mileage',
    rows: countMileage,
    columns: (q) => {
      const common: Column[] = [
        ['Mileage (km)', 13, km],
        ['Moving time', 12, (r) => durationText(Number(r.movingS))],
      ];
      if (q.groupBy === 'day') return [DATE, ...common, ['Devices', 9, field('devices')]];
      if (q.groupBy === 'device')
        return [ID, NAME, ...common, ['Max speed (km/h)', 16, field('maxSpeed')], ['Days', 6, field('days')]];
      return [DATE, ID, NAME, ...common, ['Max speed (km/h)', 16, field('maxSpeed')]];
    },
  },
  alarms: {
    permission: P.countAlarms,
    title: 'Alarms',
    rows: countAlarms,
    columns: () => [DATE, ID, NAME, ['Type', 14, field('type')], ['Count', 7, field('count')]],
  },
  stays: {
    permission: P.countStay,
    title: 'Stays',
    rows: countStays,
    columns: () => [
      ID,
      NAME,
      ['Start (GMT+8)', 20, time('start')],
      ['End (GMT+8)', 20, time('end')],
      ['Duration', 10, (r) => durationText(Number(r.durationS))],
      ['Seconds', 9, field('durationS')],
      ['Latitude', 11, field('lat')],
      ['Longitude', 11, field('lon')],
    ],
  },
  trackInfo: {
    permission: P.countTrack,
    title: 'Track info',
    rows: countTrackInfo,
    columns: () => [
      ID,
      NAME,
      ['Mileage (km)', 13, km],
      ['Moving time', 12, (r) => durationText(Number(r.movingS))],
      ['Max speed (km/h)', 16, field('maxSpeed')],
      ['Average speed (km/h)', 19, field('avgSpeed')],
      ['Points', 9, field('points')],
      ['Days', 6, field('days')],
      ['First fix (GMT+8)', 20, time('firstFix')],
      ['Last fix (GMT+8)', 20, time('lastFix')],
    ],
  },
  pastDue: {
    permission: P.countPastDue,
    title: 'Expiry',
    rows: (db, auth, q) => countPastDue(db, auth, q),
    columns: () => [
      ID,
      NAME,
      ['Account', 14, field('username')],
      ['Model', 10, field('deviceType')],
      ['Platform expiry (GMT+8)', 22, (r) => platformTime(Date.parse(String(r.platformExpireAt)))],
      [
        'User expiry (GMT+8)',
        22,
        (r) => (r.userExpireAt ? platformTime(Date.parse(String(r.userExpireAt))) : null),
      ],
      ['Days left', 9, field('daysLeft')],
      ['Status', 13, field('status')],
    ],
  },
  battery: {
    permission: P.countBattery,
    title: 'Battery',
    rows: countBattery,
    columns: () => [
      ID,
      NAME,
      ['Model', 10, field('deviceType')],
      ['Battery (%)', 11, field('battery')],
      ['Level', 9, field('level')],
      ['Lowest (%)', 11, field('batteryMin')],
      ['Last fix (GMT+8)', 20, time('fixTime')],
    ],
  },
};
