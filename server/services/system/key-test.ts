import { tileUrl } from '../../../src/maps/basemap/tiles';
import { DEFAULT_BASES, parseAddress, ProviderError, reverseUrl } from '../map/providers';
import { GEOCODERS, type Geocoder } from '../map/settings';

/**
 * "Test" of the mapKey screen: one real call to the provider with the key. Bases come from the
 * environment as for the web services (MAP_API_BASE, MAP_API_BASE_<PROVIDER>), so tests point
 * them at a local fake provider; with no internet the answer is `unreachable`, never an error.
 */
export const KEY_TEST_PROVIDERS = ['Baidu', 'GaoDe', 'Google', 'Yandex', 'Bing', 'xyz'] as const;
export type KeyTestProvider = (typeof KEY_TEST_PROVIDERS)[number];
export type KeyTestResult = 'ok' | 'invalid' | 'unreachable';

/** Short: an administrator waits for it, and a provider out of reach must not hold a request. */
export const KEY_TEST_TIMEOUT_MS = 3_000;

const TILE_BASES: Record<'Yandex' | 'Bing', string> = {
  Yandex: 'https://tiles.api-maps.yandex.ru',
  Bing: 'https://dev.virtualearth.net',
};
// Tiananmen: every provider covers it.
const PROBE = { lat: 39.9087, lng: 116.3975 };

const isGeocoder = (p: KeyTestProvider): p is Geocoder => (GEOCODERS as readonly string[]).includes(p);

export function testBase(p: Exclude<KeyTestProvider, 'xyz'>, env: NodeJS.ProcessEnv = process.env): string {
  const own = env[`MAP_API_BASE_${p.toUpperCase()}`] || env.MAP_API_BASE;
  return own || (isGeocoder(p) ? DEFAULT_BASES[p] : TILE_BASES[p]);
}

/** The URL one test call fetches. For xyz the "key" is the tile URL template itself. */
export function keyTestUrl(p: KeyTestProvider, key: string, env: NodeJS.ProcessEnv = process.env): string {
  if (p === 'xyz') return tileUrl(key, 0, 0, 0);
  const base = testBase(p, env).replace(/\/$/, '');
  const k = encodeURIComponent(key);
  if (p === 'Yandex') return `${base}/v1/tiles/?x=0&y=0&z=0&lang=en_US&l=map&apikey=${k}`;
  if (p === 'Bing') return `${base}/REST/v1/Imagery/Metadata/RoadOnDemand?key=${k}&output=json`;
  return reverseUrl(p, base, key, PROBE.lat, PROBE.lng);
}

export interface KeyTestAnswer {
  provider: KeyTestProvider;
  result: KeyTestResult;
  /** The provider's own words (status, message) or the network failure. */
  detail: string;
}

type Fetch = typeof fetch;

export async function testMapKey(
  provider: KeyTestProvider,
  key: string,
  deps: { fetch?: Fetch; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<KeyTestAnswer> {
  const answer = (result: KeyTestResult, detail: string) => ({
    provider,
    result,
    detail: detail.slice(0, 300),
  });
  let url: string;
  try {
    url = keyTestUrl(provider, key, deps.env);
    new URL(url);
  } catch {
    return answer('invalid', 'not a valid URL');
  }
  let res: Response;
  try {
    res = await (deps.fetch ?? fetch)(url, {
      signal: AbortSignal.timeout(deps.timeoutMs ?? KEY_TEST_TIMEOUT_MS),
    });
  } catch (err) {
    // fetch wraps the network error (refused, no DNS) as its cause; several addresses tried: errors[].
    const e = err as Error & { cause?: { code?: string; message?: string; errors?: { code?: string }[] } };
    const c = e.cause;
    return answer('unreachable', c?.code ?? c?.errors?.[0]?.code ?? c?.message ?? e.message);
  }
  // A refusal (bad key, quota) is an answer; a server error says nothing about the key.
  if (res.status >= 500) return answer('unreachable', `HTTP ${res.status}`);
  if (!res.ok) return answer('invalid', `HTTP ${res.status}`);
  if (!isGeocoder(provider)) return answer('ok', `HTTP ${res.status}`);
  try {
    parseAddress(provider, (await res.json()) as Record<string, unknown>);
    return answer('ok', 'status OK');
  } catch (err) {
    if (err instanceof ProviderError) return answer('invalid', err.message);
    return answer('invalid', 'answer is not JSON');
  } finally {
    // The body may be unread after a refusal: release the connection.
    await res.body?.cancel().catch(() => {});
  }
}
