import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  validateExpireType,
  validateExpiryPair,
  validateExpiryRequest,
  validateHost,
  validateIccid,
  validateIconType,
  validatePlate,
  validateSim,
  validateTelephone,
  validateTimezone,
} from '../../../src/domain/validators';
import { isPlate, normalizePlate } from '../../../src/domain/plate';
import { MESSAGES } from '../../../src/domain/messages';

describe('device validators (issue 5, spec section 5)', () => {
  it('ICCID against a given length: exactly that many letters or digits', () => {
    expect(validateIccid('89860012345678901234', 20)).toBeNull();
    expect(validateIccid('8986001234567890123', 20)).toBe('iccidInvalid');
    expect(validateIccid('898600123456789012345', 20)).toBe('iccidInvalid');
    expect(validateIccid('8986001234567890123X', 20)).toBeNull();
    expect(validateIccid('8986-01234567890123', 19)).toBe('iccidInvalid');
    expect(validateIccid('', 20)).toBe('iccidInvalid');
  });
  it('ICCID without a length: empty clears, else 19 or 20 characters', () => {
    expect(validateIccid('')).toBeNull();
    expect(validateIccid('8986001234567890123')).toBeNull();
    expect(validateIccid('89860012345678901234')).toBeNull();
    expect(validateIccid('898600123456789012')).toBe('iccidInvalid');
  });
  it('ICCID with any length: valid exactly when the length matches', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-F]{1,24}$/), fc.integer({ min: 10, max: 24 }), (s, n) => {
        expect(validateIccid(s, n) === null).toBe(s.length === n);
      }),
    );
  });
  it('SIM: 11 or 13 letters or digits, with the spec message', () => {
    expect(validateSim('1440123456789')).toBeNull();
    expect(validateSim('A1234567890')).toBeNull();
    expect(validateSim('1380013800')).toBe('simInvalid');
    expect(validateSim('138001380001')).toBe('simInvalid');
    expect(validateSim('1380013800!')).toBe('simInvalid');
    expect(MESSAGES.simInvalid).toBe('Please enter the correct SIM card number.');
  });
  it('telephone: mobile, 400/800 and landline, with the spec message', () => {
    for (const ok of ['15012345678', '400-800-1234', '800-123-4567', '021-87654321', '0755-1234567-123'])
      expect(validateTelephone(ok), ok).toBeNull();
    for (const bad of ['1501234567', '10012345678', '300-123-4567', '021-123'])
      expect(validateTelephone(bad), bad).toBe('telephoneInvalid');
    expect(MESSAGES.telephoneInvalid).toBe('Please enter the correct telephone number.');
  });
  it('Chinese plates: province, letter, four letters or digits, special final', () => {
    for (const ok of [
      '京A12345',
      '粤BD12345',
      '沪A1234挂',
      '川A1234学',
      '粤Z1234港',
      '粤Z1234澳',
      '京A1234警',
      ' 京a12345 ',
    ])
      expect(validatePlate(ok), ok).toBeNull();
    for (const bad of ['A12345', '京12345', '京A1234', '京A123456X', '京AI2345', '美A12345', '京A1234挂挂'])
      expect(validatePlate(bad), bad).toBe('plateInvalid');
    expect(validatePlate('')).toBeNull();
    expect(normalizePlate(' 京a12345 ')).toBe('京A12345');
    expect(isPlate('京AO1234')).toBe(false);
  });
  it('time zone: whole hours from -12 to 12', () => {
    for (let z = -12; z <= 12; z++) expect(validateTimezone(z)).toBeNull();
    for (const bad of [-13, 13, 1.5, Number.NaN])
      expect(validateTimezone(bad), String(bad)).toBe('timezoneInvalid');
  });
  it('icon type: 1 to 16', () => {
    for (let i = 1; i <= 16; i++) expect(validateIconType(i)).toBeNull();
    for (const bad of [0, 17, 2.5, -1]) expect(validateIconType(bad), String(bad)).toBe('iconTypeInvalid');
  });
  it('expire type: the EXPIRE_TYPE values', () => {
    expect(validateExpireType(0)).toBeNull();
    expect(validateExpireType(1)).toBeNull();
    expect(validateExpireType(2)).toBe('expireTypeInvalid');
  });
  it('host: domain or IPv4 with optional port', () => {
    for (const ok of ['gps.example.com', '47.106.1.2', '47.106.1.2:7018', 'localhost', 'a-b.cn:80'])
      expect(validateHost(ok), ok).toBeNull();
    for (const bad of ['', 'http://x.cn', '1.2.3', '300.1.1.1', 'x.cn:0', 'x.cn:70000', '-a.cn', 'a b.cn'])
      expect(validateHost(bad), bad).toBe('hostInvalid');
  });
  it('expiry dates: at least one, real dates, user expiry not after platform expiry', () => {
    expect(validateExpiryRequest()).toBe('expiryRequired');
    expect(validateExpiryRequest('not a date')).toBe('dateInvalid');
    expect(validateExpiryRequest(undefined, '2027-13-45')).toBe('dateInvalid');
    expect(validateExpiryRequest('2027-01-01T00:00:00Z', '2027-06-01T00:00:00Z')).toBe(
      'userExpiryAfterPlatform',
    );
    expect(validateExpiryRequest('2027-06-01T00:00:00Z', '2027-06-01T00:00:00Z')).toBeNull();
    expect(validateExpiryRequest('2027-06-01T00:00:00Z')).toBeNull();
    expect(validateExpiryPair(null, new Date())).toBeNull();
    expect(validateExpiryPair(new Date(1000), new Date(2000))).toBe('userExpiryAfterPlatform');
  });
});
