import { inArray } from 'drizzle-orm';
import { IMPORT_PROTOCOLS_808 } from '../../../src/domain/codes';
import { checkStockInRows, STOCK_OP, STOCK_STATE, type StockInRow } from '../../../src/domain/stock';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { deviceTypes } from '../../db/schema/device-types';
import { stock } from '../../db/schema/stock';
import type { AuthContext } from '../../plugins/auth';
import { byKey, chunks, nonEmpty, refuseLine, report } from './common';
import { writeRecords } from './records';

export interface StockInRequest {
  rows: StockInRow[];
  batchNo: string;
  /** The type of lines that name none. */
  deviceType?: string;
}

/** ICCIDs of `iccids` already held by a stock row or a device (any terminal). */
async function iccidsInUse(db: Db, iccids: string[]): Promise<Set<string>> {
  const used = new Set<string>();
  for (const part of chunks(iccids)) {
    for (const s of await db.select({ v: stock.iccid }).from(stock).where(inArray(stock.iccid, part)))
      if (s.v) used.add(s.v);
    for (const d of await db.select({ v: devices.iccid }).from(devices).where(inArray(devices.iccid, part)))
      used.add(d.v);
  }
  return used;
}

/**
 * deviceInputIn: terminals from the production line into stock, one report line each. A new
 * stock row is untested (`test_passed` false): the factory test results set it, and a device
 * import needs it. Refused: a terminal already in stock or already out, one imported to an
 * account, an ICCID another terminal holds. Each stocked terminal gets an `in` record.
 */
export async function stockIn(db: Db, auth: AuthContext, req: StockInRequest) {
  const types = new Map(
    (await db.select().from(deviceTypes)).map((t) => [
      t.name,
      { is808: IMPORT_PROTOCOLS_808.includes(t.importProtocol), protocol: t.protocol },
    ]),
  );
  const lines = nonEmpty(checkStockInRows(req.rows, req.deviceType ?? '', types));
  const ids = lines.filter((l) => l.ok).map((l) => l.terminalID);
  const stocked = await byKey(
    ids,
    (part) =>
      db
        .select({ t: stock.terminalId, status: stock.status })
        .from(stock)
        .where(inArray(stock.terminalId, part)),
    (r) => r.t,
  );
  const imported = await byKey(
    ids,
    (part) => db.select({ t: devices.terminalId }).from(devices).where(inArray(devices.terminalId, part)),
    (r) => r.t,
  );
  const used = await iccidsInUse(
    db,
    lines.filter((l) => l.ok && l.iccid).map((l) => l.iccid),
  );
  for (const l of lines) {
    if (!l.ok) continue;
    const row = stocked.get(l.terminalID);
    if (row) refuseLine(l, row.status === STOCK_STATE.inStock ? 'stockExists' : 'stockShipped');
    else if (imported.has(l.terminalID)) refuseLine(l, 'imeiExists');
    else if (l.iccid && used.has(l.iccid)) refuseLine(l, 'iccidTaken');
  }
  const accepted = lines.filter((l) => l.ok);
  const batchNo = req.batchNo.trim();
  await db.transaction(async (tx) => {
    for (const part of chunks(accepted)) {
      const inserted = await tx
        .insert(stock)
        .values(
          part.map((l) => ({
            terminalId: l.terminalID,
            imei: l.terminalID.length === 15 ? l.terminalID : null,
            deviceType: l.deviceType,
            protocol: types.get(l.deviceType)!.protocol,
            iccid: l.iccid || null,
            batchNo,
            status: STOCK_STATE.inStock,
          })),
        )
        // Another stock-in of the same terminal at the same moment: that one wins.
        .onConflictDoNothing({ target: stock.terminalId })
        .returning({ t: stock.terminalId });
      const done = new Set(inserted.map((r) => r.t));
      for (const l of part) if (!done.has(l.terminalID)) refuseLine(l, 'stockExists');
      await writeRecords(
        tx,
        auth.user.id,
        part
          .filter((l) => l.ok)
          .map((l) => ({
            terminalId: l.terminalID,
            op: STOCK_OP.in,
            before: null,
            after: { status: STOCK_STATE.inStock, deviceType: l.deviceType, iccid: l.iccid || null, batchNo },
          })),
      );
    }
  });
  return report(lines);
}
