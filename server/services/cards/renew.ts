import { and, eq } from 'drizzle-orm';
import { isAdmin } from '../../../config/roles';
import type { BatchPlan } from '../../../src/domain/batch-plan';
import { CARD_OPERATION } from '../../../src/domain/codes';
import { displayName } from '../../../src/domain/device-view';
import { MESSAGES, type MessageKey } from '../../../src/domain/messages';
import type { CardType } from '../../../src/domain/payment';
import { decideRenewal, planCardRenewals, type ExpiryState } from '../../../src/domain/renew-plan';
import type { EventBus } from '../../bus/types';
import type { Db } from '../../db/client';
import { cardBalances } from '../../db/schema/card-balances';
import { cardRecords } from '../../db/schema/card-records';
import type { DeviceRow } from '../../db/schema/devices';
import { AppError, badRequest } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { progressReporter } from '../../realtime/batch-progress';
import { batchIds, type BatchFailure, type BatchResult } from '../batch/run';
import { loadDeviceInScope, loadDevicesInScope } from '../device-scope';
import { clearCountCache } from '../devices/count-cache';
import { applyExtension, lockExpiry, type Tx } from './extend';
import { changeBalance } from './move';

export interface Renewal {
  terminalID: string;
  expireBefore: string | null;
  expireAfter: string;
}

/** Who pays a renewal's card: the caller, or nobody for the administrator (it issues cards). */
const payerOf = (auth: AuthContext) => (isAdmin(auth.user) ? null : auth.user.id);

/** Cards of one type an account holds; `tx` given: with the row locked until it commits. */
async function balanceOf(db: Db | Tx, userId: number, cardType: CardType, tx?: boolean) {
  const q = db
    .select({ n: cardBalances.count })
    .from(cardBalances)
    .where(and(eq(cardBalances.userId, userId), eq(cardBalances.cardType, cardType)));
  const [row] = await (tx ? q.for('update') : q);
  return row?.n ?? 0;
}

/**
 * Renews one device with one card of the caller (extendExpireTime), decided by decideRenewal
 * (src/domain/renew-plan.ts) on the locked device row and card count, as the preview decides:
 * the card is spent, the expiry moved on and the record written in one transaction, so a
 * refusal changes nothing.
 */
async function renewOne(db: Db, auth: AuthContext, device: DeviceRow, cardType: CardType, now: Date) {
  const payer = payerOf(auth);
  return db.transaction(async (tx) => {
    const state = await lockExpiry(tx, device.id);
    const balance = payer == null ? null : await balanceOf(tx, payer, cardType, true);
    const d = decideRenewal(state, cardType, balance, now);
    if (!d.ok) throw badRequest(d.key);
    // The count was read locked, so this cannot fail; the guard stays the last word.
    if (payer != null && !(await changeBalance(tx, payer, cardType, -1)))
      throw badRequest('cardInsufficient');
    await applyExtension(tx, device.id, d.ext, now);
    await tx.insert(cardRecords).values({
      operation: CARD_OPERATION.renewal,
      fromUserId: payer,
      operatorId: auth.user.id,
      count: 1,
      cardType,
      terminalIds: [device.terminalId],
      expireBefore: d.ext.before,
      expireAfter: d.ext.after,
    });
    return {
      terminalID: device.terminalId,
      expireBefore: d.ext.before?.toISOString() ?? null,
      expireAfter: d.ext.after.toISOString(),
    };
  });
}

export async function renewByCard(
  db: Db,
  auth: AuthContext,
  terminalID: string,
  cardType: CardType,
): Promise<Renewal> {
  const device = await loadDeviceInScope(db, auth, terminalID);
  const done = await renewOne(db, auth, device, cardType, new Date());
  clearCountCache();
  return done;
}

const failure = (terminalID: string, key: MessageKey): BatchFailure => ({
  terminalID,
  key,
  message: MESSAGES[key],
});

const stateOf = (d: DeviceRow): ExpiryState => ({
  expire: d.platformExpireAt,
  user: d.userExpireAt,
  expireType: d.expireType,
});

export interface CardBatchRequest {
  terminalIDs: readonly string[];
  cardType: CardType;
  batchId?: string;
}

/** The renewed devices as the preview and the result list them. */
export type RenewalItem = Renewal & { name: string };

/**
 * What renewBatchByCard would do now (issue 32): the same devices in the same order through the
 * same decision, with the caller's card count as it stands; nothing is written.
 */
export async function previewRenewBatch(
  db: Db,
  auth: AuthContext,
  req: CardBatchRequest,
): Promise<BatchPlan> {
  const ids = batchIds(req.terminalIDs);
  const found = await loadDevicesInScope(db, auth, ids);
  const payer = payerOf(auth);
  const balance = payer == null ? null : await balanceOf(db, payer, req.cardType);
  const states = new Map([...found].map(([t, d]) => [t, stateOf(d)]));
  const plan = planCardRenewals(ids, states, req.cardType, balance, new Date());
  return {
    total: ids.length,
    succeeded: plan.items.length,
    failed: plan.failed.map((f) => failure(f.terminalID, f.key)),
    items: plan.items.map(({ terminalID, ext }) => ({
      terminalID,
      name: nameOf(found.get(terminalID)!),
      expireBefore: ext.before?.toISOString() ?? null,
      expireAfter: ext.after.toISOString(),
    })),
    cards: {
      cardType: req.cardType,
      spent: plan.spent,
      balanceBefore: balance,
      balanceAfter: plan.balanceAfter,
    },
  };
}

const nameOf = (d: DeviceRow) =>
  displayName({ carNumber: d.carNumber, nickname: d.nickname, terminalID: d.terminalId });

/**
 * Renews many devices with one card type, each device on its own (its own transaction), with
 * progress over the caller's websocket. When the cards run out, the rest fail with the
 * spec's message and keep their expiry. The answer lists each renewal, from what to what.
 */
export async function renewBatchByCard(
  ctx: { db: Db; bus: EventBus; auth: AuthContext },
  req: CardBatchRequest,
): Promise<BatchResult & { items: RenewalItem[] }> {
  const ids = batchIds(req.terminalIDs);
  const { db, auth } = ctx;
  const progress = progressReporter(ctx.bus, auth.user.id, req.batchId, ids.length);
  const found = await loadDevicesInScope(db, auth, ids);
  const failed: BatchFailure[] = [];
  const items: RenewalItem[] = [];
  // One instant for the batch, as its preview has.
  const now = new Date();
  let done = 0;
  for (const t of ids) {
    const d = found.get(t);
    if (!d) failed.push(failure(t, 'notFound'));
    else {
      try {
        items.push({ ...(await renewOne(db, auth, d, req.cardType, now)), name: nameOf(d) });
      } catch (e) {
        failed.push(failure(t, e instanceof AppError ? e.key : 'renewFailed'));
      }
    }
    progress.update(++done, failed.length);
  }
  clearCountCache();
  await progress.finish(failed.length);
  return { total: ids.length, succeeded: ids.length - failed.length, failed, items };
}
