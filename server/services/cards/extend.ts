import { eq, sql } from 'drizzle-orm';
import { DEVICE_STATE } from '../../../src/domain/codes';
import { renewedExpiry, type CardType } from '../../../src/domain/payment';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Extension {
  before: Date | null;
  after: Date;
}

/**
 * Moves one device's platform expiry on by a card's validity, inside the caller's transaction.
 * The row is locked first, so two renewals of the same device add up instead of both starting
 * from the same old expiry. null: the device is already lifetime.
 */
export async function extendExpiry(
  tx: Tx,
  deviceId: number,
  cardType: CardType,
  now: Date,
): Promise<Extension | null> {
  const [row] = await tx
    .select({ expire: devices.platformExpireAt })
    .from(devices)
    .where(eq(devices.id, deviceId))
    .for('update');
  if (!row) return null;
  const after = renewedExpiry(row.expire, cardType, now);
  if (!after) return null;
  await tx
    .update(devices)
    .set({
      platformExpireAt: after,
      // A device stored as expired is simply offline again until it next reports.
      state: sql`CASE WHEN ${devices.state} = ${DEVICE_STATE.expired} THEN ${DEVICE_STATE.offline} ELSE ${devices.state} END`,
      updatedAt: now,
    })
    .where(eq(devices.id, deviceId));
  return { before: row.expire, after };
}

/**
 * Takes back what a renewal added (a refund): the expiry moves back by the interval from the
 * old expiry (or from the renewal, for a device that had none) to the new one. With nothing
 * renewed since, that is exactly the old expiry; a renewal made since is kept on top of it.
 */
export async function shortenExpiry(tx: Tx, deviceId: number, ext: Extension, renewedAt: Date) {
  const addedMs = ext.after.getTime() - (ext.before ?? renewedAt).getTime();
  if (addedMs <= 0) return;
  await tx
    .update(devices)
    .set({
      platformExpireAt: sql`${devices.platformExpireAt} - make_interval(secs => ${addedMs / 1000})`,
      updatedAt: new Date(),
    })
    .where(eq(devices.id, deviceId));
}
