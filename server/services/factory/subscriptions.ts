import { asc, eq } from 'drizzle-orm';
import { NB_CALLBACK_PATH, NB_KINDS, type NbKind } from '../../../src/domain/factory';
import { MESSAGES } from '../../../src/domain/messages';
import type { Db } from '../../db/client';
import { interpolate } from '../../lib/localize';
import { nbSubscriptions, type NbSubscriptionRow } from '../../db/schema/factory-settings';
import { AppError, notFound } from '../../lib/errors';
import { nbProviderNamed } from '../nb';
import { NbProviderError, type NbProvider } from '../nb/provider';

/**
 * NB-IoT and CCS platform subscriptions (setting/subscribe): which notices the platform pushes
 * to our callback. The table is our record; the provider is the truth on the platform's side,
 * and re-sync makes it match the record again.
 */

export interface SubscriptionDeps {
  db: Db;
  providerName: string;
  publicUrl: string | null;
  userId: number;
}

function provider(name: string): NbProvider {
  const p = nbProviderNamed(name);
  if (!p) throw new AppError(503, 'nbProviderUnavailable');
  return p;
}

/** The platform's refusal as the request's error, its words kept as `detail`. */
async function onPlatform<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof NbProviderError)
      // The request was refused (400), not our server failing: the platform's words go along.
      throw new AppError(
        400,
        'nbSubscribeFailed',
        interpolate(MESSAGES.nbSubscribeFailed, { detail: e.detail }),
        400,
        null,
        {
          detail: e.detail,
        },
      );
    throw e;
  }
}

/** Our public address plus the notify path (a request's own origin when publicUrl is not set). */
export const defaultCallback = (publicUrl: string | null, origin: string, kind: NbKind) =>
  `${publicUrl ?? origin}${NB_CALLBACK_PATH}/${kind}`;

export async function listSubscriptions(db: Db, kind?: NbKind) {
  const list = await db
    .select()
    .from(nbSubscriptions)
    .where(kind ? eq(nbSubscriptions.kind, kind) : undefined)
    .orderBy(asc(nbSubscriptions.kind), asc(nbSubscriptions.notifyType));
  return { list, total: list.length };
}

/**
 * nbSubscribe / ccsSubscribe {notifyType}: subscribes on the platform, then records it (one row
 * per kind and notify type: subscribing again replaces the callback and the platform's id).
 */
export async function subscribe(
  d: SubscriptionDeps,
  req: { kind: NbKind; notifyType: string; callbackUrl: string },
): Promise<NbSubscriptionRow> {
  const p = provider(d.providerName);
  const { ref } = await onPlatform(() => p.subscribe(req));
  const values = {
    ...req,
    provider: p.name,
    providerRef: ref,
    status: 'active' as const,
    lastError: null,
    createdBy: d.userId,
    updatedAt: new Date(),
  };
  const [row] = await d.db
    .insert(nbSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: [nbSubscriptions.kind, nbSubscriptions.notifyType], set: values })
    .returning();
  return row!;
}

/** Cancels on the platform, then keeps the row as cancelled (the record of what was set). */
export async function unsubscribe(d: SubscriptionDeps, id: number): Promise<NbSubscriptionRow> {
  const [row] = await d.db.select().from(nbSubscriptions).where(eq(nbSubscriptions.id, id));
  if (!row) throw notFound();
  if (row.providerRef && row.status !== 'cancelled') {
    const p = provider(d.providerName);
    await onPlatform(() => p.unsubscribe(row.kind as NbKind, row.providerRef!));
  }
  const [out] = await d.db
    .update(nbSubscriptions)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(eq(nbSubscriptions.id, id))
    .returning();
  return out!;
}

/**
 * Re-sync: every active row the platform no longer holds (or holds with another callback) is
 * subscribed again; a failure marks that row failed with the platform's words. Answers counts.
 */
export async function resync(d: SubscriptionDeps) {
  const p = provider(d.providerName);
  let kept = 0;
  let renewed = 0;
  let failed = 0;
  for (const kind of NB_KINDS) {
    const remote = await onPlatform(() => p.list(kind));
    const rows = await d.db.select().from(nbSubscriptions).where(eq(nbSubscriptions.kind, kind));
    for (const row of rows) {
      if (row.status === 'cancelled') continue;
      const there = remote.find((r) => r.ref === row.providerRef && r.callbackUrl === row.callbackUrl);
      if (there && row.status === 'active') {
        kept++;
        continue;
      }
      try {
        const { ref } = await p.subscribe({ kind, notifyType: row.notifyType, callbackUrl: row.callbackUrl });
        await d.db
          .update(nbSubscriptions)
          .set({
            providerRef: ref,
            provider: p.name,
            status: 'active',
            lastError: null,
            updatedAt: new Date(),
          })
          .where(eq(nbSubscriptions.id, row.id));
        renewed++;
      } catch (e) {
        if (!(e instanceof NbProviderError)) throw e;
        await d.db
          .update(nbSubscriptions)
          .set({ status: 'failed', lastError: e.detail.slice(0, 500), updatedAt: new Date() })
          .where(eq(nbSubscriptions.id, row.id));
        failed++;
      }
    }
  }
  return { kept, renewed, failed };
}
