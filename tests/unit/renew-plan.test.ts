import { describe, expect, it } from 'vitest';
import { CARD_TYPE } from '../../src/domain/codes';
import { EXPIRE_TYPE } from '../../src/domain/device-rules';
import { LIFETIME_EXPIRY } from '../../src/domain/payment';
import { decideRenewal, extensionOf, planCardRenewals, type ExpiryState } from '../../src/domain/renew-plan';
import { decideRenewWays } from '../../src/domain/renew-ways';

const DAY = 86_400_000;
const now = new Date('2026-06-01T00:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * DAY);
const platform = (expire: Date | null): ExpiryState => ({
  expire,
  user: null,
  expireType: EXPIRE_TYPE.platform,
});

describe('renewal by card, one device', () => {
  it('adds the card to a running expiry, counts from now once expired, and refuses a lifetime device', () => {
    expect(extensionOf(platform(at(10)), CARD_TYPE.oneYear, now)?.after).toEqual(at(375));
    expect(extensionOf(platform(at(-10)), CARD_TYPE.oneYear, now)?.after).toEqual(at(365));
    expect(extensionOf(platform(LIFETIME_EXPIRY), CARD_TYPE.oneYear, now)).toBeNull();
  });
  it('moves a deciding user expiry by the same card, never past the platform expiry', () => {
    const ext = extensionOf(
      { expire: at(10), user: at(5), expireType: EXPIRE_TYPE.user },
      CARD_TYPE.oneMonth,
      now,
    )!;
    expect(ext.after).toEqual(at(40));
    expect(ext.userAfter).toEqual(at(35));
  });
  it('checks in the renewal’s order: unknown, no card left, lifetime', () => {
    expect(decideRenewal(undefined, CARD_TYPE.oneYear, 5, now)).toEqual({ ok: false, key: 'notFound' });
    expect(decideRenewal(platform(LIFETIME_EXPIRY), CARD_TYPE.oneYear, 0, now)).toEqual({
      ok: false,
      key: 'cardInsufficient',
    });
    expect(decideRenewal(platform(LIFETIME_EXPIRY), CARD_TYPE.oneYear, null, now)).toEqual({
      ok: false,
      key: 'alreadyLifetime',
    });
  });
});

describe('renewal by card, a batch', () => {
  it('spends one card per renewed device until they run out; a refused device spends none', () => {
    const states = new Map([
      ['a', platform(at(1))],
      ['life', platform(LIFETIME_EXPIRY)],
      ['b', platform(at(2))],
      ['c', platform(at(3))],
    ]);
    const plan = planCardRenewals(['a', 'life', 'x', 'b', 'c'], states, CARD_TYPE.oneYear, 2, now);
    expect(plan.items.map((i) => i.terminalID)).toEqual(['a', 'b']);
    expect(plan.failed).toEqual([
      { terminalID: 'life', key: 'alreadyLifetime' },
      { terminalID: 'x', key: 'notFound' },
      { terminalID: 'c', key: 'cardInsufficient' },
    ]);
    expect(plan).toMatchObject({ spent: 2, balanceAfter: 0 });
  });
  it('an unlimited balance (the administrator) spends nothing', () => {
    const plan = planCardRenewals(['a'], new Map([['a', platform(null)]]), CARD_TYPE.halfYear, null, now);
    expect(plan).toMatchObject({ spent: 0, balanceAfter: null });
    expect(plan.items[0]!.ext.after).toEqual(at(182));
  });
});

describe('ways to renew', () => {
  const none = {
    canCards: false,
    unlimited: false,
    cardCount: 0,
    canPay: false,
    hasPayee: false,
    payeeHasPrices: false,
  };
  it('offers every open way', () => {
    expect(
      decideRenewWays({
        ...none,
        canCards: true,
        cardCount: 25,
        canPay: true,
        hasPayee: true,
        payeeHasPrices: true,
      }),
    ).toEqual({ ways: ['cards', 'online'], nextStep: null });
    expect(decideRenewWays({ ...none, canCards: true, unlimited: true }).ways).toEqual(['cards']);
  });
  it('with none open, says what to ask for', () => {
    expect(decideRenewWays({ ...none, canCards: true, canPay: true }).nextStep).toBe('askForCards');
    expect(decideRenewWays({ ...none, canPay: true, hasPayee: true }).nextStep).toBe('askForPrices');
    expect(decideRenewWays({ ...none, canPay: true }).nextStep).toBe('askAgent');
  });
});
