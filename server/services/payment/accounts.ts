import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { isAdmin } from '../../../config/roles';
import type { PaymentType } from '../../../src/domain/payment';
import type { Db } from '../../db/client';
import { paymentAccounts, type PaymentAccountRow } from '../../db/schema/payment-accounts';
import { users } from '../../db/schema/users';
import { pageWindow, type PageParams } from '../../lib/envelope';
import { badField, badRequest, notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { loadInScope, scopeOf } from '../scope';
import { missingKeys, publicAccount, type ProviderAccount } from './providers';
import { realProviderOf } from './payee';
import { assertSandboxAllows } from './sandbox-guard';

/** Accounts are shown without their secrets; an edit that leaves a secret empty keeps it. */
function shown(r: PaymentAccountRow & { username?: string | null }) {
  const keys = realProviderOf(r.type).accountKeys;
  return {
    ...r,
    account: publicAccount(r.account, keys),
    secretsSet: keys.filter((k) => k.secret && r.account[k.key]).map((k) => k.key),
  };
}

export async function listPaymentAccounts(db: Db, auth: AuthContext, q: PageParams & { userId?: number }) {
  const mine = db.select({ id: users.id }).from(users).where(scopeOf(auth));
  const where = q.userId
    ? eq(paymentAccounts.userId, (await loadInScope(db, auth, q.userId)).id)
    : isAdmin(auth.user)
      ? undefined
      : inArray(paymentAccounts.userId, mine);
  const [{ total }] = await db.select({ total: count() }).from(paymentAccounts).where(where);
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select({ row: paymentAccounts, username: users.username })
    .from(paymentAccounts)
    .leftJoin(users, eq(users.id, paymentAccounts.userId))
    .where(where)
    .orderBy(asc(paymentAccounts.userId), asc(paymentAccounts.type))
    .limit(limit)
    .offset(offset);
  return { list: rows.map((r) => shown({ ...r.row, username: r.username })), total: Number(total) };
}

export interface AccountInput {
  userId?: number;
  type: PaymentType;
  account: ProviderAccount;
  enabled?: boolean;
  remark?: string;
}

function checkKeys(type: number, account: ProviderAccount) {
  const missing = missingKeys(account, realProviderOf(type).accountKeys);
  if (missing.length) throw badField('paymentAccountKeyMissing', missing[0]!);
}

/** One account per payment type and owner (an owner with one already is told so). */
export async function addPaymentAccount(db: Db, auth: AuthContext, a: AccountInput) {
  const owner = await loadInScope(db, auth, a.userId ?? auth.user.id);
  checkKeys(a.type, a.account);
  assertSandboxAllows(a.type, a.account, a.enabled ?? true);
  const [dup] = await db
    .select({ id: paymentAccounts.id })
    .from(paymentAccounts)
    .where(and(eq(paymentAccounts.userId, owner.id), eq(paymentAccounts.type, a.type)));
  if (dup) throw badRequest('duplicateOperation');
  const [row] = await db
    .insert(paymentAccounts)
    .values({
      userId: owner.id,
      type: a.type,
      account: a.account,
      enabled: a.enabled ?? true,
      remark: a.remark ?? '',
    })
    .returning();
  return shown(row!);
}

async function loadAccount(db: Db, auth: AuthContext, id: number) {
  const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.id, id));
  if (!row) throw notFound();
  await loadInScope(db, auth, row.userId);
  return row;
}

export async function editPaymentAccount(
  db: Db,
  auth: AuthContext,
  e: { id: number; account?: ProviderAccount; enabled?: boolean; remark?: string },
) {
  const row = await loadAccount(db, auth, e.id);
  // Empty secret fields keep what is stored: the form never receives them.
  const account = { ...row.account };
  for (const [k, v] of Object.entries(e.account ?? {})) if (v !== '') account[k] = v;
  checkKeys(row.type, account);
  assertSandboxAllows(row.type, account, e.enabled ?? row.enabled);
  const [out] = await db
    .update(paymentAccounts)
    .set({
      account,
      enabled: e.enabled ?? row.enabled,
      remark: e.remark ?? row.remark,
      updatedAt: new Date(),
    })
    .where(eq(paymentAccounts.id, row.id))
    .returning();
  return shown(out!);
}

export async function deletePaymentAccount(db: Db, auth: AuthContext, id: number) {
  const row = await loadAccount(db, auth, id);
  await db.delete(paymentAccounts).where(eq(paymentAccounts.id, row.id));
}
