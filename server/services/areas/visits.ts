import { and, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { visitSeconds } from '../../../src/domain/area/presence';
import { AREA_VISIT_EXPORT_MAX } from '../../../src/domain/constants';
import { displayName } from '../../../src/domain/device-view';
import { SHEET_MIME, writeSheet, type SheetFormat } from '../../../src/sheets';
import type { Db } from '../../db/client';
import { areaVisits } from '../../db/schema/area-visits';
import { devices } from '../../db/schema/devices';
import { fences } from '../../db/schema/fences';
import { users } from '../../db/schema/users';
import { pageWindow, type PageParams } from '../../lib/envelope';
import type { AuthContext } from '../../plugins/auth';
import { deviceScope } from '../devices/lookup';
import { scopeOf } from '../scope';
import { timeRange } from './range';
import { platformTime, durationText } from '../track/formats';

/**
 * checkCar/visits and checkCar/exportVisits (docs/api/areas.md): the visits the alarm engine
 * recorded to the check-car areas and points of the caller's subtree, by vehicles of the
 * caller's subtree (a vehicle moved to another tree since is not listed), newest arrival first.
 */
export interface VisitQuery extends PageParams {
  purpose?: 'checkArea' | 'checkPoint';
  /** One area or point. */
  fenceId?: number;
  terminalID?: string;
  /** Visits overlapping [startTime, endTime): arrived before the end, not departed before the start. */
  startTime?: string;
  endTime?: string;
}

export interface VisitRow {
  id: number;
  fenceId: number;
  fenceName: string;
  purpose: 'checkArea' | 'checkPoint';
  terminalID: string;
  /** Plate, else nickname, else terminal id. */
  deviceName: string;
  arrivedAt: Date;
  /** Null while the vehicle is still there. */
  departedAt: Date | null;
  /** Seconds from arrival to departure; null while still there. */
  duration: number | null;
  lat: number | null;
  lon: number | null;
}

function conditions(db: Db, auth: AuthContext, q: VisitQuery): SQL {
  const conds: SQL[] = [
    scopeOf(auth),
    deviceScope(db, auth),
    q.purpose ? eq(fences.purpose, q.purpose) : inArray(fences.purpose, ['checkArea', 'checkPoint']),
  ];
  if (q.fenceId) conds.push(eq(areaVisits.fenceId, q.fenceId));
  if (q.terminalID) conds.push(eq(devices.terminalId, q.terminalID.trim()));
  const { start, end } = timeRange(q);
  if (end) conds.push(lt(areaVisits.arrivedAt, end));
  if (start) conds.push(or(isNull(areaVisits.departedAt), gte(areaVisits.departedAt, start))!);
  return and(...conds)!;
}

function selectVisits(db: Db) {
  return db
    .select({
      id: areaVisits.id,
      fenceId: areaVisits.fenceId,
      fenceName: fences.name,
      purpose: fences.purpose,
      terminalId: devices.terminalId,
      carNumber: devices.carNumber,
      nickname: devices.nickname,
      arrivedAt: areaVisits.arrivedAt,
      departedAt: areaVisits.departedAt,
      lat: areaVisits.lat,
      lon: areaVisits.lon,
    })
    .from(areaVisits)
    .innerJoin(fences, eq(fences.id, areaVisits.fenceId))
    .innerJoin(users, eq(users.id, fences.userId))
    .innerJoin(devices, eq(devices.id, areaVisits.deviceId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectVisits>['execute']>>[number];

const toRow = (r: Selected): VisitRow => ({
  id: r.id,
  fenceId: r.fenceId,
  fenceName: r.fenceName,
  purpose: r.purpose as VisitRow['purpose'],
  terminalID: r.terminalId,
  deviceName: displayName({ carNumber: r.carNumber, nickname: r.nickname, terminalID: r.terminalId }),
  arrivedAt: r.arrivedAt,
  departedAt: r.departedAt,
  duration: visitSeconds(r.arrivedAt, r.departedAt),
  lat: r.lat,
  lon: r.lon,
});

export async function listVisits(db: Db, auth: AuthContext, q: VisitQuery) {
  const where = conditions(db, auth, q);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)` })
    .from(areaVisits)
    .innerJoin(fences, eq(fences.id, areaVisits.fenceId))
    .innerJoin(users, eq(users.id, fences.userId))
    .innerJoin(devices, eq(devices.id, areaVisits.deviceId))
    .where(where);
  const { limit, offset } = pageWindow(q);
  const rows = await selectVisits(db)
    .where(where)
    .orderBy(desc(areaVisits.arrivedAt), desc(areaVisits.id))
    .limit(limit)
    .offset(offset);
  return { list: rows.map(toRow), total: Number(total) };
}

const COLUMNS = [
  { key: 'fenceName', header: 'Area', width: 24 },
  { key: 'terminalID', header: 'IMEI', width: 20 },
  { key: 'deviceName', header: 'Vehicle', width: 18 },
  { key: 'arrivedAt', header: 'Arrival (GMT+8)', width: 20 },
  { key: 'departedAt', header: 'Departure (GMT+8)', width: 20 },
  { key: 'duration', header: 'Duration', width: 12 },
  { key: 'lat', header: 'Latitude', width: 11 },
  { key: 'lon', header: 'Longitude', width: 11 },
];

/** The filtered visits as xlsx or csv, at most AREA_VISIT_EXPORT_MAX rows (truncated says when more matched). */
export async function exportVisits(db: Db, auth: AuthContext, q: VisitQuery, format: SheetFormat = 'xlsx') {
  const where = conditions(db, auth, q);
  const rows = await selectVisits(db)
    .where(where)
    .orderBy(desc(areaVisits.arrivedAt), desc(areaVisits.id))
    .limit(AREA_VISIT_EXPORT_MAX + 1);
  const truncated = rows.length > AREA_VISIT_EXPORT_MAX;
  const cells = rows
    .slice(0, AREA_VISIT_EXPORT_MAX)
    .map(toRow)
    .map((v) => ({
      ...v,
      arrivedAt: platformTime(v.arrivedAt.getTime()),
      departedAt: v.departedAt ? platformTime(v.departedAt.getTime()) : '',
      duration: v.duration == null ? '' : durationText(v.duration),
    }));
  const data = await writeSheet(COLUMNS, cells, format);
  const date = new Date().toISOString().slice(0, 10);
  return { data, mime: SHEET_MIME[format], filename: `visits-${date}.${format}`, truncated };
}
