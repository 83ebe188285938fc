/**
 * The address of a position: the provider's geocoder when a map key is set, otherwise (or if
 * it fails) the nearest city from offline-geocode-city, loaded on first use. Both answer in the
 * user's language where they can. Answers are cached in localStorage keyed by rounded lat/lng
 * and language (spec section 3), bounded so the cache cannot grow without end.
 */
import { addressCacheKey } from '../../domain/geocode';
import { languageTag } from '../../domain/language';
import { fetchProviderAddress } from './api';

const INDEX_KEY = 'addr:index';
const MAX_CACHED = 500;

function readCache(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeCache(key: string, value: string) {
  try {
    const index: string[] = JSON.parse(localStorage.getItem(INDEX_KEY) ?? '[]');
    if (!index.includes(key)) index.push(key);
    while (index.length > MAX_CACHED) localStorage.removeItem(index.shift() as string);
    localStorage.setItem(key, value);
    localStorage.setItem(INDEX_KEY, JSON.stringify(index));
  } catch {
    // Storage full or disabled: the address is simply looked up again next time.
  }
}

/** Where the outlines name the cities in Chinese (china-geojson covers these). */
const CHINESE_NAMED = new Set(['CN', 'HK', 'MO', 'TW']);

/** A country's name in the user's language (Intl knows them all), else the lookup's English one. */
function countryName(iso2: string | undefined, english: string | undefined, language: string) {
  try {
    if (iso2) return new Intl.DisplayNames([languageTag(language)], { type: 'region' }).of(iso2) ?? english;
  } catch {
    // An engine without region names: the English one.
  }
  return english;
}

/**
 * offline-geocode-city knows English city names only: in Chinese, a position in China is named
 * by the outlines' Chinese places instead ("广东 深圳市"); elsewhere the city stays as the
 * lookup names it and the country is written in the user's language.
 */
async function offlineAddress(lat: number, lng: number, language: string): Promise<string | null> {
  const { getNearestCity } = await import('offline-geocode-city');
  const city = getNearestCity(lat, lng);
  if (language === 'cn' && city && CHINESE_NAMED.has(city.countryIso2)) {
    const named = await import('./places').then((m) => m.offlineChineseName(lat, lng)).catch(() => null);
    if (named) return named;
  }
  if (!city?.cityName) return null;
  const country = countryName(city.countryIso2, city.countryName, language);
  return country ? `${city.cityName}, ${country}` : city.cityName;
}

/** `mapType` set: the provider of that map type answers; unset: the offline lookup. */
export async function lookupAddress(lat: number, lng: number, mapType: string | null, language: string) {
  const useProvider = mapType != null;
  // 'offline2': offline answers cached before they were in the user's language stay unused.
  const source = mapType ?? 'offline2';
  const key = addressCacheKey(lat, lng, source, language);
  const cached = readCache(key);
  if (cached) return cached;
  let address: string | null = null;
  if (useProvider) {
    try {
      address = await fetchProviderAddress(lat, lng, language, mapType);
    } catch {
      address = null;
    }
  }
  address ??= await offlineAddress(lat, lng, language);
  if (address) writeCache(key, address);
  return address;
}
