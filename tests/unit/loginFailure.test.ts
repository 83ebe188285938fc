import { describe, expect, it } from 'vitest';
import { loginFailureKey } from '../../src/domain/loginFailure';
import { MESSAGES } from '../../src/domain/messages';

describe('login failure messages', () => {
  it('explains each login code of spec section 8', () => {
    expect(loginFailureKey(200, { code: 209 })).toBe('wrongCredentials');
    expect(loginFailureKey(200, { code: 208 })).toBe('userExpired');
    expect(loginFailureKey(200, { code: 201 })).toBe('usernameError');
    expect(loginFailureKey(200, { code: 202 })).toBe('wrongPassword');
    expect(MESSAGES[loginFailureKey(200, { code: 209 })]).toBe('Wrong user name or password');
    expect(MESSAGES[loginFailureKey(200, { code: 208 })]).toBe('This account has expired');
  });
  it('reports HTTP 429 as too many attempts', () => {
    expect(loginFailureKey(429, { code: 429, key: 'tooManyAttempts' })).toBe('tooManyAttempts');
    expect(loginFailureKey(429, undefined)).toBe('tooManyAttempts');
  });
  it('uses a known meta.key, else the network text', () => {
    expect(loginFailureKey(400, { code: 400, key: 'required' })).toBe('required');
    expect(loginFailureKey(400, { code: 400, key: 'somethingElse' })).toBe('network');
    expect(loginFailureKey(0, undefined)).toBe('network');
  });
});
