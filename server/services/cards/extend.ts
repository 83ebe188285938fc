import { eq, sql } from 'drizzle-orm';
import { DEVICE_STATE } from '../../../src/domain/codes';
import type { CardType } from '../../../src/domain/payment';
import { extensionOf, type ExpiryState, type Extension } from '../../../src/domain/renew-plan';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type { Extension };

/**
 * A device's expiries, read with the row locked inside the caller's transaction, so two
 * renewals of the same device add up instead of both starting from the same old expiry.
 */
export async function lockExpiry(tx: Tx, deviceId: number): Promise<ExpiryState | undefined> {
  const [row] = await tx
    .select({ expire: devices.platformExpireAt, user: devices.userExpireAt, expireType: devices.expireType })
    .from(devices)
    .where(eq(devices.id, deviceId))
    .for('update');
  return row;
}

/** Writes an extension (extensionOf) to the device row. */
export async function applyExtension(tx: Tx, deviceId: number, ext: Extension, now: Date) {
  await tx
    .update(devices)
    .set({
      platformExpireAt: ext.after,
      ...(ext.userAfter ? { userExpireAt: ext.userAfter } : {}),
      // A device stored as expired is simply offline again until it next reports.
      state: sql`CASE WHEN ${devices.state} = ${DEVICE_STATE.expired} THEN ${DEVICE_STATE.offline} ELSE ${devices.state} END`,
      updatedAt: now,
    })
    .where(eq(devices.id, deviceId));
}

/**
 * Moves one device's expiry on by a card's validity (src/domain/renew-plan.ts, extensionOf),
 * inside the caller's transaction. null: the device is unknown or already lifetime.
 */
export async function extendExpiry(
  tx: Tx,
  deviceId: number,
  cardType: CardType,
  now: Date,
): Promise<Extension | null> {
  const state = await lockExpiry(tx, deviceId);
  const ext = state ? extensionOf(state, cardType, now) : null;
  if (ext) await applyExtension(tx, deviceId, ext, now);
  return ext;
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
