import { DEFAULT_MAP_TYPE, MAP_TYPES, type MapType } from '../domain/codes';
import type { MapProvider } from './types';

// Pure: no L7 import, so the page may use it before the map chunk loads.

const BY_MAP_TYPE: Record<MapType, MapProvider> = {
  Baidu: 'baidu',
  Google: 'google',
  GaoDe: 'gaode',
  Yandex: 'yandex',
};

/**
 * The provider for the map-type setting (spec section 1: Google, Baidu, GaoDe, Yandex; Baidu
 * when unset or unknown). Without a key every provider falls back to the offline basemap.
 * Matching ignores case, since the setting is typed in by an administrator.
 */
export function providerFor(mapType: string | null | undefined, hasKey: boolean): MapProvider {
  if (!hasKey) return 'offline';
  const wanted = (mapType ?? '').trim().toLowerCase();
  const type = MAP_TYPES.find((t) => t.toLowerCase() === wanted) ?? DEFAULT_MAP_TYPE;
  return BY_MAP_TYPE[type];
}

/** Providers drawn by their own JavaScript map (L7 map classes); the rest are tiles over L7's map. */
export const SCRIPT_PROVIDERS: readonly MapProvider[] = ['gaode', 'baidu', 'google'];
export const TILE_PROVIDERS: readonly MapProvider[] = ['yandex', 'bing', 'xyz'];
