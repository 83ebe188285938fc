import { describe, expect, it } from 'vitest';
import {
  acceptsAuth,
  decideRegister,
  JT808_AUTH_CODE_LENGTH,
  JT808_REGISTER_RESULT as R,
  newAuthCode,
  terminalKeyOf,
} from '../../../server/gateway/jt808/auth';

const stored = { authCode: 'Q1w2E3r4T5y6', terminalKey: 'FLEET/SIM-808/1122334' };

describe('JT/T 808 registration rules', () => {
  it('issues a code to a known terminal registering for the first time', () => {
    expect(decideRegister(true, null, stored.terminalKey, () => 'fresh')).toEqual({
      result: R.ok,
      authCode: 'fresh',
      issue: true,
    });
  });

  it('gives the same terminal its code again, and refuses another one claiming the number', () => {
    expect(decideRegister(true, stored, stored.terminalKey)).toEqual({
      result: R.ok,
      authCode: stored.authCode,
      issue: false,
    });
    expect(decideRegister(true, stored, 'OTHER/X/9')).toEqual({ result: R.terminalRegistered });
  });

  it('answers an unknown terminal with result 4', () => {
    expect(decideRegister(false, null, 'k')).toEqual({ result: R.terminalUnknown });
    expect(decideRegister(false, stored, stored.terminalKey)).toEqual({ result: R.terminalUnknown });
  });

  it('makes codes of 12 alphanumeric characters that differ', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newAuthCode()));
    expect(codes.size).toBe(200);
    for (const c of codes) expect(c).toMatch(new RegExp(`^[0-9A-Za-z]{${JT808_AUTH_CODE_LENGTH}}$`));
  });

  it('builds the terminal key from the register fields, bounded to the column', () => {
    expect(terminalKeyOf({ manufacturer: 'FLEET', model: 'SIM-808', terminalId: '1122334' })).toBe(
      stored.terminalKey,
    );
    expect(terminalKeyOf({ model: 'x'.repeat(200) })).toHaveLength(96);
  });
});

describe('JT/T 808 authentication rules', () => {
  it('accepts only the stored code of a known terminal', () => {
    expect(acceptsAuth(true, stored, stored.authCode, false)).toBe(true);
    expect(acceptsAuth(true, stored, 'Q1w2E3r4T5y7', false)).toBe(false);
    expect(acceptsAuth(true, stored, '', false)).toBe(false);
    expect(acceptsAuth(true, null, '', false)).toBe(false);
    expect(acceptsAuth(true, null, 'anything', false)).toBe(false);
  });

  it('with the migration setting accepts any code, but never an unknown terminal', () => {
    expect(acceptsAuth(true, null, 'code-of-the-old-platform', true)).toBe(true);
    expect(acceptsAuth(true, stored, 'other', true)).toBe(true);
    expect(acceptsAuth(false, null, 'x', true)).toBe(false);
    expect(acceptsAuth(false, stored, stored.authCode, false)).toBe(false);
  });
});
