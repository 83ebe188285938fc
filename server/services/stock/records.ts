import { aliasedTable, and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { StockOperation } from '../../db/schema/stock-records';
import type { Db } from '../../db/client';
import { stockRecords as r } from '../../db/schema/stock-records';
import { users } from '../../db/schema/users';
import { pageWindow, type PageParams } from '../../lib/envelope';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One stock_records row: what happened to a terminal, with its values before and after. */
export interface StockRecord {
  terminalId: string;
  op: StockOperation;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Anything else worth keeping (batch, reason, rows deleted). */
  detail?: Record<string, unknown>;
  targetUserId?: number | null;
}

const CHUNK = 500;

/** Writes the records of one operation, in the operation's transaction. */
export async function writeRecords(tx: Tx | Db, userId: number, records: readonly StockRecord[]) {
  for (let i = 0; i < records.length; i += CHUNK)
    await tx.insert(r).values(
      records.slice(i, i + CHUNK).map((x) => ({
        terminalId: x.terminalId,
        op: x.op,
        detail: { ...x.detail, before: x.before ?? null, after: x.after ?? null },
        userId,
        targetUserId: x.targetUserId ?? null,
      })),
    );
}

export interface StockRecordFilter {
  terminalID?: string;
  op?: string;
  startTime?: string;
  endTime?: string;
}

const operator = aliasedTable(users, 'op_user');
const target = aliasedTable(users, 'target_user');

/** The records, newest first, with the operator's and the receiving account's names. */
export async function listStockRecords(db: Db, f: StockRecordFilter & PageParams) {
  const c: (SQL | undefined)[] = [];
  if (f.terminalID?.trim()) c.push(eq(r.terminalId, f.terminalID.trim()));
  if (f.op) c.push(eq(r.op, f.op as StockOperation));
  if (f.startTime) c.push(gte(r.createdAt, new Date(f.startTime)));
  if (f.endTime) c.push(lt(r.createdAt, new Date(f.endTime)));
  const where = and(...c);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(r)
    .where(where);
  const { limit, offset } = pageWindow(f);
  const list = await db
    .select({
      id: r.id,
      terminalID: r.terminalId,
      op: r.op,
      detail: r.detail,
      operator: operator.username,
      target: target.username,
      createdAt: r.createdAt,
    })
    .from(r)
    .leftJoin(operator, eq(operator.id, r.userId))
    .leftJoin(target, eq(target.id, r.targetUserId))
    .where(where)
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(limit)
    .offset(offset);
  return { list, total };
}
