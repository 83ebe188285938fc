import { describe, expect, it } from 'vitest';
import { DEMO_AREA_NAMES, demoPermissions } from '../../config/demo-areas';
import { DEMO_USER_ID, PERMISSIONS, ROLE, isDemo } from '../../config/roles';
import { browserKey, parseMapKeySetting } from '../../server/services/map/settings';
import { parseDemoSetting } from '../../server/services/system/demo-setting';
import { keyTestUrl } from '../../server/services/system/key-test';
import { formOf, storedOf } from '../../server/services/system/map-setting';

describe('mapKey setting', () => {
  it('round-trips the form through the stored shape, dropping empty fields', () => {
    const form = {
      baiduKey: ' bd ',
      gaodeKey: 'am',
      gaodeSecurityCode: 'sec',
      xyzTemplate: 'https://t/{z}/{x}/{y}.png',
      googleServiceKey: 'gs',
      yandexKey: '',
      defaultMapType: 'GaoDe' as const,
      geocoder: 'Google' as const,
    };
    const stored = storedOf(form);
    expect(stored).toEqual({
      keys: { Baidu: 'bd', GaoDe: 'am', xyz: 'https://t/{z}/{x}/{y}.png' },
      serviceKeys: { Google: 'gs' },
      gaodeSecurityCode: 'sec',
      defaultMapType: 'GaoDe',
      geocoder: 'Google',
    });
    const { yandexKey: _, ...kept } = form;
    expect(formOf(parseMapKeySetting(stored))).toEqual({ ...kept, baiduKey: 'bd' });
  });

  it('reads the older shapes: a plain string, keys without the new fields', () => {
    expect(formOf(parseMapKeySetting('one'))).toMatchObject({ baiduKey: 'one', gaodeKey: 'one' });
    expect(formOf(parseMapKeySetting({ keys: { baidu: 'x' }, defaultMapType: 'Nope' }))).toEqual({
      baiduKey: 'x',
    });
  });

  it('hands browsers the browser key and GaoDe its security code, never a service key', () => {
    const s = parseMapKeySetting({
      keys: { GaoDe: 'am', Baidu: 'bd' },
      serviceKeys: { Baidu: 'srv' },
      gaodeSecurityCode: 'sec',
    });
    expect(browserKey(s, 'gaode')).toEqual({ mapType: 'gaode', key: 'am', securityJsCode: 'sec' });
    expect(browserKey(s, 'Baidu')).toEqual({ mapType: 'Baidu', key: 'bd' });
    expect(browserKey(s, 'Google')).toBeNull();
  });

  it('builds one test call per provider against the configured base', () => {
    const env = { MAP_API_BASE: 'http://fake' };
    expect(keyTestUrl('Baidu', 'k', env)).toMatch(/^http:\/\/fake\/reverse_geocoding\/v3\/\?.*ak=k/);
    expect(keyTestUrl('Bing', 'k', env)).toBe(
      'http://fake/REST/v1/Imagery/Metadata/RoadOnDemand?key=k&output=json',
    );
    expect(keyTestUrl('Yandex', 'k', {})).toContain('https://tiles.api-maps.yandex.ru/v1/tiles/');
    expect(keyTestUrl('xyz', 'http://t/{z}/{x}/{y}.png', env)).toBe('http://t/0/0/0.png');
  });
});

describe('demo setting', () => {
  it('defaults to the configured id with every area, and keeps only known areas', () => {
    expect(parseDemoSetting(null)).toEqual({ userId: DEMO_USER_ID, areas: DEMO_AREA_NAMES });
    expect(parseDemoSetting({ userId: 9, areas: ['track', 'bogus', 'monitor'] })).toEqual({
      userId: 9,
      areas: ['monitor', 'track'],
    });
    expect(parseDemoSetting({ userId: -1, areas: [] })).toEqual({ userId: DEMO_USER_ID, areas: [] });
  });

  it("drops the permissions of the areas the demo may not see, keeps the rest of its role's", () => {
    const p = demoPermissions(ROLE.agent, ['monitor', 'track']);
    expect(p).toContain(PERMISSIONS.monitor);
    expect(p).toContain(PERMISSIONS.track);
    expect(p).not.toContain(PERMISSIONS.alarms);
    expect(p).not.toContain(PERMISSIONS.countMileage);
    expect(p).not.toContain(PERMISSIONS.deviceList);
    expect(p).toContain(PERMISSIONS.command);
  });

  it('isDemo: the known flag wins over the default id', () => {
    expect(isDemo({ id: DEMO_USER_ID })).toBe(true);
    expect(isDemo({ id: DEMO_USER_ID, demo: false })).toBe(false);
    expect(isDemo({ id: 3, demo: true })).toBe(true);
  });
});
