import { randomUUID } from 'node:crypto';
import type { NbKind } from '../../../src/domain/factory';
import {
  NbProviderError,
  type NbProvider,
  type NbRemoteSubscription,
  type NbSubscriptionRequest,
} from './provider';

/**
 * The local NB-IoT platform: subscriptions kept in this process, as the real platform keeps
 * them on its side (one per kind and notify type; subscribing again replaces the callback).
 * A restart forgets them, which is what re-sync repairs. `refuse` makes the next call fail
 * (tests of the failure path).
 */
export class SandboxNbProvider implements NbProvider {
  readonly name = 'sandbox';
  private readonly subs = new Map<string, NbRemoteSubscription>();
  refuse: string | null = null;

  subscribe(req: NbSubscriptionRequest) {
    this.check();
    if (!/^https?:\/\//.test(req.callbackUrl)) throw new NbProviderError('callbackUrl must be http(s)');
    for (const [ref, s] of this.subs)
      if (s.kind === req.kind && s.notifyType === req.notifyType) this.subs.delete(ref);
    const ref = randomUUID();
    this.subs.set(ref, { ...req, ref });
    return Promise.resolve({ ref });
  }

  unsubscribe(_kind: NbKind, ref: string) {
    this.check();
    this.subs.delete(ref);
    return Promise.resolve();
  }

  list(kind: NbKind) {
    this.check();
    return Promise.resolve([...this.subs.values()].filter((s) => s.kind === kind));
  }

  /** Forgets every subscription (a restarted platform); for tests of re-sync. */
  forget() {
    this.subs.clear();
  }

  private check() {
    const r = this.refuse;
    if (r) {
      this.refuse = null;
      throw new NbProviderError(r);
    }
  }
}
