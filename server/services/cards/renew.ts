import { isAdmin } from '../../../config/roles';
import { CARD_OPERATION } from '../../../src/domain/codes';
import { MESSAGES, type MessageKey } from '../../../src/domain/messages';
import type { CardType } from '../../../src/domain/payment';
import type { EventBus } from '../../bus/types';
import type { Db } from '../../db/client';
import { cardRecords } from '../../db/schema/card-records';
import { AppError, badRequest } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { progressReporter } from '../../realtime/batch-progress';
import { batchIds, type BatchFailure, type BatchResult } from '../batch/run';
import { loadDeviceInScope, loadDevicesInScope } from '../device-scope';
import { clearCountCache } from '../devices/count-cache';
import { extendExpiry } from './extend';
import { changeBalance } from './move';

export interface Renewal {
  terminalID: string;
  expireBefore: string | null;
  expireAfter: string;
}

/**
 * Renews one device with one card of the caller (extendExpireTime): the card is spent, the
 * expiry moved on and the record written in one transaction, so with too few cards nothing
 * changes. The administrator's renewals spend no card (it issues them).
 */
async function renewOne(db: Db, auth: AuthContext, deviceId: number, terminalID: string, cardType: CardType) {
  const now = new Date();
  const payer = isAdmin(auth.user) ? null : auth.user.id;
  return db.transaction(async (tx) => {
    if (payer != null && !(await changeBalance(tx, payer, cardType, -1)))
      throw badRequest('cardInsufficient');
    const ext = await extendExpiry(tx, deviceId, cardType, now);
    if (!ext) throw badRequest('alreadyLifetime');
    await tx.insert(cardRecords).values({
      operation: CARD_OPERATION.renewal,
      fromUserId: payer,
      operatorId: auth.user.id,
      count: 1,
      cardType,
      terminalIds: [terminalID],
      expireBefore: ext.before,
      expireAfter: ext.after,
    });
    return {
      terminalID,
      expireBefore: ext.before?.toISOString() ?? null,
      expireAfter: ext.after.toISOString(),
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
  const done = await renewOne(db, auth, device.id, device.terminalId, cardType);
  clearCountCache();
  return done;
}

/**
 * Renews many devices with one card type, each device on its own (its own transaction), with
 * progress over the caller's websocket. When the cards run out, the rest fail with the
 * spec's message and keep their expiry.
 */
export async function renewBatchByCard(
  ctx: { db: Db; bus: EventBus; auth: AuthContext },
  req: { terminalIDs: readonly string[]; cardType: CardType; batchId?: string },
): Promise<BatchResult> {
  const ids = batchIds(req.terminalIDs);
  const { db, auth } = ctx;
  const progress = progressReporter(ctx.bus, auth.user.id, req.batchId, ids.length);
  const found = await loadDevicesInScope(db, auth, ids);
  const failed: BatchFailure[] = [];
  const fail = (terminalID: string, key: MessageKey) =>
    failed.push({ terminalID, key, message: MESSAGES[key] });
  let done = 0;
  for (const t of ids) {
    const d = found.get(t);
    if (!d) fail(t, 'notFound');
    else {
      try {
        await renewOne(db, auth, d.id, d.terminalId, req.cardType);
      } catch (e) {
        fail(t, e instanceof AppError ? e.key : 'renewFailed');
      }
    }
    progress.update(++done, failed.length);
  }
  clearCountCache();
  await progress.finish(failed.length);
  return { total: ids.length, succeeded: ids.length - failed.length, failed };
}
