import { and, count, desc, eq, inArray, isNotNull, isNull, like, or, type SQL } from 'drizzle-orm';
import { DEVICE_ID_PREFIX, deviceIdCode, deviceIdNumber, parseIdPair } from '../../../src/domain/factory';
import type { MessageKey } from '../../../src/domain/messages';
import { isValidImei, parseLines } from '../../../src/domain/validators';
import type { Db } from '../../db/client';
import { deviceIds } from '../../db/schema/factory-settings';
import { badRequest, notFound } from '../../lib/errors';
import { pageWindow, type PageParams } from '../../lib/envelope';

/**
 * GW005 device ids (idManager): ids issued in batches (a prefix and a running number), bound
 * one to one to IMEIs from pasted pairs, listed and unbound.
 */

const likeStart = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
      .where(like(deviceIds.code, likeStart(prefix)));
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

/**
 * Binds pasted `id,IMEI` lines, each on its own: an unreadable line, an IMEI of a bad shape, an
 * id never generated, an id bound to another IMEI or an IMEI holding another id fail that line
 * alone. Binding a pair already bound is a success (pasting the list again is harmless).
 */
export async function bindIds(db: Db, text: string): Promise<{ results: BindLine[] }> {
  const results: BindLine[] = [];
  const lines = parseLines(text);
  for (const [i, raw] of lines.entries()) {
    const pair = parseIdPair(raw);
    const base = { line: i + 1, code: pair?.code ?? raw.slice(0, 32), terminalID: pair?.terminalId ?? '' };
    if (!pair) {
      results.push({ ...base, ok: false, key: 'idPairInvalid' });
      continue;
    }
    const is808 = /^\d{11}$/.test(pair.terminalId);
    if (!isValidImei(pair.terminalId, is808)) {
      results.push({ ...base, ok: false, key: 'imeiInvalid' });
      continue;
    }
    results.push({ ...base, ...(await bindOne(db, pair.code, pair.terminalId)) });
  }
  return { results };
}

async function bindOne(db: Db, code: string, terminalId: string): Promise<{ ok: boolean; key?: MessageKey }> {
  const rows = await db
    .select()
    .from(deviceIds)
    .where(or(eq(deviceIds.code, code), eq(deviceIds.terminalId, terminalId)));
  const id = rows.find((r) => r.code === code);
  if (!id) return { ok: false, key: 'deviceIdUnknown' };
  if (id.terminalId === terminalId) return { ok: true };
  if (id.terminalId) return { ok: false, key: 'deviceIdTaken' };
  if (rows.some((r) => r.terminalId === terminalId)) return { ok: false, key: 'imeiHasDeviceId' };
  // Only an id still free is bound: a concurrent bind of the same id or IMEI loses here.
  try {
    const done = await db
      .update(deviceIds)
      .set({ terminalId, boundAt: new Date() })
      .where(and(eq(deviceIds.id, id.id), isNull(deviceIds.terminalId)))
      .returning({ id: deviceIds.id });
    return done.length ? { ok: true } : { ok: false, key: 'deviceIdTaken' };
  } catch {
    return { ok: false, key: 'imeiHasDeviceId' };
  }
}

export async function listIds(
  db: Db,
  q: PageParams & { keyword?: string; batchNo?: string; bound?: boolean },
) {
  const conds: SQL[] = [];
  const k = q.keyword?.trim().toUpperCase();
  if (k) conds.push(or(like(deviceIds.code, likeStart(k)), like(deviceIds.terminalId, likeStart(k)))!);
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
