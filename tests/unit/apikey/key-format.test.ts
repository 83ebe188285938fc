import { describe, expect, it } from 'vitest';
import { formatEvents, isApiKeyToken, parseEvents } from '../../../src/domain/api-keys';
import {
  hashApiKey,
  newApiKey,
  visiblePrefix,
  wellFormedKey,
} from '../../../server/services/apikey/key-format';
import { keyStatus } from '../../../server/services/apikey/keys';

describe('API key format', () => {
  it('is fgk_ and 32 random bytes in base64url, hashed with sha256, with a 12-character visible start', () => {
    const k = newApiKey();
    expect(k.secret).toMatch(/^fgk_[A-Za-z0-9_-]{43}$/);
    expect(k.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(k.hash).toBe(hashApiKey(k.secret));
    expect(k.prefix).toBe(k.secret.slice(0, 12));
    expect(visiblePrefix(k.secret)).toBe(k.prefix);
    expect(wellFormedKey(k.secret)).toBe(true);
    expect(isApiKeyToken(k.secret)).toBe(true);
  });

  it('uses the random source it is given, all of it', () => {
    const zeros = newApiKey((n) => Buffer.alloc(n));
    expect(zeros.secret).toBe(`fgk_${'A'.repeat(43)}`);
    const ones = newApiKey((n) => Buffer.alloc(n, 0xff));
    expect(ones.secret).toBe(`fgk_${'_'.repeat(42)}8`);
    expect(ones.hash).not.toBe(zeros.hash);
  });

  it('never repeats and tells keys from session tokens and junk', () => {
    const secrets = new Set(Array.from({ length: 200 }, () => newApiKey().secret));
    expect(secrets.size).toBe(200);
    expect(isApiKeyToken('Xk3b9zQ_session_token')).toBe(false);
    expect(wellFormedKey('fgk_short')).toBe(false);
    expect(wellFormedKey(`fgk_${'a'.repeat(42)}!`)).toBe(false);
  });

  it('a key is revoked, then expired, else active', () => {
    const now = Date.parse('2026-11-26T00:00:00Z');
    const past = new Date(now - 1000);
    const future = new Date(now + 1000);
    expect(keyStatus({ revokedAt: null, expiresAt: null }, now)).toBe('active');
    expect(keyStatus({ revokedAt: null, expiresAt: future }, now)).toBe('active');
    expect(keyStatus({ revokedAt: null, expiresAt: past }, now)).toBe('expired');
    expect(keyStatus({ revokedAt: past, expiresAt: past }, now)).toBe('revoked');
  });
});

describe('webhook events', () => {
  it('are read from the column text without unknown names and written in a fixed order', () => {
    expect(parseEvents('alarm')).toEqual(['alarm']);
    expect(parseEvents(' position , alarm,bogus')).toEqual(['alarm', 'position']);
    expect(parseEvents('')).toEqual([]);
    expect(parseEvents(null)).toEqual([]);
    expect(formatEvents(['position', 'alarm', 'position'])).toBe('alarm,position');
    expect(formatEvents(['x'])).toBe('');
  });
});
