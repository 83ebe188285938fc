import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, isNull, like, or } from 'drizzle-orm';
import { isAdmin } from '../../../config/roles';
import {
  DISCOUNT_ALPHABET,
  DISCOUNT_CODE_STATUS,
  DISCOUNT_GENERATED_LENGTH,
  isDiscountCodeFormat,
  normalizeDiscountCode,
} from '../../../src/domain/payment';
import type { Db } from '../../db/client';
import { discountCodes as dc } from '../../db/schema/discount-codes';
import { users } from '../../db/schema/users';
import { pageWindow, type PageParams } from '../../lib/envelope';
import { badRequest } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { scopeOf } from '../scope';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface CodeFilter {
  code?: string;
  used?: boolean;
  status?: number;
  batchNo?: string;
}

function conditions(db: Db, auth: AuthContext, f: CodeFilter) {
  const mine = db.select({ id: users.id }).from(users).where(scopeOf(auth));
  return and(
    isAdmin(auth.user) ? undefined : inArray(dc.userId, mine),
    f.code ? like(dc.code, `%${normalizeDiscountCode(f.code).replace(/[%_]/g, '')}%`) : undefined,
    f.used != null ? eq(dc.used, f.used) : undefined,
    f.status != null ? eq(dc.status, f.status) : undefined,
    f.batchNo ? eq(dc.batchNo, f.batchNo) : undefined,
  );
}

export async function listCodes(db: Db, auth: AuthContext, f: CodeFilter & PageParams) {
  const where = conditions(db, auth, f);
  const [{ total }] = await db.select({ total: count() }).from(dc).where(where);
  const { limit, offset } = pageWindow(f);
  const list = await db
    .select({
      id: dc.id,
      code: dc.code,
      rate: dc.rate,
      used: dc.used,
      status: dc.status,
      batchNo: dc.batchNo,
      owner: users.username,
      usedAt: dc.usedAt,
      expiresAt: dc.expiresAt,
      createdAt: dc.createdAt,
    })
    .from(dc)
    .leftJoin(users, eq(users.id, dc.userId))
    .where(where)
    .orderBy(desc(dc.createdAt), desc(dc.id))
    .limit(limit)
    .offset(offset);
  return { list, total: Number(total) };
}

const generate = () =>
  Array.from(
    { length: DISCOUNT_GENERATED_LENGTH },
    () => DISCOUNT_ALPHABET[randomInt(DISCOUNT_ALPHABET.length)],
  ).join('');

/**
 * Creates `count` codes at one rate, of the caller, under one batch number: generated ones, or
 * the one code typed (count 1). Codes are unique per creator (the payee of its subtree), so a
 * collision is only ever with the caller's own codes: a generated one is drawn again, a typed one
 * is refused as taken. Another agent's codes are never looked at: whether they exist is theirs.
 */
export async function createCodes(
  db: Db,
  auth: AuthContext,
  c: { count: number; rate: number; code?: string; expiresAt?: string; remark?: string },
) {
  const batchNo = `B${Date.now().toString(36).toUpperCase()}`;
  const expiresAt = c.expiresAt ? new Date(c.expiresAt) : null;
  if (c.code) {
    if (!isDiscountCodeFormat(c.code)) throw badRequest('discountCodeFormat');
    const code = normalizeDiscountCode(c.code);
    const rows = await db
      .insert(dc)
      .values({ code, rate: c.rate, userId: auth.user.id, batchNo, expiresAt })
      .onConflictDoNothing()
      .returning({ code: dc.code });
    if (!rows.length) throw badRequest('discountCodeTaken');
    return { batchNo, codes: [code] };
  }
  const made: string[] = [];
  while (made.length < c.count) {
    const want = Array.from({ length: c.count - made.length }, generate);
    const rows = await db
      .insert(dc)
      .values(
        [...new Set(want)].map((code) => ({ code, rate: c.rate, userId: auth.user.id, batchNo, expiresAt })),
      )
      .onConflictDoNothing()
      .returning({ code: dc.code });
    made.push(...rows.map((r) => r.code));
  }
  return { batchNo, codes: made };
}

/** Enables or disables codes of the caller's subtree; used ones stay used. */
export async function setCodeStatus(db: Db, auth: AuthContext, ids: readonly number[], status: number) {
  const mine = db.select({ id: users.id }).from(users).where(scopeOf(auth));
  const rows = await db
    .update(dc)
    .set({ status })
    .where(and(inArray(dc.id, [...ids]), isAdmin(auth.user) ? undefined : inArray(dc.userId, mine)))
    .returning({ id: dc.id });
  return { updated: rows.length };
}

/**
 * Why a code cannot be used by an order paid to `payeeId`, in the spec's three errors: wrong
 * format, does not exist (also: another agent's, disabled or past its date), used.
 */
async function refusal(tx: Tx | Db, code: string, payeeId: number, now: Date) {
  if (!isDiscountCodeFormat(code)) return 'discountCodeFormat' as const;
  const [row] = await tx
    .select()
    .from(dc)
    .where(and(eq(dc.userId, payeeId), eq(dc.code, normalizeDiscountCode(code))));
  const usable =
    row &&
    row.userId === payeeId &&
    row.status === DISCOUNT_CODE_STATUS.enabled &&
    (!row.expiresAt || row.expiresAt > now);
  if (!usable) return 'discountCodeNotFound' as const;
  return row.used ? ('discountCodeUsed' as const) : null;
}

/** The rate of a code the payer could use now (a quote), without claiming it. */
export async function peekCode(db: Db, code: string, payeeId: number, now = new Date()) {
  const why = await refusal(db, code, payeeId, now);
  if (why) throw badRequest(why);
  const [row] = await db
    .select({ rate: dc.rate })
    .from(dc)
    .where(and(eq(dc.userId, payeeId), eq(dc.code, normalizeDiscountCode(code))));
  return row!.rate;
}

/**
 * Claims a code for an order inside its transaction: one guarded UPDATE, so of two orders
 * racing for one code exactly one gets it. One use each.
 */
export async function claimCode(
  tx: Tx,
  code: string,
  payeeId: number,
  payerId: number,
  orderId: number,
  now: Date,
) {
  const rows = await tx
    .update(dc)
    .set({ used: true, usedBy: payerId, orderId, usedAt: now })
    .where(
      and(
        eq(dc.code, normalizeDiscountCode(code)),
        eq(dc.userId, payeeId),
        eq(dc.used, false),
        eq(dc.status, DISCOUNT_CODE_STATUS.enabled),
        or(isNull(dc.expiresAt), gt(dc.expiresAt, now)),
      ),
    )
    .returning({ rate: dc.rate });
  if (rows[0]) return rows[0].rate;
  throw badRequest((await refusal(tx, code, payeeId, now)) ?? 'discountCodeUsed');
}

/** An order closed unpaid gives its code back. */
export async function releaseCode(tx: Tx | Db, orderId: number) {
  await tx
    .update(dc)
    .set({ used: false, usedBy: null, orderId: null, usedAt: null })
    .where(eq(dc.orderId, orderId));
}
