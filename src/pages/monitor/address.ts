/**
 * The address of a position: the provider's geocoder when a map key is set, otherwise (or if
 * it fails) the nearest city from offline-geocode-city, loaded on first use. Answers are cached
 * in localStorage keyed by rounded lat/lng (spec section 3), bounded so the cache cannot grow
 * without end.
 */
import { addressCacheKey } from '../../domain/geocode';
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

async function offlineAddress(lat: number, lng: number): Promise<string | null> {
  const { getNearestCity } = await import('offline-geocode-city');
  const city = getNearestCity(lat, lng);
  if (!city?.cityName) return null;
  return city.countryName ? `${city.cityName}, ${city.countryName}` : city.cityName;
}

/** `mapType` set: the provider of that map type answers; unset: the offline lookup. */
export async function lookupAddress(lat: number, lng: number, mapType: string | null, language: string) {
  const useProvider = mapType != null;
  const source = mapType ?? 'offline';
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
  address ??= await offlineAddress(lat, lng);
  if (address) writeCache(key, address);
  return address;
}
