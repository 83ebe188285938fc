import { KEYLESS_MAP_TYPES, MAP_TYPES, type MapChoice, type MapType } from '../domain/codes';
import type { StreetBasemapKind, TilesConfig } from './basemap/streets';
import { providerFor } from './providers';
import type { MapProvider } from './types';

// Pure, no L7: the pages decide before the map chunk loads (issue 32, "the user always knows
// what they are looking at").

/** Why a map shows no streets: tiles turned off, the tile server unreachable, or tiles that did not load. */
export type NoStreetsReason = 'off' | 'unreachable' | 'failed';

export interface DrawnInput {
  /** The user's choice, else the administrator's default, else the brand's map type. */
  wanted: MapChoice;
  /** Map types the mapKey setting has a browser key for; null while being asked. */
  keyed: readonly MapType[] | null;
  /** The key of `wanted` when it is keyed: undefined while being asked, null when none came. */
  key: string | null | undefined;
  /** The server's tile offer (GET /api/tiles/config): undefined while asked, null when it did not answer. */
  tiles: TilesConfig | null | undefined;
  /** The keyed provider's map did not load (script, key or start failure). */
  providerFailed: boolean;
  /** The OSM tiles did not load in the browser although the server offered them. */
  streetsFailed: boolean;
}

export interface Drawn {
  /** What the provider box shows: the keyed provider drawn, 'OSM', or 'Offline'. */
  choice: MapChoice;
  provider: MapProvider;
  /** Without a key, the basemap drawn; null for a keyed provider. */
  basemap: StreetBasemapKind | null;
  /** What 'Offline' draws here: the PMTILES_FILE streets or the bundled outlines (its label). */
  offline: 'vector' | 'outlines';
  /** Why only outlines are drawn although streets were wanted; null when nothing is missing. */
  noStreets: NoStreetsReason | null;
  /** The keyed provider that was wanted, has a key, and did not load. */
  failedProvider: MapType | null;
  /** What the provider box offers: keyed providers with a key, OSM when it answers, Offline. */
  options: MapChoice[];
}

const isKeyed = (c: MapChoice): c is MapType => (MAP_TYPES as readonly string[]).includes(c);

/** Why OSM tiles are not drawn, or null when they can be. */
function osmProblem(tiles: TilesConfig | null, streetsFailed: boolean): NoStreetsReason | null {
  if (!tiles) return 'failed';
  const state = tiles.osm ?? (tiles.raster ? 'ok' : 'off');
  if (state !== 'ok') return state;
  return streetsFailed || !tiles.raster ? 'failed' : null;
}

/**
 * What a map draws and what its provider box shows, from what was chosen and what the server
 * has: a keyed provider only with its key and only while it loads; without one, in order of
 * the choice, OSM tiles (when the server's tile server answers and the tiles load), the
 * PMTILES_FILE streets, the bundled outlines. Null while something needed is still being asked,
 * so no box or notice shows a provider that is not drawn.
 */
export function decideDrawn(i: DrawnInput): Drawn | null {
  if (i.keyed === null) return null;
  const keyedOk = isKeyed(i.wanted) && i.keyed.includes(i.wanted);
  if (keyedOk && i.key === undefined) return null;
  const failedProvider = keyedOk && (i.providerFailed || !i.key) ? (i.wanted as MapType) : null;
  const keyedOptions = MAP_TYPES.filter((t) => i.keyed!.includes(t));
  const osmOption = (tiles: TilesConfig | null | undefined) =>
    tiles !== undefined && osmProblem(tiles, i.streetsFailed) === null;
  const options = (tiles: TilesConfig | null | undefined): MapChoice[] => [
    ...keyedOptions,
    ...KEYLESS_MAP_TYPES.filter((k) => k === 'Offline' || osmOption(tiles)),
  ];
  const offline = i.tiles?.vector ? 'vector' : 'outlines';

  if (keyedOk && !failedProvider) {
    // A keyed map does not wait for the tile offer (it may take the server a few seconds to
    // learn that its tile server does not answer); OSM joins the options once known.
    return {
      choice: i.wanted,
      provider: providerFor(i.wanted, true),
      basemap: null,
      offline,
      noStreets: null,
      failedProvider: null,
      options: options(i.tiles),
    };
  }
  if (i.tiles === undefined) return null;

  const osm = osmProblem(i.tiles, i.streetsFailed);
  let basemap: StreetBasemapKind;
  if (i.wanted === 'Offline') basemap = offline;
  else if (i.wanted === 'OSM') basemap = osm === null ? 'osm' : offline;
  // A keyed provider without a key (or one that failed): the streets the server has, its own first.
  else basemap = i.tiles?.vector ? 'vector' : osm === null ? 'osm' : 'outlines';

  return {
    choice: basemap === 'osm' ? 'OSM' : 'Offline',
    provider: 'offline',
    basemap,
    offline,
    // Only outlines although streets were wanted: say why (not when the outlines were chosen).
    noStreets: basemap === 'outlines' && i.wanted !== 'Offline' ? osm : null,
    failedProvider,
    options: options(i.tiles),
  };
}

/** The label key of a choice in the provider box (monitor namespace, `mapType.*`). */
export const choiceLabelKey = (choice: MapChoice, offline: Drawn['offline']): string =>
  choice === 'Offline' ? (offline === 'vector' ? 'mapType.OfflineStreets' : 'mapType.Outlines') : `mapType.${choice}`;

/**
 * Whether the Normal / Satellite switch can do anything: satellite imagery comes only with a
 * keyed provider (src/maps/scene.ts, basemap/tiles.ts). `on` while one is drawn; `choose` when
 * one has a key but another map is drawn (the provider box offers it); `none` when no keyed
 * provider can be drawn here, or while deciding.
 */
export function satelliteOffer(drawn: Drawn | null): 'on' | 'choose' | 'none' {
  if (!drawn) return 'none';
  if (drawn.provider !== 'offline') return 'on';
  return drawn.options.some(isKeyed) ? 'choose' : 'none';
}
