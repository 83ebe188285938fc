import { and, count, desc, eq, inArray, isNotNull, isNull, like, or, type SQL } from 'drizzle-orm';
import { DEVICE_ID_PREFIX, deviceIdCode, deviceIdNumber, parseIdPair } from '../../../src/domain/factory';
import type { MessageKey } from '../../../src/domain/messages';
import { isValidImei, parseLines } from '../../../src/domain/validators';
import type { Db } from '../../db/client';
import { deviceIds } from '../../db/schema/factory-settings';
import { badRequest, notFound } from '../../lib/errors';
import { pageWindow, type PageParams } from '../../lib/envelope';
import { prefixPattern } from '../../lib/sql';

/**
 * GW005 device ids (idManager): ids issued in batches (a prefix and a running number), bound
 * one to one to IMEIs from pasted pairs, listed and unbound.
 */

/**
 * Issues `count` new ids of a prefix, numbered after the highest one it already has, under a
 * new batch number. The code column is unique, so two concurrent batches cannot share an id:
 * the later insert fails as a whole and is retried from the new highest number.
 */
export async function generateIds(
  db: Db,
  userId: number,
  req: { prefix: string; count: number; deviceType?: string },
) {
  const prefix = req.prefix.trim().toUpperCase();
  if (!DEVICE_ID_PREFIX.test(prefix)) throw badRequest('deviceIdPrefixInvalid');
  for (let attempt = 0; ; attempt++) {
    const have = await db
      .select({ code: deviceIds.code })
      .from(deviceIds)
      .where(like(deviceIds.code, prefixPattern(prefix)));
    const top = Math.max(0, ...have.map((r) => deviceIdNumber(prefix, r.code) ?? 0));
    const batchNo = `${prefix}-${new Date().toISOString().slice(0, 19).replace(/\D/g, '')}`;
    const codes = Array.from({ length: req.count }, (_, i) => deviceIdCode(prefix, top + 1 + i));
    try {
      await db
        .insert(deviceIds)
        .values(
          codes.map((code) => ({ code, batchNo, deviceType: req.deviceType ?? '', createdBy: userId })),
        );
      return { batchNo, count: codes.length, first: codes[0], last: codes.at(-1), codes };
    } catch (e) {
      if (attempt >= 2) throw e;
    }
  }
}

export interface BindLine {
  line: number;
  code: string;
  terminalID: string;
  ok: boolean;
  key?: MessageKey;
}

/** Rows read per query when a paste is checked. */
const LOOKUP = 1000;

interface Known {
  id: number;
  terminalId: string | null;
}

/** The ids named by the paste and the ids already holding its IMEIs, read in a few queries. */
async function knownFor(db: Db, codes: string[], imeis: string[]) {
  const byCode = new Map<string, Known>();
  const byImei = new Map<string, string>();
  const keep = (rows: { id: number; code: string; terminalId: string | null }[]) => {
    for (const r of rows) {
      byCode.set(r.code, { id: r.id, terminalId: r.terminalId });
      if (r.terminalId) byImei.set(r.terminalId, r.code);
    }
  };
  const cols = { id: deviceIds.id, code: deviceIds.code, terminalId: deviceIds.terminalId };
  for (let i = 0; i < codes.length; i += LOOKUP)
    keep(
      await db
        .select(cols)
        .from(deviceIds)
        .where(inArray(deviceIds.code, codes.slice(i, i + LOOKUP))),
    );
  for (let i = 0; i < imeis.length; i += LOOKUP)
    keep(
      await db
        .select(cols)
        .from(deviceIds)
        .where(inArray(deviceIds.terminalId, imeis.slice(i, i + LOOKUP))),
    );
  return { byCode, byImei };
}

/**
 * Binds pasted `id,IMEI` lines, each on its own, in order: an unreadable line, an IMEI of a bad
 * shape, an id never generated, an id bound to another IMEI or an IMEI holding another id fail
 * that line alone. Binding a pair already bound is a success (pasting the list again is harmless).
 */
export async function bindIds(db: Db, text: string): Promise<{ results: BindLine[] }> {
  const lines = parseLines(text).map((raw) => ({ raw, pair: parseIdPair(raw) }));
  const pairs = lines.flatMap((l) => (l.pair ? [l.pair] : []));
  const { byCode, byImei } = await knownFor(
    db,
    [...new Set(pairs.map((p) => p.code))],
    [...new Set(pairs.map((p) => p.terminalId))],
  );
  const results: BindLine[] = [];
  for (const [i, { raw, pair }] of lines.entries()) {
    const base = { line: i + 1, code: pair?.code ?? raw.slice(0, 32), terminalID: pair?.terminalId ?? '' };
    const key = pair ? await bindOne(db, byCode, byImei, pair.code, pair.terminalId) : 'idPairInvalid';
    results.push(key ? { ...base, ok: false, key } : { ...base, ok: true });
  }
  return { results };
}

/** One pair against what is known (kept current as lines bind); null when bound. */
async function bindOne(
  db: Db,
  byCode: Map<string, Known>,
  byImei: Map<string, string>,
  code: string,
  terminalId: string,
): Promise<MessageKey | null> {
  if (!isValidImei(terminalId, /^\d{11}$/.test(terminalId))) return 'imeiInvalid';
  const id = byCode.get(code);
  if (!id) return 'deviceIdUnknown';
  if (id.terminalId === terminalId) return null;
  if (id.terminalId) return 'deviceIdTaken';
  if (byImei.has(terminalId)) return 'imeiHasDeviceId';
  // Only an id still free is bound: a concurrent bind of the same id or IMEI loses here.
  try {
    const done = await db
      .update(deviceIds)
      .set({ terminalId, boundAt: new Date() })
      .where(and(eq(deviceIds.id, id.id), isNull(deviceIds.terminalId)))
      .returning({ id: deviceIds.id });
    if (!done.length) return 'deviceIdTaken';
  } catch {
    return 'imeiHasDeviceId';
  }
  id.terminalId = terminalId;
  byImei.set(terminalId, code);
  return null;
}

export async function listIds(
  db: Db,
  q: PageParams & { keyword?: string; batchNo?: string; bound?: boolean },
) {
  const conds: SQL[] = [];
  const k = q.keyword?.trim().toUpperCase();
  if (k) conds.push(or(like(deviceIds.code, prefixPattern(k)), like(deviceIds.terminalId, prefixPattern(k)))!);
  if (q.batchNo?.trim()) conds.push(eq(deviceIds.batchNo, q.batchNo.trim()));
  if (q.bound != null) conds.push(q.bound ? isNotNull(deviceIds.terminalId) : isNull(deviceIds.terminalId));
  const where = conds.length ? and(...conds) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(deviceIds).where(where);
  const { limit, offset } = pageWindow(q);
  const list = await db
    .select()
    .from(deviceIds)
    .where(where)
    .orderBy(desc(deviceIds.createdAt), desc(deviceIds.id))
    .limit(limit)
    .offset(offset);
  return { list, total: Number(total) };
}

/** Frees ids from their IMEIs (the ids stay issued, free to bind again). */
export async function unbindIds(db: Db, ids: number[]) {
  const rows = await db
    .update(deviceIds)
    .set({ terminalId: null, boundAt: null })
    .where(and(inArray(deviceIds.id, ids), isNotNull(deviceIds.terminalId)))
    .returning({ id: deviceIds.id });
  if (!rows.length) throw notFound();
  return { unbound: rows.length };
}
