import { describe, expect, it } from 'vitest';
import {
  isValidImei,
  parseLines,
  validateEmail,
  validatePasswordPair,
  validatePlate,
  validateSim,
  validateTelephone,
  validateUsername,
} from '../../src/domain/validators';

describe('spec section 5 validators', () => {
  it('user names', () => {
    expect(validateUsername('agent_01')).toBeNull();
    expect(validateUsername('a@b.cn')).toBeNull();
    expect(validateUsername('ab')).toBe('usernameInvalid');
    expect(validateUsername('with space')).toBe('usernameInvalid');
  });
  it('new and repeated passwords: both required, must match', () => {
    expect(validatePasswordPair('', 'x')).toBe('passwordRequired');
    expect(validatePasswordPair('secret1', 'secret2')).toBe('passwordMismatch');
    expect(validatePasswordPair('abc', 'abc')).toBe('passwordTooShort');
    expect(validatePasswordPair('secret1', 'secret1')).toBeNull();
  });
  it('SIM numbers have 11 or 13 letters or digits', () => {
    expect(validateSim('13800138000')).toBeNull();
    expect(validateSim('1064812345678')).toBeNull();
    expect(validateSim('123456789012')).toBe('simInvalid');
    expect(validateSim('')).toBeNull();
  });
  it('telephones: mobile, 400/800 and landlines', () => {
    for (const ok of ['13912345678', '400-123-4567', '8001234567', '010-12345678', '0755-1234567']) {
      expect(validateTelephone(ok), ok).toBeNull();
    }
    for (const bad of ['12345', '23912345678', 'phone'])
      expect(validateTelephone(bad), bad).toBe('telephoneInvalid');
  });
  it('Chinese plates', () => {
    for (const ok of ['京A12345', '粤B8C9D2', '沪AD12345', '苏E1234学'])
      expect(validatePlate(ok), ok).toBeNull();
    for (const bad of ['A12345', '京112345', '京A1234', 'XX'])
      expect(validatePlate(bad), bad).toBe('plateInvalid');
  });
  it('emails', () => {
    expect(validateEmail('a@b.cn')).toBeNull();
    expect(validateEmail('a@b')).toBe('emailInvalid');
  });
  it('IMEI lines are trimmed and blank lines ignored', () => {
    expect(parseLines(' 123456 \n\n\r\n 7890123\n')).toEqual(['123456', '7890123']);
  });
  it('IMEI lengths: 6 to 15, or exactly 11 digits for 808', () => {
    expect(isValidImei('12345', false)).toBe(false);
    expect(isValidImei('123456', false)).toBe(true);
    expect(isValidImei('864717003283581', false)).toBe(true);
    expect(isValidImei('8647170032835810', false)).toBe(false);
    expect(isValidImei('13511221122', true)).toBe(true);
    expect(isValidImei('135112211223', true)).toBe(false);
    expect(isValidImei('1351122112a', true)).toBe(false);
  });
});
