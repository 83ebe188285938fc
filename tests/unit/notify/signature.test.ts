import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newSecret, signBody, verifySignature } from '../../../server/notify/signature';

describe('webhook signature', () => {
  const body = '{"event":"alarm","id":7}';

  it('is the hex HMAC-SHA256 of "<timestamp>.<body>" keyed with the secret', () => {
    const expected = createHmac('sha256', 'secret-1').update(`1700000000.${body}`).digest('hex');
    expect(signBody('secret-1', '1700000000', body)).toBe(`sha256=${expected}`);
  });

  it('changes with the secret, the timestamp and the body', () => {
    const base = signBody('s', '1', body);
    expect(signBody('t', '1', body)).not.toBe(base);
    expect(signBody('s', '2', body)).not.toBe(base);
    expect(signBody('s', '1', `${body} `)).not.toBe(base);
  });

  it('verifies its own signature and refuses others', () => {
    const sig = signBody('key', '42', body);
    expect(verifySignature('key', '42', body, sig)).toBe(true);
    expect(verifySignature('key', '43', body, sig)).toBe(false);
    expect(verifySignature('other', '42', body, sig)).toBe(false);
    expect(verifySignature('key', '42', body, sig.slice(0, -1))).toBe(false);
    expect(verifySignature('key', '42', body, '')).toBe(false);
  });

  it('makes distinct 64-hex-character secrets', () => {
    const a = newSecret();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newSecret()).not.toBe(a);
  });
});
