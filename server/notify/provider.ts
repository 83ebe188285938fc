/**
 * How SMS and phone calls leave the platform. A real SMS/voice provider is one more class
 * behind this interface (chosen by NOTIFY_PROVIDER); none can be reached from here, so the
 * default is the sandbox, which delivers by recording.
 */
export interface NotifyProvider {
  /** Stored with each notice it delivered ('sandbox', 'twilio', …). */
  readonly name: string;
  /** Sends a text message; rejects when the provider refused it (the notice is retried). */
  sendSms(to: string, text: string): Promise<void>;
  /** Places a call that reads `text` out; rejects like sendSms. */
  call(to: string, text: string): Promise<void>;
}

export interface SandboxDelivery {
  kind: 'sms' | 'phone';
  to: string;
  text: string;
  at: Date;
}

/** Keeps the latest deliveries only: a demo runs for weeks. */
const SANDBOX_KEEP = 1000;

/** The local provider: nothing leaves the machine, every "delivery" is kept for inspection. */
export class SandboxProvider implements NotifyProvider {
  readonly name = 'sandbox';
  readonly delivered: SandboxDelivery[] = [];

  sendSms(to: string, text: string): Promise<void> {
    this.record('sms', to, text);
    return Promise.resolve();
  }

  call(to: string, text: string): Promise<void> {
    this.record('phone', to, text);
    return Promise.resolve();
  }

  private record(kind: SandboxDelivery['kind'], to: string, text: string) {
    this.delivered.push({ kind, to, text, at: new Date() });
    if (this.delivered.length > SANDBOX_KEEP) this.delivered.splice(0, this.delivered.length - SANDBOX_KEEP);
  }
}

export const PROVIDERS = ['sandbox'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export function createProvider(name: ProviderName): NotifyProvider {
  switch (name) {
    case 'sandbox':
      return new SandboxProvider();
  }
}
