import { and, eq, sql } from 'drizzle-orm';
import { isAdmin } from '../../../config/roles';
import { CARD_OPERATION } from '../../../src/domain/codes';
import type { CardType } from '../../../src/domain/payment';
import type { Db } from '../../db/client';
import { cardBalances } from '../../db/schema/card-balances';
import { cardRecords } from '../../db/schema/card-records';
import { badRequest } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { loadDescendant } from '../scope';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Adds `delta` cards of a type to an account; false when that would go below zero. */
export async function changeBalance(tx: Tx | Db, userId: number, cardType: CardType, delta: number) {
  if (delta > 0) {
    await tx
      .insert(cardBalances)
      .values({ userId, cardType, count: delta })
      .onConflictDoUpdate({
        target: [cardBalances.userId, cardBalances.cardType],
        set: { count: sql`${cardBalances.count} + ${delta}`, updatedAt: new Date() },
      });
    return true;
  }
  // One guarded UPDATE: the row lock makes concurrent spenders wait, and the WHERE re-reads
  // the count after the wait, so no two of them spend the same card.
  const rows = await tx
    .update(cardBalances)
    .set({ count: sql`${cardBalances.count} + ${delta}`, updatedAt: new Date() })
    .where(
      and(
        eq(cardBalances.userId, userId),
        eq(cardBalances.cardType, cardType),
        sql`${cardBalances.count} + ${delta} >= 0`,
      ),
    )
    .returning({ count: cardBalances.count });
  return rows.length > 0;
}

export interface CardMove {
  userId: number;
  cardType: CardType;
  count: number;
  remark?: string;
}

/**
 * Gives cards to an account below the caller. The administrator issues them (a system setting
 * record, no balance of its own); an agent passes on its own (a transfer record), and refuses
 * with the spec's "insufficient" when it holds too few. Both sides change in one transaction.
 */
export async function moveCards(db: Db, auth: AuthContext, m: CardMove) {
  const target = await loadDescendant(db, auth, m.userId);
  const issue = isAdmin(auth.user);
  await db.transaction(async (tx) => {
    if (!issue && !(await changeBalance(tx, auth.user.id, m.cardType, -m.count)))
      throw badRequest('cardInsufficient');
    await changeBalance(tx, target.id, m.cardType, m.count);
    await tx.insert(cardRecords).values({
      operation: issue ? CARD_OPERATION.systemSetting : CARD_OPERATION.transfer,
      fromUserId: issue ? null : auth.user.id,
      toUserId: target.id,
      operatorId: auth.user.id,
      count: m.count,
      cardType: m.cardType,
      remark: m.remark ?? '',
    });
  });
  return { userId: target.id, cardType: m.cardType, count: m.count };
}
