import { AppError } from '../../lib/errors';
import type { Db } from '../../db/client';
import {
  DEFAULT_BASES,
  parseAddress,
  parseSuggestions,
  ProviderError,
  reverseUrl,
  suggestionUrl,
  type Address,
  type CoordType,
  type Suggestion,
} from './providers';
import { loadMapKeySetting, serviceTarget, type Geocoder } from './settings';

/**
 * The server side of the map web services: picks the configured provider and key, calls it
 * with a deadline, and caches reverse-geocoding answers briefly. There is no internet in
 * development and CI, so base URLs come from the environment: MAP_API_BASE for every provider,
 * or MAP_API_BASE_BAIDU / _GAODE / _GOOGLE; MAP_API_TIMEOUT_MS (default 5000) bounds a call.
 */

export function providerBase(p: Geocoder, env: NodeJS.ProcessEnv = process.env): string {
  return env[`MAP_API_BASE_${p.toUpperCase()}`] || env.MAP_API_BASE || DEFAULT_BASES[p];
}

const timeoutMs = (env: NodeJS.ProcessEnv = process.env) => Number(env.MAP_API_TIMEOUT_MS) || 5_000;

const mapConfigMissing = () => new AppError(400, 'mapConfigMissing');

async function call(provider: Geocoder, target: string): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(target, { signal: AbortSignal.timeout(timeoutMs()) });
  } catch (err) {
    const e = err as Error;
    if (e.name === 'TimeoutError' || e.name === 'AbortError') throw new AppError(504, 'mapServiceTimeout');
    throw new AppError(502, 'mapServiceError', undefined, 502, { provider, reason: e.message });
  }
  try {
    if (!res.ok) throw new ProviderError(provider, `HTTP ${res.status}`, res.statusText);
    return (await res.json()) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof ProviderError) throw err;
    const e = err as Error;
    if (e.name === 'TimeoutError' || e.name === 'AbortError') throw new AppError(504, 'mapServiceTimeout');
    throw new ProviderError(provider, 'invalid', 'answer is not JSON');
  }
}

/** Provider refusals become the catalogue error, with the provider's own words in `data`. */
async function guarded<T>(provider: Geocoder, f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (err) {
    if (err instanceof ProviderError) {
      throw new AppError(502, 'mapServiceError', undefined, 502, {
        provider,
        status: err.status,
        reason: err.message,
      });
    }
    throw err;
  }
}

export async function suggest(
  db: Db,
  q: { query: string; region?: string; coordType?: CoordType; language?: string; mapType?: string },
): Promise<{ status: 0; provider: Geocoder; result: Suggestion[] }> {
  const t = serviceTarget(await loadMapKeySetting(db), q.mapType);
  if (!t) throw mapConfigMissing();
  return guarded(t.provider, async () => {
    const body = await call(t.provider, suggestionUrl(t.provider, providerBase(t.provider), t.key, q));
    return {
      status: 0,
      provider: t.provider,
      result: parseSuggestions(t.provider, body, q.coordType ?? 'wgs84'),
    };
  });
}

/** Reverse-geocoding answers by provider, language and position rounded to ~11 m. */
const CACHE_TTL_MS = 10 * 60_000;
const CACHE_MAX = 5_000;
const cache = new Map<string, { at: number; value: Address }>();

export function clearAddressCache() {
  cache.clear();
}

export async function reverseGeocode(
  db: Db,
  q: { lat: number; lng: number; language?: string; mapType?: string },
): Promise<{ status: 0; provider: Geocoder; result: Address }> {
  const t = serviceTarget(await loadMapKeySetting(db), q.mapType);
  if (!t) throw mapConfigMissing();
  const key = `${t.provider}|${q.language ?? ''}|${q.lat.toFixed(4)},${q.lng.toFixed(4)}`;
  const hit = cache.get(key);
  const now = Date.now();
  if (hit && now - hit.at < CACHE_TTL_MS) return { status: 0, provider: t.provider, result: hit.value };
  return guarded(t.provider, async () => {
    const body = await call(
      t.provider,
      reverseUrl(t.provider, providerBase(t.provider), t.key, q.lat, q.lng, q.language),
    );
    const value = parseAddress(t.provider, body);
    // Map keeps insertion order: dropping the first entry drops the oldest.
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(key, { at: now, value });
    return { status: 0, provider: t.provider, result: value };
  });
}
