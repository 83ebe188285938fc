import { eq } from 'drizzle-orm';
import { MAP_CHOICES, MAP_TYPES, type MapChoice, type MapType } from '../../../src/domain/codes';
import type { Db } from '../../db/client';
import { systemSettings } from '../../db/schema/system-settings';

/** Providers whose web services (place suggestion, reverse geocoding) the server can call. */
export const GEOCODERS = ['Baidu', 'GaoDe', 'Google'] as const;
export type Geocoder = (typeof GEOCODERS)[number];

/**
 * The stored shape of the system setting `mapKey` (system_settings.value, JSON):
 *
 *   { "keys": { "Baidu": "…", "GaoDe": "…", "Google": "…", "Yandex": "…", "Bing": "…",
 *               "xyz": "https://tiles.example.com/{z}/{x}/{y}.png" },
 *     "serviceKeys": { "Baidu": "…" },   // optional: server-side web-service keys
 *     "geocoder": "Baidu",               // optional: provider of getSuggestion/getKeyAddress
 *     "gaodeSecurityCode": "…",          // optional: AMap JS API 2.0's securityJsCode
 *     "defaultMapType": "GaoDe" }        // optional: the monitor's map type unless the user chose
 *                                       // (a keyed provider, or "OSM" / "Offline": MAP_CHOICES)
 *
 * `keys` are handed to browsers (POST /map/getKey) for the map JS APIs; `serviceKeys`, when
 * set, are used by the server for web services instead (providers let a key be restricted to
 * browsers or to servers). Without `geocoder`, the first of Baidu, GaoDe, Google with a key.
 * A plain string is accepted too: one key for every map type, Baidu web services.
 */
export interface MapKeySetting {
  /** By map type name (Baidu, GaoDe, Google, Yandex, Bing, xyz…), looked up case-insensitively. */
  keys: Record<string, string>;
  serviceKeys?: Record<string, string>;
  geocoder?: Geocoder;
  /** AMap's security code, set as window._AMapSecurityConfig before its script loads. */
  gaodeSecurityCode?: string;
  /** Between the brand's map type and the user's own choice (src/pages/monitor/useMapSetup.ts). */
  defaultMapType?: MapChoice;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** Normalises whatever is stored (null, a string, or the object above) to MapKeySetting. */
export function parseMapKeySetting(value: unknown): MapKeySetting {
  const single = str(value);
  if (single) return { keys: Object.fromEntries(MAP_TYPES.map((t) => [t, single])) };
  if (!value || typeof value !== 'object') return { keys: {} };
  const v = value as Record<string, unknown>;
  const pick = (src: unknown) => {
    const out: Record<string, string> = {};
    if (src && typeof src === 'object') {
      for (const [n, raw] of Object.entries(src as Record<string, unknown>)) {
        const s = str(raw);
        if (s) out[n] = s;
      }
    }
    return out;
  };
  const geocoder = GEOCODERS.find((g) => g === v.geocoder);
  const defaultMapType = MAP_CHOICES.find((t) => t === v.defaultMapType);
  const gaodeSecurityCode = str(v.gaodeSecurityCode);
  return {
    keys: pick(v.keys),
    serviceKeys: pick(v.serviceKeys),
    ...(geocoder ? { geocoder } : {}),
    ...(gaodeSecurityCode ? { gaodeSecurityCode } : {}),
    ...(defaultMapType ? { defaultMapType } : {}),
  };
}

/** The key of a map type, its name matched case-insensitively ("baidu", "Gaode"…). */
export function keyFor(keys: Record<string, string> | undefined, mapType: string): string | undefined {
  const n = mapType.toLowerCase();
  for (const [k, v] of Object.entries(keys ?? {})) if (k.toLowerCase() === n) return v;
  return undefined;
}

/** The web-service provider and key to use, or null when none is configured. */
export function serviceTarget(s: MapKeySetting, wanted?: string): { provider: Geocoder; key: string } | null {
  const keyOf = (g: Geocoder) => keyFor(s.serviceKeys, g) ?? keyFor(s.keys, g);
  const order: Geocoder[] = [];
  const asked = GEOCODERS.find((g) => g.toLowerCase() === wanted?.toLowerCase());
  if (asked) order.push(asked);
  else if (s.geocoder) order.push(s.geocoder);
  else order.push(...GEOCODERS);
  for (const g of order) {
    const key = keyOf(g);
    if (key) return { provider: g, key };
  }
  return null;
}

export const MAP_KEY_SETTING = 'mapKey';

/** The map types a browser can draw with a key of the setting, so it asks getKey only for those. */
export const keyedMapTypes = (s: MapKeySetting): MapType[] => MAP_TYPES.filter((t) => keyFor(s.keys, t));

/**
 * What POST /map/getKey hands a browser for a map type: its browser key and, for GaoDe, the
 * security code its script needs. Never a server-side service key. Null: none configured.
 */
export function browserKey(
  s: MapKeySetting,
  mapType: string,
): { mapType: string; key: string; securityJsCode?: string } | null {
  const key = keyFor(s.keys, mapType);
  if (!key) return null;
  const gaode = mapType.toLowerCase() === 'gaode' && s.gaodeSecurityCode;
  return { mapType, key, ...(gaode ? { securityJsCode: s.gaodeSecurityCode } : {}) };
}

/** Read from the database on every call (no cache): a saved key applies at once. */
export async function loadMapKeySetting(db: Db): Promise<MapKeySetting> {
  const [row] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, MAP_KEY_SETTING))
    .limit(1);
  return parseMapKeySetting(row?.value ?? null);
}
