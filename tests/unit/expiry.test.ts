import { describe, expect, it } from 'vitest';
import { DEVICE_STATE } from '../../src/domain/codes';
import { decisiveExpiry, expiryStatus, isDeviceExpired, shownState } from '../../src/domain/expiry';
import { EXPIRED_REMINDER_DAYS, expiryReminder } from '../../src/domain/expiry-reminders';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const DAY = 86_400_000;
const at = (days: number) => new Date(NOW + days * DAY).toISOString();

describe('decisive expiry', () => {
  it('the expiry type names the date that decides', () => {
    const d = { platformExpireAt: at(10), userExpireAt: at(3) };
    expect(decisiveExpiry(d)).toBe(NOW + 10 * DAY);
    expect(decisiveExpiry({ ...d, expireType: 0 })).toBe(NOW + 10 * DAY);
    expect(decisiveExpiry({ ...d, expireType: 1 })).toBe(NOW + 3 * DAY);
  });
  it('a device with only the other date uses it; none means no expiry', () => {
    expect(decisiveExpiry({ expireType: 1, platformExpireAt: at(5), userExpireAt: null })).toBe(
      NOW + 5 * DAY,
    );
    expect(decisiveExpiry({ expireType: 0, platformExpireAt: null, userExpireAt: at(2) })).toBe(
      NOW + 2 * DAY,
    );
    expect(decisiveExpiry({ platformExpireAt: null })).toBeNull();
  });
  it('reads ISO strings, Dates and epoch ms alike', () => {
    const ms = NOW + DAY;
    expect(decisiveExpiry({ platformExpireAt: new Date(ms) })).toBe(ms);
    expect(decisiveExpiry({ platformExpireAt: ms })).toBe(ms);
    expect(decisiveExpiry({ platformExpireAt: 'not a date' })).toBeNull();
  });
});

describe('expiry status', () => {
  it('expired strictly after the decisive expiry', () => {
    expect(isDeviceExpired({ platformExpireAt: NOW }, NOW)).toBe(false);
    expect(isDeviceExpired({ platformExpireAt: NOW - 1 }, NOW)).toBe(true);
    // The user expiry passed, but the platform's decides.
    expect(isDeviceExpired({ platformExpireAt: at(9), userExpireAt: at(-1) }, NOW)).toBe(false);
    expect(isDeviceExpired({ expireType: 1, platformExpireAt: at(9), userExpireAt: at(-1) }, NOW)).toBe(true);
  });
  it('days left rounded up, bands with their bounds', () => {
    expect(expiryStatus({ platformExpireAt: at(7) }, NOW)).toEqual({
      at: NOW + 7 * DAY,
      expired: false,
      daysLeft: 7,
      band: 'within7Days',
    });
    expect(expiryStatus({ platformExpireAt: at(6.2) }, NOW).daysLeft).toBe(7);
    expect(expiryStatus({ platformExpireAt: at(7.01) }, NOW).band).toBe('within60Days');
    expect(expiryStatus({ platformExpireAt: at(60) }, NOW).band).toBe('within60Days');
    expect(expiryStatus({ platformExpireAt: at(60.01) }, NOW).band).toBeNull();
    expect(expiryStatus({ platformExpireAt: at(-0.5) }, NOW)).toMatchObject({ expired: true, daysLeft: 0 });
    expect(expiryStatus({ platformExpireAt: at(-3) }, NOW)).toMatchObject({ band: 'expired', daysLeft: -3 });
    expect(expiryStatus({ platformExpireAt: null }, NOW)).toEqual({
      at: null,
      expired: false,
      daysLeft: null,
      band: null,
    });
  });
  it('the shown state: 4 once expired, whatever the connection; a stale 4 shows offline', () => {
    const { online, offline, expired, unactivated } = DEVICE_STATE;
    expect(shownState({ state: online, platformExpireAt: at(-1) }, NOW)).toBe(expired);
    expect(shownState({ state: expired, platformExpireAt: at(30) }, NOW)).toBe(offline);
    expect(shownState({ state: online, platformExpireAt: at(30) }, NOW)).toBe(online);
    expect(shownState({ state: unactivated, platformExpireAt: null }, NOW)).toBe(unactivated);
  });
});

describe('expiry reminders', () => {
  it('within 60 days, then within 7, timed when the window was entered', () => {
    expect(expiryReminder({ platformExpireAt: at(61) }, NOW)).toBeNull();
    expect(expiryReminder({ platformExpireAt: at(59) }, NOW)).toEqual({
      type: 'expiring60',
      expireAt: NOW + 59 * DAY,
      time: NOW - DAY,
      daysLeft: 59,
    });
    expect(expiryReminder({ platformExpireAt: at(5) }, NOW)).toEqual({
      type: 'expiring7',
      expireAt: NOW + 5 * DAY,
      time: NOW - 2 * DAY,
      daysLeft: 5,
    });
  });
  it('the same expiry gives the same reminder on every run', () => {
    const d = { platformExpireAt: at(30) };
    expect(expiryReminder(d, NOW + 3_600_000)).toEqual({ ...expiryReminder(d, NOW)!, daysLeft: 30 });
  });
  it('expired: timed at the expiry, only for recent ones', () => {
    expect(expiryReminder({ platformExpireAt: at(-2) }, NOW)).toMatchObject({
      type: 'expired',
      time: NOW - 2 * DAY,
    });
    expect(expiryReminder({ platformExpireAt: at(-EXPIRED_REMINDER_DAYS - 1) }, NOW)).toBeNull();
    expect(expiryReminder({ platformExpireAt: null }, NOW)).toBeNull();
  });
  it('follows the expiry type', () => {
    expect(expiryReminder({ expireType: 1, platformExpireAt: at(400), userExpireAt: at(3) }, NOW)?.type).toBe(
      'expiring7',
    );
  });
});
