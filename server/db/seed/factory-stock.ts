import { SEED_USER_IDS } from './accounts';
import type { Db } from '../client';
import { stock } from '../schema/stock';
import { stockRecords } from '../schema/stock-records';

type NewStockRow = typeof stock.$inferInsert;

/**
 * The stock records of the demo (issue 15, part 5): the stock user stocked the terminals still
 * in stock, and shipped the ten most recent shipments, so the records screen has a history.
 */
export async function seedFactoryStock(db: Db, rows: readonly NewStockRow[]) {
  const by = SEED_USER_IDS.teststock;
  const stocked = rows.filter((r) => r.status === 'in_stock');
  const shipped = rows
    .filter((r) => r.status === 'shipped' && r.shippedTo && r.shippedAt)
    .sort((a, b) => b.shippedAt!.getTime() - a.shippedAt!.getTime())
    .slice(0, 10);
  const records = [
    ...stocked.map((r) => ({
      terminalId: r.terminalId,
      op: 'in' as const,
      userId: by,
      detail: {
        before: null,
        after: { status: 'in_stock', deviceType: r.deviceType, iccid: r.iccid ?? null, batchNo: r.batchNo },
      },
      createdAt: r.createdAt,
    })),
    ...shipped.map((r) => ({
      terminalId: r.terminalId,
      op: 'out' as const,
      userId: by,
      targetUserId: r.shippedTo,
      detail: {
        remark: '',
        before: { status: 'in_stock' },
        after: { status: 'shipped', shippedAt: r.shippedAt },
      },
      createdAt: r.shippedAt!,
    })),
  ];
  if (records.length > 0) await db.insert(stockRecords).values(records);
}
