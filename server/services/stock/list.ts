import { and, desc, eq, gte, isNotNull, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { STOCK_STATE, STOCK_TEST, stockState, stockTest } from '../../../src/domain/stock';
import type { SheetFormat } from '../../../src/sheets';
import type { Db } from '../../db/client';
import { stock as s } from '../../db/schema/stock';
import { users } from '../../db/schema/users';
import { pageWindow, type PageParams } from '../../lib/envelope';
import { pagedSheetExport } from '../../lib/sheet-stream';
import { prefixPattern } from '../../lib/sql';

export interface StockFilter {
  status?: string;
  deviceType?: string;
  batchNo?: string;
  test?: string;
  iccid?: string;
  terminalID?: string;
  startTime?: string;
  endTime?: string;
}

/** The filters of the stock list; the IMEI and ICCID match from their start. */
function conditions(f: StockFilter): SQL | undefined {
  const c: (SQL | undefined)[] = [];
  if (f.status === STOCK_STATE.inStock) c.push(eq(s.status, STOCK_STATE.inStock));
  if (f.status === STOCK_STATE.shipped)
    c.push(and(ne(s.status, STOCK_STATE.inStock), isNotNull(s.shippedTo)));
  if (f.status === STOCK_STATE.removed) c.push(and(ne(s.status, STOCK_STATE.inStock), isNull(s.shippedTo)));
  if (f.test === STOCK_TEST.passed) c.push(eq(s.testPassed, true));
  if (f.test === STOCK_TEST.failed) c.push(and(eq(s.testPassed, false), isNotNull(s.testedAt)));
  if (f.test === STOCK_TEST.untested) c.push(and(eq(s.testPassed, false), isNull(s.testedAt)));
  if (f.deviceType?.trim()) c.push(eq(s.deviceType, f.deviceType.trim()));
  if (f.batchNo?.trim()) c.push(eq(s.batchNo, f.batchNo.trim()));
  if (f.iccid?.trim()) c.push(sql`${s.iccid} LIKE ${prefixPattern(f.iccid.trim())}`);
  if (f.terminalID?.trim()) c.push(sql`${s.terminalId} LIKE ${prefixPattern(f.terminalID.trim())}`);
  if (f.startTime) c.push(gte(s.createdAt, new Date(f.startTime)));
  if (f.endTime) c.push(lt(s.createdAt, new Date(f.endTime)));
  return and(...c);
}

const select = (db: Db) =>
  db
    .select({
      id: s.id,
      terminalID: s.terminalId,
      deviceType: s.deviceType,
      iccid: s.iccid,
      batchNo: s.batchNo,
      status: s.status,
      shippedToId: s.shippedTo,
      shippedTo: users.username,
      shippedAt: s.shippedAt,
      testPassed: s.testPassed,
      testedAt: s.testedAt,
      firmwareVersion: s.firmwareVersion,
      createdAt: s.createdAt,
    })
    .from(s)
    .leftJoin(users, eq(users.id, s.shippedTo));

type Selected = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
const shape = ({ shippedToId, ...x }: Selected) => ({
  ...x,
  state: stockState(x.status, shippedToId),
  test: stockTest(x.testedAt, x.testPassed),
});

/** The stock list (stockDevice), newest first. */
export async function listStock(db: Db, f: StockFilter & PageParams) {
  const where = conditions(f);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(s)
    .where(where);
  const { limit, offset } = pageWindow(f);
  const rows = await select(db)
    .where(where)
    .orderBy(desc(s.createdAt), desc(s.id))
    .limit(limit)
    .offset(offset);
  return { list: rows.map(shape), total };
}

const COLUMNS: { key: keyof ReturnType<typeof shape>; header: string; width: number }[] = [
  { key: 'terminalID', header: 'IMEI', width: 18 },
  { key: 'deviceType', header: 'Device type', width: 12 },
  { key: 'iccid', header: 'ICCID', width: 22 },
  { key: 'batchNo', header: 'Batch', width: 16 },
  { key: 'state', header: 'Status', width: 10 },
  { key: 'test', header: 'Factory test', width: 10 },
  { key: 'testedAt', header: 'Tested at', width: 22 },
  { key: 'shippedTo', header: 'Shipped to', width: 14 },
  { key: 'shippedAt', header: 'Shipped at', width: 22 },
  { key: 'firmwareVersion', header: 'Firmware', width: 12 },
  { key: 'createdAt', header: 'Stocked at', width: 22 },
];

/** The filtered stock as a spreadsheet, streamed page by page. */
export async function exportStock(db: Db, f: StockFilter, format: SheetFormat) {
  const where = conditions(f);
  // A filter the database refuses fails here as a clear answer, not halfway through a download.
  await select(db).where(where).limit(1);
  return pagedSheetExport({
    format,
    sheetName: 'Stock',
    columns: COLUMNS,
    fileName: 'stock',
    page: async (limit, offset) =>
      (await select(db).where(where).orderBy(desc(s.createdAt), desc(s.id)).limit(limit).offset(offset)).map(
        shape,
      ),
  });
}
