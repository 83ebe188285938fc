import { logMapFailure, reasonText } from '../log';
import { chooseStreets, type StreetBasemapKind, type StreetChoice } from './streets';
import { fetchTilesConfig } from './tilesConfig';
import { tileAt, tileUrl } from './tiles';

const REQUEST_TIMEOUT_MS = 8_000;

/** Loads the OSM tile under the map's centre through our server; rejects when none comes (no internet). */
async function probeOsm(template: string, lng: number, lat: number, zoom: number): Promise<void> {
  const z = Math.max(0, Math.min(19, Math.round(zoom)));
  const [x, y] = tileAt(lng, lat, z);
  const r = await fetch(tileUrl(template, x, y, z), { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (!r.ok) throw new Error(`OSM tile answered ${r.status}`);
}

/**
 * The basemap of a map without a key (docs/maps.md): `wanted` (the page's decision) when the
 * server offers it, else vector tiles when the server has a .pmtiles archive, else
 * OpenStreetMap tiles; OSM tiles only once the one under the centre (WGS-84) has loaded, else
 * the bundled outlines with the reason the tiles failed.
 */
export async function pickStreets(
  center: readonly [number, number],
  zoom: number,
  wanted?: StreetBasemapKind,
): Promise<{ choice: StreetChoice; failure?: string }> {
  const choice = chooseStreets(await fetchTilesConfig(), wanted);
  if (choice.kind !== 'osm') return { choice };
  try {
    await probeOsm(choice.info.tiles, center[0], center[1], zoom);
    return { choice };
  } catch (error) {
    logMapFailure('tiles', 'osm', error);
    return { choice: { kind: 'outlines' }, failure: reasonText(error) };
  }
}
