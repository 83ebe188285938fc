import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notifications, webhookEndpoints, type NotificationRow } from '../db/schema/notifications';
import { DEFAULT_BACKOFF_MS, retryDelay } from './backoff';
import type { NotifyProvider } from './provider';
import { PrivateAddressError } from './address-guard';
import { postWebhook } from './webhook';

export interface DispatcherOptions {
  /** How often due notices are looked for; wake() runs one sooner. */
  pollMs: number;
  backoffMs?: readonly number[];
  webhookTimeoutMs?: number;
  /** Webhooks may go to private addresses (default: refused). */
  webhookPrivate?: boolean;
  /** Notices claimed per round. */
  batch?: number;
}

/**
 * While a node sends a claimed notice, others leave it alone: the claim moves it this far into
 * the future. Longer than any send (the webhook timeout is 5 s); a node that dies mid-send
 * leaves its notices due again after it.
 */
const CLAIM_MS = 60_000;
const ERROR_MAX = 255;

/**
 * The notifier worker: claims due pending notices (FOR UPDATE SKIP LOCKED, so the nodes of a
 * cluster share the outbox without sending one twice), sends each through its channel, and
 * marks it sent, or due again after the backoff, or failed once the schedule is spent.
 */
export class NotifyDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly backoff: readonly number[];
  private readonly timeoutMs: number;
  private readonly batch: number;

  constructor(
    private readonly db: Db,
    readonly provider: NotifyProvider,
    private readonly opts: DispatcherOptions,
  ) {
    this.backoff = opts.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.timeoutMs = opts.webhookTimeoutMs ?? 5_000;
    this.batch = opts.batch ?? 20;
  }

  start(): void {
    if (this.timer || this.opts.pollMs <= 0) return;
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.opts.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Waits for the round in progress; no new one starts. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs a round now (or right after the one in progress). */
  wake(): void {
    if (this.stopped || !this.timer) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((e) => console.error('[notify] dispatch failed:', (e as Error).message))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Rounds until fewer than a batch were due. */
  private async drain() {
    while (!this.stopped && (await this.runOnce()) >= this.batch);
  }

  /** Claims and sends one batch of due notices; answers how many were claimed. */
  async runOnce(now = new Date()): Promise<number> {
    const due = this.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.status, 'pending'), lte(notifications.nextAttemptAt, now)))
      .orderBy(notifications.nextAttemptAt, notifications.id)
      .limit(this.batch)
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(notifications)
      .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
      .where(inArray(notifications.id, due))
      .returning();
    if (!claimed.length) return 0;
    const secrets = await this.secretsOf(claimed);
    await Promise.all(claimed.map((n) => this.deliver(n, secrets)));
    return claimed.length;
  }

  /** Each webhook notice's endpoint secret, by account and URL (URLs are unique per account). */
  private async secretsOf(rows: readonly NotificationRow[]) {
    const hooks = rows.filter((n) => n.channel === 'webhook' && n.userId != null);
    const secrets = new Map<string, string>();
    if (!hooks.length) return secrets;
    const found = await this.db
      .select({ userId: webhookEndpoints.userId, url: webhookEndpoints.url, secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.enabled, true),
          inArray(webhookEndpoints.userId, [...new Set(hooks.map((n) => n.userId!))]),
          inArray(webhookEndpoints.url, [...new Set(hooks.map((n) => n.target))]),
        ),
      );
    for (const e of found) secrets.set(`${e.userId} ${e.url}`, e.secret);
    return secrets;
  }

  private async deliver(n: NotificationRow, secrets: Map<string, string>) {
    try {
      await this.send(n, secrets);
    } catch (e) {
      if (e instanceof Gone || e instanceof PrivateAddressError)
        return this.finish(n, { status: 'failed', attempts: n.attempts + 1, lastError: e.message });
      const attempts = n.attempts + 1;
      const delay = retryDelay(attempts, this.backoff);
      const lastError = ((e as Error).message || 'failed').slice(0, ERROR_MAX);
      return delay == null
        ? this.finish(n, { status: 'failed', attempts, lastError })
        : this.finish(n, { attempts, lastError, nextAttemptAt: new Date(Date.now() + delay) });
    }
    const provider = n.channel === 'webhook' ? 'webhook' : this.provider.name;
    await this.finish(n, {
      status: 'sent',
      attempts: n.attempts + 1,
      sentAt: new Date(),
      lastError: null,
      provider,
    });
  }

  private async send(n: NotificationRow, secrets: Map<string, string>) {
    switch (n.channel) {
      case 'sms':
        return this.provider.sendSms(n.target, n.body);
      case 'phone':
        return this.provider.call(n.target, n.body);
      case 'webhook': {
        const secret = secrets.get(`${n.userId} ${n.target}`);
        // Deleted or disabled since the notice was queued: nobody wants it any more.
        if (!secret) throw new Gone('endpoint removed or disabled');
        // postWebhook checks the receiver's address and connects to the one it checked.
        return postWebhook(n.target, secret, n.body, n.id, this.timeoutMs, new Date(), {
          allowPrivate: !!this.opts.webhookPrivate,
        });
      }
      default:
        throw new Gone(`unknown channel ${n.channel}`);
    }
  }

  private async finish(n: NotificationRow, set: Partial<typeof notifications.$inferInsert>) {
    await this.db
      .update(notifications)
      .set(set)
      .where(and(eq(notifications.id, n.id), eq(notifications.status, 'pending')));
  }
}

/** A notice that cannot be sent at all: failed at once, not retried. */
class Gone extends Error {}
