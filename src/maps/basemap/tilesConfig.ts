import { TILES_CONFIG, type TilesConfig } from './streets';

// No L7 here: the pages (useMapSetup) read the offer before the map chunk loads.

const TIMEOUT_MS = 8_000;
let asked: Promise<TilesConfig | null> | null = null;

/**
 * The street basemaps the server offers (GET /api/tiles/config), asked once per page load;
 * null when the server does not answer (asked again next time).
 */
export function fetchTilesConfig(): Promise<TilesConfig | null> {
  asked ??= fetch(TILES_CONFIG, { signal: AbortSignal.timeout(TIMEOUT_MS) })
    .then(async (r) => (r.ok ? ((await r.json()) as { data: TilesConfig }).data : null))
    .catch(() => null)
    .then((config) => {
      if (!config) asked = null;
      return config;
    });
  return asked;
}
