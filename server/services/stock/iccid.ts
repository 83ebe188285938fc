import { eq, inArray, or, sql } from 'drizzle-orm';
import { checkIccidPairs, STOCK_OP, stockState, stockTest } from '../../../src/domain/stock';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { stock } from '../../db/schema/stock';
import { users } from '../../db/schema/users';
import { chunks, nonEmpty, refuseLine, report, stockAndDevices } from './common';
import { writeRecords, type Tx } from './records';
import type { AuthContext } from '../../plugins/auth';

/** Matches of one lookup at most: an ICCID or an IMEI names one terminal, rarely a few. */
const LOOKUP_MAX = 50;

/**
 * searchIccid: the terminals an ICCID or an IMEI names, across stock and imported devices (an
 * ICCID finds its terminal, an IMEI its ICCID), with both sides' ICCIDs side by side.
 */
export async function searchIccid(db: Db, value: string) {
  const v = value.trim();
  if (!v) return { list: [] };
  const stocked = await db
    .select({
      terminalID: stock.terminalId,
      iccid: stock.iccid,
      deviceType: stock.deviceType,
      batchNo: stock.batchNo,
      status: stock.status,
      shippedTo: stock.shippedTo,
      testPassed: stock.testPassed,
      testedAt: stock.testedAt,
    })
    .from(stock)
    .where(or(eq(stock.iccid, v), eq(stock.terminalId, v), eq(stock.imei, v)))
    .limit(LOOKUP_MAX);
  const imported = await db
    .select({
      terminalID: devices.terminalId,
      iccid: devices.iccid,
      cardIccid: devices.cardIccid,
      deviceType: devices.deviceType,
      owner: users.username,
    })
    .from(devices)
    .leftJoin(users, eq(users.id, devices.userId))
    .where(or(eq(devices.iccid, v), eq(devices.cardIccid, v), eq(devices.terminalId, v)))
    .limit(LOOKUP_MAX);
  const ids = [...new Set([...stocked, ...imported].map((r) => r.terminalID))];
  const list = ids.map((terminalID) => {
    const s = stocked.find((r) => r.terminalID === terminalID);
    const d = imported.find((r) => r.terminalID === terminalID);
    return {
      terminalID,
      matchedBy: terminalID === v ? 'imei' : 'iccid',
      stockIccid: s?.iccid ?? null,
      deviceIccid: d ? d.iccid : null,
      cardIccid: d ? d.cardIccid : null,
      deviceType: s?.deviceType || d?.deviceType || '',
      batchNo: s?.batchNo ?? null,
      state: s ? stockState(s.status, s.shippedTo) : null,
      test: s ? stockTest(s.testedAt, s.testPassed) : null,
      owner: d?.owner ?? null,
      imported: Boolean(d),
    };
  });
  return { list };
}

/** ICCID values in one UPDATE ... FROM (VALUES ...) per table. */
async function setIccids(tx: Tx, table: 'stock' | 'devices', pairs: { t: string; iccid: string }[]) {
  for (const part of chunks(pairs, 500)) {
    if (part.length === 0) continue;
    const values = sql.join(
      part.map((p) => sql`(${p.t}::varchar, ${p.iccid}::varchar)`),
      sql`, `,
    );
    await tx.execute(
      table === 'stock'
        ? sql`UPDATE stock AS s SET iccid = v.iccid FROM (VALUES ${values}) AS v(t, iccid) WHERE s.terminal_id = v.t`
        : sql`UPDATE devices AS d SET iccid = v.iccid, updated_at = now() FROM (VALUES ${values}) AS v(t, iccid) WHERE d.terminal_id = v.t`,
    );
  }
}

/**
 * IMEI-to-ICCID matching (cardSearch): "IMEI,ICCID" pairs, one report line each. The ICCID is
 * stored on the stock row and on the device where the terminal is imported. Refused: an IMEI
 * neither in stock nor imported, an ICCID another terminal holds. Each change is recorded.
 */
export async function matchIccids(db: Db, auth: AuthContext, rows: { terminalID: string; iccid?: string }[]) {
  const lines = nonEmpty(checkIccidPairs(rows));
  const ok = lines.filter((l) => l.ok);
  const ids = ok.map((l) => l.terminalID);
  const { stocked, imported } = await stockAndDevices(db, ids);
  // Who holds each ICCID now: a line may keep its own terminal's ICCID, not take another's.
  const holders = new Map<string, Set<string>>();
  const hold = (iccid: string | null, t: string) => {
    if (iccid) holders.set(iccid, (holders.get(iccid) ?? new Set()).add(t));
  };
  for (const part of chunks(ok.map((l) => l.iccid))) {
    for (const r of await db
      .select({ t: stock.terminalId, v: stock.iccid })
      .from(stock)
      .where(inArray(stock.iccid, part)))
      hold(r.v, r.t);
    for (const r of await db
      .select({ t: devices.terminalId, v: devices.iccid })
      .from(devices)
      .where(inArray(devices.iccid, part)))
      hold(r.v, r.t);
  }
  for (const l of ok) {
    if (!stocked.has(l.terminalID) && !imported.has(l.terminalID)) refuseLine(l, 'stockUnknown');
    else if ([...(holders.get(l.iccid) ?? [])].some((t) => t !== l.terminalID)) refuseLine(l, 'iccidTaken');
  }
  const changed = lines.filter(
    (l) =>
      l.ok &&
      ((stocked.has(l.terminalID) && stocked.get(l.terminalID)!.iccid !== l.iccid) ||
        (imported.has(l.terminalID) && imported.get(l.terminalID)!.iccid !== l.iccid)),
  );
  await db.transaction(async (tx) => {
    const pairs = (has: (t: string) => boolean) =>
      changed.filter((l) => has(l.terminalID)).map((l) => ({ t: l.terminalID, iccid: l.iccid }));
    await setIccids(
      tx,
      'stock',
      pairs((t) => stocked.has(t)),
    );
    await setIccids(
      tx,
      'devices',
      pairs((t) => imported.has(t)),
    );
    await writeRecords(
      tx,
      auth.user.id,
      changed.map((l) => ({
        terminalId: l.terminalID,
        op: STOCK_OP.iccid,
        before: {
          stockIccid: stocked.get(l.terminalID)?.iccid ?? null,
          deviceIccid: imported.get(l.terminalID)?.iccid ?? null,
        },
        after: { iccid: l.iccid },
      })),
    );
  });
  return report(lines);
}
