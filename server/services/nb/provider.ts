import type { NbKind } from '../../../src/domain/factory';

/**
 * How NB-IoT platform subscriptions leave the platform (setting/subscribe: nbSubscribe,
 * ccsSubscribe {notifyType}). A real platform is one more class behind this interface, chosen
 * by NB_PROVIDER; the default is the local sandbox the demo and the tests use.
 */
export interface NbSubscriptionRequest {
  kind: NbKind;
  notifyType: string;
  callbackUrl: string;
}

export interface NbRemoteSubscription extends NbSubscriptionRequest {
  /** The platform's id of the subscription. */
  ref: string;
}

export interface NbProvider {
  /** Stored with each subscription ('sandbox', …). */
  readonly name: string;
  /** Subscribes; rejects with NbProviderError when the platform refuses. */
  subscribe(req: NbSubscriptionRequest): Promise<{ ref: string }>;
  /** Cancels; a subscription the platform no longer knows is not an error. */
  unsubscribe(kind: NbKind, ref: string): Promise<void>;
  /** What the platform holds now, for re-sync. */
  list(kind: NbKind): Promise<NbRemoteSubscription[]>;
}

/** The platform refused or could not be reached: `detail` is its words. */
export class NbProviderError extends Error {
  constructor(readonly detail: string) {
    super(detail);
  }
}
