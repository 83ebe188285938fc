import { MAP_CHOICES } from '../../domain/codes';
import type { EntityDescriptor, FormAction, FormView } from '../types';

/**
 * The mapKey screen (system setting `mapKey`, server/services/system/map-setting.ts): browser
 * keys per provider, GaoDe's security code, the self-hosted tile template, optional server-side
 * service keys, the monitor's default map type and the geocoder. Each key has a test button.
 */
const key = { type: 'text', maxLength: 256 } as const;
const GEOCODERS = ['Baidu', 'GaoDe', 'Google'] as const;

export const MAP_KEY_ENTITY: EntityDescriptor = {
  namespace: 'system',
  subject: 'system',
  fields: {
    baiduKey: key,
    gaodeKey: key,
    gaodeSecurityCode: { ...key, helpKey: 'help.gaodeSecurityCode' },
    googleKey: key,
    yandexKey: key,
    bingKey: key,
    xyzTemplate: { type: 'text', maxLength: 512, helpKey: 'help.xyzTemplate' },
    baiduServiceKey: { ...key, helpKey: 'help.serviceKey' },
    gaodeServiceKey: key,
    googleServiceKey: key,
    defaultMapType: {
      type: 'select',
      buttons: true,
      options: MAP_CHOICES.map((t) => ({ value: t, labelKey: `mapTypes.${t}` })),
      helpKey: 'help.defaultMapType',
    },
    geocoder: {
      type: 'select',
      options: GEOCODERS.map((t) => ({ value: t, labelKey: `mapTypes.${t}` })),
      helpKey: 'help.geocoder',
    },
  },
};

/** The answer of POST /system/mapKey/test as a message of its level. */
const describe = (data: Record<string, unknown>) => {
  const result = String(data.result);
  const level = result === 'ok' ? 'success' : result === 'unreachable' ? 'warning' : 'error';
  return { level, key: `test.${result}` } as const;
};

const test = (name: string, provider: string, field: string): FormAction => ({
  name: `test-${name}`,
  labelKey: `test.button.${name}`,
  endpoint: '/system/mapKey/test',
  body: (v) => ({ provider, key: typeof v[field] === 'string' ? v[field].trim() : '' }),
  describe,
  reads: true,
});

export const MAP_KEY_VIEW: FormView = {
  kind: 'form',
  endpoint: '/system/mapKey/save',
  load: '/system/mapKey/get',
  result: 'message',
  submitKey: 'save',
  fields: Object.keys(MAP_KEY_ENTITY.fields),
  actions: [
    test('baidu', 'Baidu', 'baiduKey'),
    test('gaode', 'GaoDe', 'gaodeKey'),
    test('google', 'Google', 'googleKey'),
    test('yandex', 'Yandex', 'yandexKey'),
    test('bing', 'Bing', 'bingKey'),
    test('xyz', 'xyz', 'xyzTemplate'),
  ],
};
