/**
 * Street basemaps without a map key (docs/maps.md, "Streets without a key"): what the server
 * offers (GET /api/tiles/config) and which one the map shows. Pure, shared with the server.
 *
 * Order: a keyed provider when the mapKey setting has a key (the page decides that); else the
 * self-hosted vector tiles when PMTILES_FILE is set; else OpenStreetMap raster tiles through our
 * server when they load; else the bundled outlines, with the page's offline notice.
 */

/** The server's tile routes (server/routes/tiles), as L7 URL templates. */
export const VECTOR_TILES = '/api/tiles/vector/{z}/{x}/{y}.pbf';
export const RASTER_TILES = '/api/tiles/osm/{z}/{x}/{y}.png';
export const TILES_CONFIG = '/api/tiles/config';
/** Deepest zoom of tile.openstreetmap.org (its tile policy); the map over-zooms past it. */
export const OSM_MAX_ZOOM = 19;
/** Required by the OpenStreetMap licence wherever its tiles are shown; not translated (a legal notice). */
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';
export const OSM_COPYRIGHT_URL = 'https://www.openstreetmap.org/copyright';

export interface VectorTilesInfo {
  tiles: string;
  minzoom: number;
  maxzoom: number;
  bounds: number[];
  center: number[];
  layers: string[];
  attribution: string | null;
}

export interface RasterTilesInfo {
  tiles: string;
  maxzoom: number;
  attribution: string;
}

/** The server's OSM tile proxy: answering, turned off (OSM_TILE_URL=off), or its tile server unreachable. */
export type OsmState = 'ok' | 'off' | 'unreachable';

export interface TilesConfig {
  vector: VectorTilesInfo | null;
  /** Set only while the OSM tile server answers the server (osm 'ok'). */
  raster: RasterTilesInfo | null;
  /** Absent from servers before issue 32: read as 'off' when raster is null. */
  osm?: OsmState;
}

/** The basemap a map without a key shows: what the page's notice and the tests go by. */
export type StreetBasemapKind = 'vector' | 'osm' | 'outlines';

export type StreetChoice =
  { kind: 'vector'; info: VectorTilesInfo } | { kind: 'osm'; info: RasterTilesInfo } | { kind: 'outlines' };

/**
 * The basemap to draw: `wanted` (the page's decision, src/maps/drawn.ts) when the server offers
 * it, else the first it offers. The OSM one still has to load (probe) before it is shown.
 */
export function chooseStreets(config: TilesConfig | null, wanted?: StreetBasemapKind): StreetChoice {
  if (wanted === 'outlines') return { kind: 'outlines' };
  if (wanted === 'osm' && config?.raster) return { kind: 'osm', info: config.raster };
  if (config?.vector) return { kind: 'vector', info: config.vector };
  if (config?.raster && wanted !== 'vector') return { kind: 'osm', info: config.raster };
  return { kind: 'outlines' };
}

/**
 * An attribution as plain text: archive metadata often holds HTML links
 * (`<a href="…">Protomaps</a> © <a href="…">OpenStreetMap</a>`), never rendered as HTML here.
 */
export function attributionText(html: string | null): string {
  if (!html) return '';
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&copy;/g, '©')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
