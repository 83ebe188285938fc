import { MAP_CHOICES, type MapChoice } from '../../../src/domain/codes';
import { forgetMapSources } from '../map/csp-cache';
import type { Db } from '../../db/client';
import { systemSettings } from '../../db/schema/system-settings';
import {
  GEOCODERS,
  keyFor,
  loadMapKeySetting,
  MAP_KEY_SETTING,
  type Geocoder,
  type MapKeySetting,
} from '../map/settings';

/**
 * The mapKey screen's form, flat (one field per input), and its translation to and from the
 * stored shape of server/services/map/settings.ts. Empty fields are not stored.
 */
export const BROWSER_KEY_FIELDS = {
  baiduKey: 'Baidu',
  gaodeKey: 'GaoDe',
  googleKey: 'Google',
  yandexKey: 'Yandex',
  bingKey: 'Bing',
  xyzTemplate: 'xyz',
} as const;
export const SERVICE_KEY_FIELDS = {
  baiduServiceKey: 'Baidu',
  gaodeServiceKey: 'GaoDe',
  googleServiceKey: 'Google',
} as const satisfies Record<string, Geocoder>;

type BrowserField = keyof typeof BROWSER_KEY_FIELDS;
type ServiceField = keyof typeof SERVICE_KEY_FIELDS;

export type MapKeyForm = Partial<Record<BrowserField | ServiceField | 'gaodeSecurityCode', string>> & {
  defaultMapType?: MapChoice;
  geocoder?: Geocoder;
};

const clean = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined);

export function formOf(s: MapKeySetting): MapKeyForm {
  const out: MapKeyForm = {};
  for (const [f, name] of Object.entries(BROWSER_KEY_FIELDS)) {
    const v = keyFor(s.keys, name);
    if (v) out[f as BrowserField] = v;
  }
  for (const [f, name] of Object.entries(SERVICE_KEY_FIELDS)) {
    const v = keyFor(s.serviceKeys, name);
    if (v) out[f as ServiceField] = v;
  }
  if (s.gaodeSecurityCode) out.gaodeSecurityCode = s.gaodeSecurityCode;
  if (s.defaultMapType) out.defaultMapType = s.defaultMapType;
  if (s.geocoder) out.geocoder = s.geocoder;
  return out;
}

/** The stored value of a form (what parseMapKeySetting reads back). */
export function storedOf(form: MapKeyForm): Record<string, unknown> {
  const keys: Record<string, string> = {};
  const serviceKeys: Record<string, string> = {};
  for (const [f, name] of Object.entries(BROWSER_KEY_FIELDS)) {
    const v = clean(form[f as BrowserField]);
    if (v) keys[name] = v;
  }
  for (const [f, name] of Object.entries(SERVICE_KEY_FIELDS)) {
    const v = clean(form[f as ServiceField]);
    if (v) serviceKeys[name] = v;
  }
  const code = clean(form.gaodeSecurityCode);
  const defaultMapType = MAP_CHOICES.find((t) => t === form.defaultMapType);
  const geocoder = GEOCODERS.find((g) => g === form.geocoder);
  return {
    keys,
    ...(Object.keys(serviceKeys).length ? { serviceKeys } : {}),
    ...(code ? { gaodeSecurityCode: code } : {}),
    ...(defaultMapType ? { defaultMapType } : {}),
    ...(geocoder ? { geocoder } : {}),
  };
}

export async function readMapKeyForm(db: Db): Promise<MapKeyForm> {
  return formOf(await loadMapKeySetting(db));
}

export async function saveSetting(db: Db, key: string, value: unknown, userId: number) {
  const row = { key, value, updatedBy: userId, updatedAt: new Date() };
  await db
    .insert(systemSettings)
    .values(row)
    .onConflictDoUpdate({
      target: systemSettings.key,
      set: { value, updatedBy: userId, updatedAt: row.updatedAt },
    });
}

export async function saveMapKeyForm(db: Db, form: MapKeyForm, userId: number): Promise<MapKeyForm> {
  await saveSetting(db, MAP_KEY_SETTING, storedOf(form), userId);
  forgetMapSources();
  return readMapKeyForm(db);
}
