import { count, desc, eq, type SQL } from 'drizzle-orm';
import { displayName } from '../../../src/domain/device-view';
import type { Db } from '../../db/client';
import { alarms } from '../../db/schema/alarms';
import { devices } from '../../db/schema/devices';
import { pageWindow, type PageParams } from '../../lib/envelope';
import type { AuthContext } from '../../plugins/auth';
import { alarmConditions, type AlarmFilter } from './filter';

/** One alarm as the lists and the export show it (docs/api/alarms.md). */
export interface AlarmView {
  id: number;
  deviceId: number;
  terminalID: string;
  name: string;
  type: string;
  time: string;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  address: string | null;
  read: boolean;
}

/** The rows of a WHERE, newest first. */
export async function selectAlarms(db: Db, where: SQL, limit: number, offset = 0): Promise<AlarmView[]> {
  const rows = await db
    .select({
      id: alarms.id,
      deviceId: alarms.deviceId,
      terminalID: devices.terminalId,
      nickname: devices.nickname,
      carNumber: devices.carNumber,
      type: alarms.type,
      time: alarms.time,
      lat: alarms.lat,
      lon: alarms.lon,
      speed: alarms.speed,
      address: alarms.address,
      read: alarms.read,
    })
    .from(alarms)
    .innerJoin(devices, eq(devices.id, alarms.deviceId))
    .where(where)
    .orderBy(desc(alarms.time), desc(alarms.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ nickname, carNumber, time, ...r }) => ({
    ...r,
    name: displayName({ carNumber, nickname, terminalID: r.terminalID }),
    time: time.toISOString(),
  }));
}

/** findAllAlarm: one page of the filtered alarms and how many match. */
export async function listAlarms(
  db: Db,
  auth: AuthContext,
  q: AlarmFilter & PageParams,
): Promise<{ list: AlarmView[]; total: number }> {
  const where = await alarmConditions(db, auth, q);
  const [{ total }] = await db.select({ total: count() }).from(alarms).where(where);
  const { limit, offset } = pageWindow(q);
  const list = Number(total) > offset ? await selectAlarms(db, where, limit, offset) : [];
  return { list, total: Number(total) };
}
