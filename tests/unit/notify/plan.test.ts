import { describe, expect, it } from 'vitest';
import { FENCE_POST_TYPES } from '../../../src/domain/fence/rules';
import {
  pathIds,
  phoneChannels,
  planNotices,
  type AlarmOwner,
  type AlarmToNotify,
} from '../../../server/notify/plan';

const alarm = (over: Partial<AlarmToNotify> = {}): AlarmToNotify => ({
  type: 'alarm',
  id: 10,
  deviceId: 1,
  terminalId: '868120000000001',
  alarm: 'fenceIn',
  time: '2025-05-01T08:00:00.000Z',
  lat: 22.5,
  lon: 114,
  speed: 40,
  attributes: { fenceId: 3 },
  ...over,
});
// Owner 5 under 2 under 1 (ancestors "0,1,2").
const owner = (over: Partial<AlarmOwner> = {}): AlarmOwner => ({
  userId: 5,
  ancestors: '0,1,2',
  telephone: '13800138000',
  language: 'en',
  deviceName: 'Truck',
  ...over,
});
const text = () => 'TEXT';
const owners = (o = owner()) => new Map([[1, o]]);

describe('phone channels of a post type', () => {
  it('follows platform, +SMS, +SMS and phone, +phone', () => {
    expect(phoneChannels(FENCE_POST_TYPES.platform)).toEqual([]);
    expect(phoneChannels(FENCE_POST_TYPES.sms)).toEqual(['sms']);
    expect(phoneChannels(FENCE_POST_TYPES.smsPhone)).toEqual(['sms', 'phone']);
    expect(phoneChannels(FENCE_POST_TYPES.phone)).toEqual(['phone']);
    expect(phoneChannels(undefined)).toEqual([]);
    expect(phoneChannels(9)).toEqual([]);
  });
});

describe('notices of new alarms', () => {
  it('texts and calls the owner when the post type asks for both', () => {
    const out = planNotices([alarm({ postType: 3 })], owners(), [], text);
    expect(out).toEqual([
      { alarmId: 10, userId: 5, channel: 'sms', target: '13800138000', body: 'TEXT' },
      { alarmId: 10, userId: 5, channel: 'phone', target: '13800138000', body: 'TEXT' },
    ]);
  });

  it('sends no SMS or call without a telephone, or without a post type asking', () => {
    expect(planNotices([alarm({ postType: 3 })], owners(owner({ telephone: '  ' })), [], text)).toEqual([]);
    expect(planNotices([alarm({ postType: 1 })], owners(), [], text)).toEqual([]);
    expect(planNotices([alarm()], owners(), [], text)).toEqual([]);
  });

  it('posts to the webhooks of the owner and its ancestors only, once per endpoint', () => {
    const endpoints = [
      { userId: 5, url: 'http://own' },
      { userId: 2, url: 'http://parent' },
      { userId: 1, url: 'http://root' },
      { userId: 9, url: 'http://other-tree' },
      { userId: 6, url: 'http://child-of-owner' },
      { userId: 2, url: 'http://parent' },
    ];
    const out = planNotices([alarm()], owners(), endpoints, text);
    expect(out.map((n) => [n.userId, n.target])).toEqual([
      [5, 'http://own'],
      [2, 'http://parent'],
      [1, 'http://root'],
    ]);
    const body = JSON.parse(out[0].body);
    expect(body).toMatchObject({
      event: 'alarm',
      id: 10,
      alarm: 'fenceIn',
      terminalId: '868120000000001',
      deviceId: 1,
      deviceName: 'Truck',
      time: '2025-05-01T08:00:00.000Z',
      lat: 22.5,
      lon: 114,
      speed: 40,
      attributes: { fenceId: 3 },
    });
  });

  it('makes nothing for a device without owner', () => {
    expect(
      planNotices([alarm({ deviceId: 2, postType: 3 })], owners(), [{ userId: 5, url: 'http://x' }], text),
    ).toEqual([]);
  });

  it('lists every account on the owners’ paths', () => {
    expect(pathIds([owner(), owner({ userId: 7, ancestors: '0,1,3' })]).sort()).toEqual([1, 2, 3, 5, 7]);
  });
});
