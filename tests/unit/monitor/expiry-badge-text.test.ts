import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { expiryBadge } from '../../../src/domain/device-view';
import { ACCOUNT_ZONE } from '../../../src/domain/time-zone';
import { expiryBadgeText } from '../../../src/pages/monitor/texts';
import { device } from './fixtures';

const i18n = i18next.createInstance();
const texts = (lang: string) => JSON.parse(readFileSync(`locales/${lang}/monitor.json`, 'utf8')) as object;

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: { en: { monitor: texts('en') }, fr: { monitor: texts('fr') }, cn: { monitor: texts('cn') } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
});

/** The list badge of a device expiring at `expiry`, seen at `now`, in the account's zone (GMT+8; fixed clocks). */
function badgeText(expiry: string, now: string, lang = 'en') {
  const badge = expiryBadge(device({ platformExpireAt: expiry }), Date.parse(now), ACCOUNT_ZONE);
  return badge && expiryBadgeText(i18n.getFixedT(lang), badge);
}

describe('the expiry badge says the real count of days (issue 32)', () => {
  it('a device expiring in two days says two, not the band bound seven', () => {
    expect(badgeText('2026-11-30T18:00:00+08:00', '2026-11-28T20:00:00+08:00')).toBe('Expires in 2 days');
    expect(badgeText('2026-11-30T18:00:00+08:00', '2026-11-28T20:00:00+08:00', 'fr')).toBe(
      'Expire dans 2 jours',
    );
    expect(badgeText('2026-11-30T18:00:00+08:00', '2026-11-28T20:00:00+08:00', 'cn')).toBe('2天后到期');
  });
  it('today, tomorrow, and within 60 days its count too', () => {
    expect(badgeText('2026-11-28T23:00:00+08:00', '2026-11-28T20:00:00+08:00')).toBe('Expires today');
    expect(badgeText('2026-11-29T09:00:00+08:00', '2026-11-28T20:00:00+08:00')).toBe('Expires tomorrow');
    expect(badgeText('2027-01-12T09:00:00+08:00', '2026-11-28T20:00:00+08:00')).toBe('Expires in 45 days');
    expect(badgeText('2026-11-27T09:00:00+08:00', '2026-11-28T20:00:00+08:00')).toBe('Expired');
    expect(badgeText('2027-03-01T09:00:00+08:00', '2026-11-28T20:00:00+08:00')).toBeNull();
  });
});
