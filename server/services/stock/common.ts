import { inArray } from 'drizzle-orm';
import type { StockLine } from '../../../src/domain/stock';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { stock } from '../../db/schema/stock';
import { badRequest } from '../../lib/errors';

/** inArray over many ids, a chunk at a time (the pasted lists hold up to 10,000 lines). */
export const CHUNK = 1000;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Rows of `ids`, fetched chunk by chunk, keyed by `keyOf`. */
export async function byKey<R>(
  ids: readonly string[],
  fetch: (part: string[]) => Promise<R[]>,
  keyOf: (r: R) => string,
): Promise<Map<string, R>> {
  const out = new Map<string, R>();
  for (const part of chunks(ids)) for (const r of await fetch(part)) out.set(keyOf(r), r);
  return out;
}

/** Refuses a line that passed the list rules, for a reason found in the database. */
export function refuseLine(line: StockLine, key: NonNullable<StockLine['key']>) {
  line.ok = false;
  line.key = key;
}

/** The per-line answer every stock operation gives. */
export function report<L extends StockLine>(results: L[]) {
  return { total: results.length, succeeded: results.filter((r) => r.ok).length, results };
}

export function nonEmpty<L>(lines: L[]): L[] {
  if (lines.length === 0) throw badRequest('importEmpty');
  return lines;
}

/** The stock row and the device row (where imported) of each terminal id, with their ICCIDs. */
export async function stockAndDevices(db: Db, ids: string[]) {
  const stocked = await byKey(
    ids,
    (part) =>
      db
        .select({ t: stock.terminalId, iccid: stock.iccid })
        .from(stock)
        .where(inArray(stock.terminalId, part)),
    (r) => r.t,
  );
  const imported = await byKey(
    ids,
    (part) =>
      db
        .select({ t: devices.terminalId, id: devices.id, iccid: devices.iccid })
        .from(devices)
        .where(inArray(devices.terminalId, part)),
    (r) => r.t,
  );
  return { stocked, imported };
}
