import { and, asc, eq, inArray } from 'drizzle-orm';
import { CARD_TYPES, type CardCounts, type CardType } from '../../../src/domain/payment';
import type { Db } from '../../db/client';
import { cardBalances } from '../../db/schema/card-balances';
import { users } from '../../db/schema/users';
import type { AuthContext } from '../../plugins/auth';
import { loadInScope, scopeOf } from '../scope';

/** Card counts of many accounts, every type present (0 when none). */
export async function countsOf(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, Record<CardType, number>>> {
  const out = new Map<number, Record<CardType, number>>();
  for (const id of ids)
    out.set(id, Object.fromEntries(CARD_TYPES.map((t) => [t, 0])) as Record<CardType, number>);
  if (!ids.length) return out;
  const rows = await db
    .select()
    .from(cardBalances)
    .where(inArray(cardBalances.userId, [...ids]));
  for (const r of rows) out.get(r.userId)![r.cardType as CardType] = r.count;
  return out;
}

const total = (c: CardCounts) => Object.values(c).reduce((a, n) => a + (n ?? 0), 0);

/**
 * The account (the caller, or one of its subtree) and its direct sub-accounts, each with its
 * cards per type: what the card screen lists and where a transfer can go.
 */
export async function cardAccounts(db: Db, auth: AuthContext, userId?: number) {
  const root = await loadInScope(db, auth, userId ?? auth.user.id);
  const children = await db
    .select({ id: users.id, username: users.username, nickname: users.nickname, role: users.role })
    .from(users)
    .where(and(eq(users.parentId, root.id), scopeOf(auth)))
    .orderBy(asc(users.id));
  const rows = [
    { id: root.id, username: root.username, nickname: root.nickname, role: root.role },
    ...children,
  ];
  const counts = await countsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    list: rows.map((r) => {
      const c = counts.get(r.id)!;
      return { ...r, self: r.id === root.id, cards: c, total: total(c) };
    }),
    total: rows.length,
  };
}
