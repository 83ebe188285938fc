import { and, eq } from 'drizzle-orm';
import { CARD_TYPES, type CardType } from '../../../src/domain/payment';
import type { Db } from '../../db/client';
import { renewPrices } from '../../db/schema/renew-prices';
import type { AuthContext } from '../../plugins/auth';
import { loadInScope } from '../scope';

/** An account's renewal price per card type; types without a price answer null. */
export async function pricesOf(db: Db, userId: number) {
  const rows = await db.select().from(renewPrices).where(eq(renewPrices.userId, userId));
  const by = new Map(rows.map((r) => [r.cardType, r]));
  return CARD_TYPES.map((cardType) => {
    const r = by.get(cardType);
    return {
      cardType,
      priceMinor: r?.priceMinor ?? null,
      currency: r?.currency ?? null,
      updatedAt: r?.updatedAt ?? null,
    };
  });
}

/** renewPrice: the prices of the caller (or of an account of its subtree). */
export async function listPrices(db: Db, auth: AuthContext, userId?: number) {
  const owner = await loadInScope(db, auth, userId ?? auth.user.id);
  const list = await pricesOf(db, owner.id);
  return { userId: owner.id, username: owner.username, list, total: list.length };
}

export interface PriceInput {
  userId?: number;
  cardType: CardType;
  priceMinor: number;
  currency: string;
}

export async function savePrice(db: Db, auth: AuthContext, p: PriceInput) {
  const owner = await loadInScope(db, auth, p.userId ?? auth.user.id);
  const now = new Date();
  await db
    .insert(renewPrices)
    .values({ userId: owner.id, cardType: p.cardType, priceMinor: p.priceMinor, currency: p.currency })
    .onConflictDoUpdate({
      target: [renewPrices.userId, renewPrices.cardType],
      set: { priceMinor: p.priceMinor, currency: p.currency, updatedAt: now },
    });
  return listPrices(db, auth, owner.id);
}

/** Removes a price: the period can no longer be bought online from this account. */
export async function deletePrice(db: Db, auth: AuthContext, cardType: CardType, userId?: number) {
  const owner = await loadInScope(db, auth, userId ?? auth.user.id);
  await db
    .delete(renewPrices)
    .where(and(eq(renewPrices.userId, owner.id), eq(renewPrices.cardType, cardType)));
  return listPrices(db, auth, owner.id);
}
