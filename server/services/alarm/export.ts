import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALARM_EXPORT_MAX } from '../../../src/domain/alarm-list';
import { currentAlarmType } from '../../../src/domain/alarm-types';
import type { Language } from '../../../src/domain/constants';
import { SHEET_MIME, writeSheet, type SheetFormat } from '../../../src/sheets';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { platformTime } from '../track/formats';
import { alarmConditions, type AlarmFilter } from './filter';
import { selectAlarms } from './list';

/**
 * exportDeviceAlarms: the filtered alarms as xlsx or csv, newest first, at most exportLimit()
 * rows (x-export-truncated says when more matched). Headers, type names and the read state are
 * in the caller's language, from the same locale files the screens use; times are platform
 * time (GMT+8) as on the screens.
 */
const LOCALES = join(import.meta.dirname, '../../../locales');
type Texts = { fields: Record<string, string>; read: Record<string, string>; types: Record<string, string> };
const cache = new Map<string, Texts>();

const readJson = (lng: string, ns: string): Record<string, unknown> => {
  try {
    return JSON.parse(readFileSync(join(LOCALES, lng, `${ns}.json`), 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
};

function texts(lng: Language = 'en'): Texts {
  let t = cache.get(lng);
  if (!t) {
    const alarm = readJson(lng, 'alarm');
    t = {
      fields: (alarm.fields ?? {}) as Record<string, string>,
      read: (alarm.readStates ?? {}) as Record<string, string>,
      types: (readJson(lng, 'count').alarmTypes ?? {}) as Record<string, string>,
    };
    cache.set(lng, t);
  }
  return t;
}

const COLUMNS = [
  ['terminalID', 20],
  ['name', 18],
  ['type', 18],
  ['time', 20],
  ['lat', 11],
  ['lon', 11],
  ['speed', 8],
  ['address', 40],
  ['read', 8],
] as const;

export function exportLimit(): number {
  const env = Number(process.env.ALARM_EXPORT_MAX);
  return Number.isInteger(env) && env > 0 ? env : ALARM_EXPORT_MAX;
}

export async function exportAlarms(
  db: Db,
  auth: AuthContext,
  f: AlarmFilter,
  format: SheetFormat,
  lng?: Language,
) {
  const where = await alarmConditions(db, auth, f);
  const cap = exportLimit();
  const rows = await selectAlarms(db, where, cap + 1);
  const truncated = rows.length > cap;
  const t = texts(lng);
  const columns = COLUMNS.map(([key, width]) => ({ key, header: t.fields[key] ?? key, width }));
  const cells = rows.slice(0, cap).map((r) => ({
    ...r,
    type: t.types[currentAlarmType(r.type)] ?? r.type,
    time: platformTime(Date.parse(r.time)),
    read: t.read[r.read ? 'read' : 'unread'] ?? String(r.read),
  }));
  const data = await writeSheet(columns, cells, format);
  const date = new Date().toISOString().slice(0, 10);
  return { data, mime: SHEET_MIME[format], filename: `alarms-${date}.${format}`, truncated };
}
