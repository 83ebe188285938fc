import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF_MS } from '../../../server/notify/backoff';
import { loadNotifyConfig } from '../../../server/notify/config';
import { createProvider, SandboxProvider } from '../../../server/notify/provider';

describe('notifier settings', () => {
  it('defaults to the sandbox, a 2 s poll, the standard schedule, a 5 s webhook timeout, public receivers only', () => {
    expect(loadNotifyConfig({})).toEqual({
      provider: 'sandbox',
      pollMs: 2_000,
      backoffMs: DEFAULT_BACKOFF_MS,
      webhookTimeoutMs: 5_000,
      webhookPrivate: false,
    });
    expect(loadNotifyConfig({ NOTIFY_WEBHOOK_PRIVATE: 'allow' }).webhookPrivate).toBe(true);
  });

  it('reads the schedule and refuses an unknown provider', () => {
    expect(loadNotifyConfig({ NOTIFY_BACKOFF_MS: '10, 20' }).backoffMs).toEqual([10, 20]);
    expect(loadNotifyConfig({ NOTIFY_BACKOFF_MS: '10,x' }).backoffMs).toBe(DEFAULT_BACKOFF_MS);
    expect(loadNotifyConfig({ NOTIFY_POLL_MS: '0' }).pollMs).toBe(0);
    expect(() => loadNotifyConfig({ NOTIFY_PROVIDER: 'smsgateway' })).toThrow(/unknown provider/);
  });
});

describe('sandbox provider', () => {
  it('records what it delivers', async () => {
    const p = createProvider('sandbox') as SandboxProvider;
    await p.sendSms('123', 'hello');
    await p.call('123', 'hello');
    expect(p.name).toBe('sandbox');
    expect(p.delivered.map((d) => [d.kind, d.to, d.text])).toEqual([
      ['sms', '123', 'hello'],
      ['phone', '123', 'hello'],
    ]);
  });
});
