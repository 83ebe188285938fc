import { DEFAULT_BACKOFF_MS } from './backoff';
import { PROVIDERS, type ProviderName } from './provider';

/** Alarm notifier settings (part of ServerConfig; every variable is listed in the README). */
export interface NotifyConfig {
  /** NOTIFY_PROVIDER: who sends SMS and calls. */
  provider: ProviderName;
  /** NOTIFY_POLL_MS: how often due notices are looked for (new alarms wake the worker sooner); 0: no worker on this node. */
  pollMs: number;
  /** NOTIFY_BACKOFF_MS: pauses before each retry, comma-separated; after the last, the notice has failed. */
  backoffMs: readonly number[];
  /** NOTIFY_WEBHOOK_TIMEOUT_MS: how long a webhook receiver may take to answer. */
  webhookTimeoutMs: number;
  /** NOTIFY_WEBHOOK_PRIVATE=allow: webhooks may go to private and loopback addresses (address-guard.ts). */
  webhookPrivate: boolean;
}

const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);

function schedule(v: string | undefined): readonly number[] {
  if (!v) return DEFAULT_BACKOFF_MS;
  const parts = v.split(',').map((p) => p.trim());
  return parts.every((p) => /^\d+$/.test(p)) ? parts.map(Number) : DEFAULT_BACKOFF_MS;
}

export function loadNotifyConfig(env: NodeJS.ProcessEnv = process.env): NotifyConfig {
  const provider = env.NOTIFY_PROVIDER ?? 'sandbox';
  // A typo must not silently drop every SMS: refuse to start instead.
  if (!(PROVIDERS as readonly string[]).includes(provider))
    throw new Error(`NOTIFY_PROVIDER: unknown provider "${provider}" (known: ${PROVIDERS.join(', ')})`);
  return {
    provider: provider as ProviderName,
    pollMs: int(env.NOTIFY_POLL_MS, 2_000),
    backoffMs: schedule(env.NOTIFY_BACKOFF_MS),
    webhookTimeoutMs: int(env.NOTIFY_WEBHOOK_TIMEOUT_MS, 5_000),
    webhookPrivate: env.NOTIFY_WEBHOOK_PRIVATE === 'allow',
  };
}
