import { eq, sql } from 'drizzle-orm';
import { DEVICE_STATE } from '../../../src/domain/codes';
import { EXPIRE_TYPE } from '../../../src/domain/device-rules';
import { renewedExpiry, type CardType } from '../../../src/domain/payment';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Extension {
  before: Date | null;
  after: Date;
  /** Set when the user expiry decides (expire type 1) and was moved too. */
  userBefore?: Date | null;
  userAfter?: Date | null;
}

/**
 * Moves one device's platform expiry on by a card's validity, inside the caller's transaction.
 * The row is locked first, so two renewals of the same device add up instead of both starting
 * from the same old expiry. When the device's user expiry is the one that decides (docs/expiry.md),
 * it moves by the same card, never past the platform expiry. null: the device is already lifetime.
 */
export async function extendExpiry(
  tx: Tx,
  deviceId: number,
  cardType: CardType,
  now: Date,
): Promise<Extension | null> {
  const [row] = await tx
    .select({ expire: devices.platformExpireAt, user: devices.userExpireAt, type: devices.expireType })
    .from(devices)
    .where(eq(devices.id, deviceId))
    .for('update');
  if (!row) return null;
  const after = renewedExpiry(row.expire, cardType, now);
  if (!after) return null;
  const userDecides = row.type === EXPIRE_TYPE.user && row.user != null;
  const userNext = userDecides ? renewedExpiry(row.user, cardType, now) : null;
  const userAfter = userNext && userNext.getTime() > after.getTime() ? after : userNext;
  await tx
    .update(devices)
    .set({
      platformExpireAt: after,
      ...(userAfter ? { userExpireAt: userAfter } : {}),
      // A device stored as expired is simply offline again until it next reports.
      state: sql`CASE WHEN ${devices.state} = ${DEVICE_STATE.expired} THEN ${DEVICE_STATE.offline} ELSE ${devices.state} END`,
      updatedAt: now,
    })
    .where(eq(devices.id, deviceId));
  return { before: row.expire, after, ...(userAfter ? { userBefore: row.user, userAfter } : {}) };
}

/** `column - ms`, for taking back what a renewal added. */
const minus = (column: typeof devices.platformExpireAt | typeof devices.userExpireAt, addedMs: number) =>
  sql`${column} - make_interval(secs => ${addedMs / 1000})`;

/**
 * Takes back what a renewal added (a refund): each expiry moves back by the interval from its
 * old value (or from the renewal, for one that had none) to the new one. With nothing renewed
 * since, that is exactly the old expiry; a renewal made since is kept on top of it.
 */
export async function shortenExpiry(tx: Tx, deviceId: number, ext: Extension, renewedAt: Date) {
  const added = ext.after.getTime() - (ext.before ?? renewedAt).getTime();
  const userAdded = ext.userAfter ? ext.userAfter.getTime() - (ext.userBefore ?? renewedAt).getTime() : 0;
  if (added <= 0 && userAdded <= 0) return;
  await tx
    .update(devices)
    .set({
      ...(added > 0 ? { platformExpireAt: minus(devices.platformExpireAt, added) } : {}),
      ...(userAdded > 0 ? { userExpireAt: minus(devices.userExpireAt, userAdded) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(devices.id, deviceId));
}
