import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { itemsText } from '../../../src/domain/qc';
import type { Db } from '../../db/client';
import { testConfigs, testResults as t } from '../../db/schema/test-results';
import { pageWindow, type PageParams } from '../../lib/envelope';
import { prefixPattern } from '../../lib/sql';

export interface ResultFilter {
  terminalID?: string;
  kind?: number;
  /** 'pass' | 'fail' */
  result?: string;
  station?: string;
  operator?: string;
  deviceType?: string;
  startTime?: string;
  endTime?: string;
}

/** Conditions on test_results rows (`kind` and the range apply to every result counted). */
export function resultConditions(f: ResultFilter, withVerdict = true): SQL | undefined {
  const c: (SQL | undefined)[] = [];
  if (f.terminalID?.trim()) c.push(sql`${t.terminalId} LIKE ${prefixPattern(f.terminalID.trim())}`);
  if (f.kind) c.push(eq(t.kind, f.kind));
  if (withVerdict && f.result) c.push(eq(t.passed, f.result === 'pass'));
  if (f.station?.trim()) c.push(eq(t.station, f.station.trim()));
  if (f.operator?.trim()) c.push(eq(t.operator, f.operator.trim()));
  if (f.deviceType?.trim()) c.push(eq(t.deviceType, f.deviceType.trim()));
  if (f.startTime) c.push(gte(t.testedAt, new Date(f.startTime)));
  if (f.endTime) c.push(lt(t.testedAt, new Date(f.endTime)));
  return and(...c);
}

const columns = {
  id: t.id,
  terminalID: t.terminalId,
  kind: t.kind,
  passed: t.passed,
  items: t.items,
  gps: t.gps,
  deviceType: t.deviceType,
  firmwareVersion: t.firmwareVersion,
  iccid: t.iccid,
  station: t.station,
  operator: t.operator,
  config: testConfigs.name,
  testedAt: t.testedAt,
  createdAt: t.createdAt,
};

/** testResults: every stored result matching the filter, newest test first. */
export async function searchResults(db: Db, f: ResultFilter & PageParams) {
  const where = resultConditions(f);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(t)
    .where(where);
  const { limit, offset } = pageWindow(f);
  const rows = await db
    .select(columns)
    .from(t)
    .leftJoin(testConfigs, eq(testConfigs.id, t.configId))
    .where(where)
    .orderBy(desc(t.testedAt), desc(t.id))
    .limit(limit)
    .offset(offset);
  return { list: rows.map((r) => ({ ...r, itemsText: itemsText(r.items) })), total };
}
