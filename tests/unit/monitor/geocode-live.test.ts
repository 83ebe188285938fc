import { describe, expect, it } from 'vitest';
import { addressCacheKey, buildPlaces, nearestPlaceName, searchPlaces } from '../../../src/domain/geocode';
import { backoffDelay, BACKOFF_MAX_MS } from '../../../src/providers/live';
import { promptFor } from '../../../src/pages/monitor/actions';
import { PROMPT, DEVICE_STATE } from '../../../src/domain/codes';
import { ago, device, NOW } from './fixtures';

describe('address cache key', () => {
  it('rounds to 4 decimals so nearby fixes share one lookup', () => {
    expect(addressCacheKey(39.91501, 116.40399, 'offline', 'en')).toBe('addr:offline:en:39.9150,116.4040');
    expect(addressCacheKey(39.91501, 116.40399, 'offline', 'en')).toBe(
      addressCacheKey(39.91504, 116.40401, 'offline', 'en'),
    );
    expect(addressCacheKey(39.9, 116.4, 'provider', 'cn')).not.toBe(
      addressCacheKey(39.9, 116.4, 'offline', 'cn'),
    );
  });
});

describe('offline place search', () => {
  const places = buildPlaces(
    [
      { name: '广东', cp: [113.4, 23.1] },
      { name: '北京', cp: [116.4, 39.9] },
    ],
    [
      {
        alias: 'guang dong',
        cities: [
          { name: '深圳市', cp: [114.0, 22.6] },
          { name: '广州市', cp: [113.3, 23.1] },
        ],
      },
      { alias: 'bei jing', cities: [{ name: '东城区', cp: [116.4, 39.9] }] },
    ],
  );
  it('gives each province the alias of its own file', () => {
    expect(places.find((p) => p.name === '广东')?.alias).toBe('guang dong');
    expect(places.find((p) => p.name === '北京')?.alias).toBe('bei jing');
    expect(places.find((p) => p.name === '深圳市')?.parent).toBe('广东');
  });
  it('finds by Chinese name or pinyin, prefix matches first', () => {
    expect(searchPlaces(places, '深圳').map((p) => p.name)).toEqual(['深圳市']);
    expect(searchPlaces(places, 'guangdong').map((p) => p.name)).toEqual(['广东']);
    expect(searchPlaces(places, 'Bei Jing')[0].name).toBe('北京');
    expect(searchPlaces(places, '州').map((p) => p.name)).toEqual(['广州市']);
    expect(searchPlaces(places, '')).toEqual([]);
  });
  it('names a position in Chinese by its nearest city and province (the offline address in cn)', () => {
    expect(nearestPlaceName(places, 22.54, 114.05)).toBe('广东 深圳市');
    expect(nearestPlaceName(places, 23.2, 113.2)).toBe('广东 广州市');
    expect(nearestPlaceName(places, 39.91, 116.39)).toBe('北京 东城区');
    expect(nearestPlaceName([], 39.91, 116.39)).toBeNull();
  });
});

describe('websocket back-off', () => {
  it('doubles from 1 s to a 30 s cap, with half of it random', () => {
    expect(backoffDelay(0, 0)).toBe(500);
    expect(backoffDelay(0, 1)).toBe(1000);
    expect(backoffDelay(3, 1)).toBe(8000);
    expect(backoffDelay(3, 0)).toBe(4000);
    expect(backoffDelay(20, 1)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(20, 0)).toBe(BACKOFF_MAX_MS / 2);
  });
});

describe('panel prompts (spec section 3)', () => {
  it('select a device first, not activated, past due, not supported', () => {
    expect(promptFor('track', undefined, NOW, { streetView: true })).toBe(PROMPT.selectDevice);
    expect(
      promptFor('command', device({ state: DEVICE_STATE.unactivated, location: null }), NOW, {
        streetView: true,
      }),
    ).toBe(PROMPT.inactive);
    expect(promptFor('track', device({ platformExpireAt: ago(1) }), NOW, { streetView: true })).toBe(
      PROMPT.pastDue,
    );
    expect(promptFor('streetView', device(), NOW, { streetView: false })).toBe(PROMPT.support);
    expect(promptFor('streetView', device({ location: null }), NOW, { streetView: true })).toBe(
      PROMPT.support,
    );
    expect(promptFor('track', device(), NOW, { streetView: false })).toBeNull();
    expect(promptFor('follow', device({ platformExpireAt: ago(1) }), NOW, { streetView: false })).toBeNull();
  });
});
