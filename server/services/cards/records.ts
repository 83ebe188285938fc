import { aliasedTable, and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { isAdmin } from '../../../config/roles';
import type { SheetFormat } from '../../../src/sheets';
import type { Db } from '../../db/client';
import { cardRecords as r } from '../../db/schema/card-records';
import { users } from '../../db/schema/users';
import { pageWindow, type PageParams } from '../../lib/envelope';
import { pagedSheetExport } from '../../lib/sheet-stream';
import type { AuthContext } from '../../plugins/auth';
import { loadInScope, scopeOf } from '../scope';

export interface CardRecordFilter {
  operation?: number;
  cardType?: number;
  /** Records to or from this account (of the caller's subtree). */
  userId?: number;
  terminalID?: string;
  startTime?: string;
  endTime?: string;
}

const fromU = aliasedTable(users, 'from_u');
const toU = aliasedTable(users, 'to_u');
const opU = aliasedTable(users, 'op_u');

/** A record is the caller's when either side lies in its subtree (the admin sees all). */
async function conditions(db: Db, auth: AuthContext, f: CardRecordFilter): Promise<SQL | undefined> {
  const c: (SQL | undefined)[] = [];
  if (!isAdmin(auth.user)) {
    const mine = db.select({ id: users.id }).from(users).where(scopeOf(auth));
    c.push(or(inArray(r.fromUserId, mine), inArray(r.toUserId, mine)));
  }
  if (f.userId) {
    const a = await loadInScope(db, auth, f.userId);
    c.push(or(eq(r.fromUserId, a.id), eq(r.toUserId, a.id)));
  }
  if (f.operation) c.push(eq(r.operation, f.operation));
  if (f.cardType) c.push(eq(r.cardType, f.cardType));
  if (f.terminalID) c.push(sql`${r.terminalIds} @> ${JSON.stringify([f.terminalID.trim()])}::jsonb`);
  if (f.startTime) c.push(gte(r.createdAt, new Date(f.startTime)));
  if (f.endTime) c.push(lt(r.createdAt, new Date(f.endTime)));
  return and(...c);
}

const select = (db: Db) =>
  db
    .select({
      id: r.id,
      operation: r.operation,
      cardType: r.cardType,
      count: r.count,
      fromUser: fromU.username,
      toUser: toU.username,
      operator: opU.username,
      terminalIds: r.terminalIds,
      expireBefore: r.expireBefore,
      expireAfter: r.expireAfter,
      remark: r.remark,
      createdAt: r.createdAt,
    })
    .from(r)
    .leftJoin(fromU, eq(fromU.id, r.fromUserId))
    .leftJoin(toU, eq(toU.id, r.toUserId))
    .leftJoin(opU, eq(opU.id, r.operatorId));

type Selected = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
const shape = (x: Selected) => ({
  ...x,
  terminalIDs: (x.terminalIds ?? []).join(', '),
  terminalIds: undefined,
});

export async function listCardRecords(db: Db, auth: AuthContext, f: CardRecordFilter & PageParams) {
  const where = await conditions(db, auth, f);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(r)
    .where(where);
  const { limit, offset } = pageWindow(f);
  const rows = await select(db)
    .where(where)
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(limit)
    .offset(offset);
  return { list: rows.map(shape), total };
}

const COLUMNS: { key: keyof ReturnType<typeof shape>; header: string; width: number }[] = [
  { key: 'createdAt', header: 'Time', width: 22 },
  { key: 'operation', header: 'Operation', width: 10 },
  { key: 'cardType', header: 'Card type', width: 10 },
  { key: 'count', header: 'Count', width: 8 },
  { key: 'fromUser', header: 'From', width: 14 },
  { key: 'toUser', header: 'To', width: 14 },
  { key: 'operator', header: 'Operator', width: 14 },
  { key: 'terminalIDs', header: 'IMEI', width: 20 },
  { key: 'expireBefore', header: 'Expiry before', width: 22 },
  { key: 'expireAfter', header: 'Expiry after', width: 22 },
  { key: 'remark', header: 'Remark', width: 20 },
];

/** exportCard: the filtered records as a spreadsheet, newest first, streamed page by page. */
export async function exportCardRecords(db: Db, auth: AuthContext, f: CardRecordFilter, format: SheetFormat) {
  const where = await conditions(db, auth, f);
  // A filter the database refuses (a date out of its range) fails here, as a clear answer,
  // not halfway through a download.
  await select(db).where(where).limit(1);
  return pagedSheetExport({
    format,
    sheetName: 'Cards',
    columns: COLUMNS,
    fileName: 'card-records',
    page: async (limit, offset) =>
      (await select(db).where(where).orderBy(desc(r.createdAt), desc(r.id)).limit(limit).offset(offset)).map(
        shape,
      ),
  });
}
