import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEVICE_MENU_TYPE, DEVICE_STATE } from '../../../src/domain/codes';
import {
  carIconState,
  compassSector,
  displayName,
  expiryBadge,
  filterDevices,
  sortDevices,
  tabCounts,
} from '../../../src/domain/device-view';
import { ago, device, inDays, NOW } from './fixtures';

describe('display name', () => {
  it('plate, else nickname, else IMEI; blanks do not count', () => {
    expect(displayName({ carNumber: '京A12345', nickname: 'Truck', terminalID: '1' })).toBe('京A12345');
    expect(displayName({ carNumber: ' ', nickname: 'Truck', terminalID: '1' })).toBe('Truck');
    expect(displayName({ carNumber: null, nickname: '', terminalID: '868120000000001' })).toBe(
      '868120000000001',
    );
  });
});

describe('car icon state (spec section 4)', () => {
  it('checks expired, offline, unknown, then motion', () => {
    expect(carIconState(device({ platformExpireAt: ago(1), state: DEVICE_STATE.offline }), NOW)).toBe(
      'expired',
    );
    expect(carIconState(device({ state: DEVICE_STATE.offline }), NOW)).toBe('offline');
    expect(carIconState(device({ location: null }), NOW)).toBe('unknown');
    expect(carIconState(device({ speed: 5 }), NOW)).toBe('stop');
    expect(carIconState(device({ speed: 40 }), NOW)).toBe('moving');
    expect(carIconState(device({ speed: 80 }), NOW)).toBe('fast');
    expect(carIconState(device({ speed: 150 }), NOW)).toBe('overspeed');
    expect(carIconState(device({ speed: 150, gapMs: 120_000 }), NOW)).toBe('stop');
  });
});

describe('list order (spec section 4)', () => {
  it('online by run state code then gap, offline most recent first, not activated last', () => {
    const inactive = device({ id: 1, state: DEVICE_STATE.unactivated, location: null });
    const offOld = device({ id: 2, state: DEVICE_STATE.offline, stateTime: ago(86_400_000) });
    const offNew = device({ id: 3, state: DEVICE_STATE.offline, stateTime: ago(60_000) });
    const stopped = device({ id: 4, speed: 0 });
    const movingOld = device({ id: 5, speed: 40, gapMs: 30_000 });
    const movingNew = device({ id: 6, speed: 40, gapMs: 2_000 });
    const fast = device({ id: 7, speed: 80 });
    const sorted = sortDevices([inactive, offOld, offNew, stopped, movingOld, movingNew, fast], NOW);
    expect(sorted.map((d) => d.id)).toEqual([6, 5, 7, 4, 3, 2, 1]);
  });
  it('is a permutation and every online device precedes every offline one', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            state: fc.constantFrom(0, 1, 2, 3, 4),
            speed: fc.integer({ min: 0, max: 200 }),
            gap: fc.integer({ min: 0, max: 10 * 86_400_000 }),
            hasLoc: fc.boolean(),
          }),
          { maxLength: 40 },
        ),
        (specs) => {
          const list = specs.map((s, i) =>
            device({
              id: i + 1,
              state: s.state,
              speed: s.speed,
              gapMs: s.gap,
              ...(s.hasLoc ? {} : { location: null }),
            }),
          );
          const sorted = sortDevices(list, NOW);
          expect(sorted.map((d) => d.id).sort((a, b) => a - b)).toEqual(list.map((d) => d.id));
          const rank = (st: number) => (st === 1 ? 0 : st === 3 ? 2 : 1);
          for (let i = 1; i < sorted.length; i++) {
            expect(rank(sorted[i - 1].state)).toBeLessThanOrEqual(rank(sorted[i].state));
          }
        },
      ),
    );
  });
});

describe('tabs and search', () => {
  const list = [
    device({ id: 11, carNumber: '粤B88888' }),
    device({ id: 12, nickname: 'Cold truck', state: DEVICE_STATE.offline }),
    device({ id: 13, state: DEVICE_STATE.unactivated, location: null }),
    device({ id: 14, state: DEVICE_STATE.expired }),
    // Still connected, but past its expiry: offline like the expired ones.
    device({ id: 15, platformExpireAt: ago(1000) }),
  ];
  it('counts all, online, offline (expired included), not activated', () => {
    expect(tabCounts(list, NOW)).toEqual({ 0: 5, 1: 1, 2: 3, 3: 1 });
  });
  it('filters by tab; an unknown menu type means all', () => {
    expect(filterDevices(list, DEVICE_MENU_TYPE.online, '', NOW).map((d) => d.id)).toEqual([11]);
    expect(filterDevices(list, DEVICE_MENU_TYPE.offline, '', NOW).map((d) => d.id)).toEqual([12, 14, 15]);
    expect(filterDevices(list, DEVICE_MENU_TYPE.inactive, '', NOW).map((d) => d.id)).toEqual([13]);
    expect(filterDevices(list, 7, '', NOW)).toHaveLength(5);
  });
  it('searches IMEI, nickname and plate, case-insensitively, within the tab', () => {
    expect(filterDevices(list, 0, 'b888', NOW).map((d) => d.id)).toEqual([11]);
    expect(filterDevices(list, 0, 'COLD', NOW).map((d) => d.id)).toEqual([12]);
    expect(filterDevices(list, 0, list[2].terminalID.slice(-6), NOW).map((d) => d.id)).toEqual([13]);
    expect(filterDevices(list, DEVICE_MENU_TYPE.online, 'cold', NOW)).toEqual([]);
    expect(filterDevices(list, 0, '   ', NOW)).toHaveLength(5);
  });
});

describe('compass sector', () => {
  it('8 sectors of 45°, centred on each direction', () => {
    expect(compassSector(0)).toBe('N');
    expect(compassSector(22.4)).toBe('N');
    expect(compassSector(22.5)).toBe('NE');
    expect(compassSector(90)).toBe('E');
    expect(compassSector(135)).toBe('SE');
    expect(compassSector(180)).toBe('S');
    expect(compassSector(225)).toBe('SW');
    expect(compassSector(270)).toBe('W');
    expect(compassSector(315)).toBe('NW');
    expect(compassSector(337.6)).toBe('N');
    expect(compassSector(360)).toBe('N');
    expect(compassSector(-90)).toBe('W');
    expect(compassSector(450)).toBe('E');
  });
});

describe('expiry badge', () => {
  it('expired, within 7 days, within 60 days, or none', () => {
    const band = (d: ReturnType<typeof device>) => expiryBadge(d, NOW, 0)?.band;
    expect(band(device({ platformExpireAt: ago(1000) }))).toBe('expired');
    // The dates decide, not a stored state code (src/domain/expiry.ts).
    expect(expiryBadge(device({ state: DEVICE_STATE.expired }), NOW)).toBeNull();
    expect(band(device({ platformExpireAt: inDays(7) }))).toBe('within7Days');
    expect(band(device({ platformExpireAt: inDays(7.1) }))).toBe('within60Days');
    expect(band(device({ userExpireAt: inDays(60) }))).toBe('within60Days');
    expect(expiryBadge(device({ platformExpireAt: inDays(61) }), NOW)).toBeNull();
    expect(expiryBadge(device(), NOW)).toBeNull();
  });
  it('carries the real count of days, not the band bound (issue 32)', () => {
    // NOW is 12:00 UTC: two days later at 12:00 is two calendar days, and the band is "7 days".
    expect(expiryBadge(device({ platformExpireAt: inDays(2) }), NOW, 0)).toEqual({
      band: 'within7Days',
      days: 2,
    });
    expect(expiryBadge(device({ platformExpireAt: inDays(45) }), NOW, 0)).toEqual({
      band: 'within60Days',
      days: 45,
    });
  });
});
