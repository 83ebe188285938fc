import { describe, expect, it } from 'vitest';
import { DEVICE_STATE, RUN_STATE } from '../../../src/domain/codes';
import { durationParts, expiryOf, runStateOf, speedCode } from '../../../src/domain/run-state';
import { ago, device, inDays, NOW } from './fixtures';

describe('run state (spec section 4)', () => {
  it('online, fresh fix, speed <= 10: stopped since the fix', () => {
    const rs = runStateOf(device({ speed: 10, gapMs: 30_000 }), NOW);
    expect(rs).toEqual({ kind: 'stopped', code: RUN_STATE.stop, since: NOW - 30_000 });
  });
  it('online, fresh fix, speed 11: driving with its speed', () => {
    expect(runStateOf(device({ speed: 11, gapMs: 30_000 }), NOW)).toEqual({
      kind: 'driving',
      code: RUN_STATE.moving,
      speed: 11,
    });
  });
  it('a fix older than 60 s is stopped whatever its speed', () => {
    expect(runStateOf(device({ speed: 90, gapMs: 61_000 }), NOW).kind).toBe('stopped');
  });
  it('a gap of exactly 60 s with speed above 10 reads as driving (neither branch of the rule)', () => {
    expect(runStateOf(device({ speed: 50, gapMs: 60_000 }), NOW).kind).toBe('driving');
  });
  it('stopped duration starts at the first still fix seen live', () => {
    const d = { ...device({ speed: 0, gapMs: 5_000 }), stoppedSince: NOW - 600_000 };
    expect(runStateOf(d, NOW)).toMatchObject({ kind: 'stopped', since: NOW - 600_000 });
  });
  it('fast above 60, overspeed above 120', () => {
    expect(speedCode(60)).toBe(RUN_STATE.moving);
    expect(speedCode(61)).toBe(RUN_STATE.fast);
    expect(speedCode(120)).toBe(RUN_STATE.fast);
    expect(speedCode(121)).toBe(RUN_STATE.overspeed);
    expect(runStateOf(device({ speed: 130 }), NOW).code).toBe(RUN_STATE.overspeed);
  });
  it('online without a position is "online"', () => {
    expect(runStateOf(device({ location: null }), NOW)).toEqual({ kind: 'online', code: RUN_STATE.unknown });
  });
  it('offline shows the time since it went offline', () => {
    const rs = runStateOf(device({ state: DEVICE_STATE.offline, stateTime: ago(3 * 3_600_000) }), NOW);
    expect(rs).toEqual({ kind: 'offline', code: RUN_STATE.offline, since: NOW - 3 * 3_600_000 });
  });
  it('not activated and expired', () => {
    expect(runStateOf(device({ state: DEVICE_STATE.unactivated, location: null }), NOW).kind).toBe(
      'inactive',
    );
    expect(runStateOf(device({ platformExpireAt: ago(1) }), NOW)).toEqual({
      kind: 'expired',
      code: RUN_STATE.expired,
    });
    // A stored "expired" code whose expiry was since renewed: offline until it reconnects.
    expect(runStateOf(device({ state: DEVICE_STATE.expired }), NOW).kind).toBe('offline');
    expect(
      runStateOf(device({ expireType: 1, platformExpireAt: inDays(9), userExpireAt: ago(1) }), NOW).kind,
    ).toBe('expired');
  });
  it('the expiry type names the deciding expiry (src/domain/expiry.ts)', () => {
    expect(expiryOf({ platformExpireAt: inDays(10), userExpireAt: inDays(3) })).toBe(Date.parse(inDays(10)));
    expect(expiryOf({ expireType: 1, platformExpireAt: inDays(10), userExpireAt: inDays(3) })).toBe(
      Date.parse(inDays(3)),
    );
    expect(expiryOf({ platformExpireAt: null, userExpireAt: null })).toBeNull();
  });
});

describe('durations', () => {
  it('keeps the two largest units', () => {
    expect(durationParts(12 * 60_000)).toEqual([{ unit: 'min', count: 12 }]);
    expect(durationParts(3 * 3_600_000 + 5 * 60_000 + 7_000)).toEqual([
      { unit: 'h', count: 3 },
      { unit: 'min', count: 5 },
    ]);
    expect(durationParts(2 * 86_400_000 + 3_600_000)).toEqual([
      { unit: 'd', count: 2 },
      { unit: 'h', count: 1 },
    ]);
  });
  it('seconds only under a minute; whole units drop a zero second part', () => {
    expect(durationParts(42_000)).toEqual([{ unit: 's', count: 42 }]);
    expect(durationParts(3 * 60_000 + 12_000)).toEqual([{ unit: 'min', count: 3 }]);
    expect(durationParts(2 * 86_400_000)).toEqual([{ unit: 'd', count: 2 }]);
    expect(durationParts(-5)).toEqual([{ unit: 's', count: 0 }]);
  });
});
