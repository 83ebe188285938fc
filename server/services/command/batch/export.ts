import { PassThrough } from 'node:stream';
import { and, asc, desc, eq, gt, lt, or, type SQL } from 'drizzle-orm';
import { COMMAND_BATCH_EXPORT_MAX } from '../../../../src/domain/command-batch';
import { SHEET_MIME, type SheetFormat } from '../../../../src/sheets';
import { sheetStream } from '../../../lib/sheet-stream';
import type { Db } from '../../../db/client';
import { commandBatchItems as items, commandBatches as batches } from '../../../db/schema/command-batches';
import type { AuthContext } from '../../../plugins/auth';
import { itemConditions, itemRows, selectItems, type ItemFilter, type SelectedItem } from './query';

type Row = Awaited<ReturnType<typeof itemRows>>[number];

const COLUMNS: { key: string; header: string; width: number; value: (r: Row) => unknown }[] = [
  { key: 'batchNo', header: 'Batch', width: 8, value: (r) => r.batchNo },
  { key: 'label', header: 'Command', width: 20, value: (r) => r.label },
  { key: 'terminalID', header: 'IMEI', width: 18, value: (r) => r.terminalID },
  { key: 'status', header: 'Status', width: 10, value: (r) => r.status },
  { key: 'message', header: 'Reason', width: 36, value: (r) => r.message },
  { key: 'content', header: 'Content', width: 24, value: (r) => r.content },
  { key: 'reply', header: 'Reply', width: 36, value: (r) => r.reply },
  { key: 'result', header: 'Result', width: 8, value: (r) => r.result },
  { key: 'username', header: 'Sender', width: 14, value: (r) => r.username },
  { key: 'updatedAt', header: 'Updated', width: 22, value: (r) => r.updatedAt },
];

/** Rows read per query while streaming. */
const PAGE = 2000;

/**
 * The items under the search filters as a spreadsheet, in the search's order, at most
 * COMMAND_BATCH_EXPORT_MAX rows. Rows are read in keyset pages and streamed as they arrive,
 * so a whole 10,000-device batch (or ten) never sits in memory at once.
 */
export async function exportItems(
  db: Db,
  auth: AuthContext,
  f: ItemFilter,
  format: SheetFormat,
  factory = false,
) {
  const where = itemConditions(db, auth, f, factory);
  const cap = COMMAND_BATCH_EXPORT_MAX;
  const probe = await db
    .select({ id: items.id })
    .from(items)
    .innerJoin(batches, eq(batches.id, items.batchId))
    .where(where)
    .limit(1)
    .offset(cap);
  const out = new PassThrough();
  void pump(db, where, cap, format, out).catch((err: Error) => out.destroy(err));
  const date = new Date().toISOString().slice(0, 10);
  return {
    stream: out,
    mime: SHEET_MIME[format],
    filename: `command-batches-${date}.${format}`,
    truncated: probe.length > 0,
  };
}

async function pump(db: Db, where: SQL, cap: number, format: SheetFormat, out: PassThrough) {
  const { writeRow, finish } = sheetStream(format, 'Commands', COLUMNS, out);
  let written = 0;
  let last: { batch: number; item: number } | null = null;
  while (written < cap) {
    // Keyset on the search order (batch newest first, items in the order sent).
    const after: SQL | undefined = last
      ? or(lt(batches.id, last.batch), and(eq(batches.id, last.batch), gt(items.id, last.item)))
      : undefined;
    const rows: SelectedItem[] = await selectItems(db)
      .where(and(where, after))
      .orderBy(desc(batches.id), asc(items.id))
      .limit(Math.min(PAGE, cap - written));
    if (!rows.length) break;
    for (const r of await itemRows(db, rows)) writeRow(COLUMNS.map((c) => c.value(r)));
    written += rows.length;
    const end = rows[rows.length - 1]!;
    last = { batch: end.batchNo, item: end.id };
    if (out.writableNeedDrain) await new Promise((r) => out.once('drain', r));
  }
  await finish();
}
