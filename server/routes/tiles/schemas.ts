import { Body, Int, Type } from '../../lib/schema/primitives';
import { Nullable } from '../../lib/schema/response';
import { TILE_INDEX_MAX, TILE_ZOOM_MAX } from '../../services/tiles/tile-path';

/** z/x/y of a tile; x and y below 2^z is checked by the route (tileProblem). */
export const TileParams = Body({
  z: Int(0, TILE_ZOOM_MAX),
  x: Int(0, TILE_INDEX_MAX),
  y: Int(0, TILE_INDEX_MAX),
});

export const TilesConfig = Type.Object({
  vector: Nullable(
    Type.Object({
      tiles: Type.String({ description: 'URL template of the MVT tiles, {z}/{x}/{y}' }),
      minzoom: Type.Integer(),
      maxzoom: Type.Integer(),
      bounds: Type.Array(Type.Number(), { description: '[west, south, east, north]' }),
      center: Type.Array(Type.Number(), { description: '[lng, lat, zoom]' }),
      layers: Type.Array(Type.String(), { description: 'Source layers of the archive' }),
      attribution: Nullable(Type.String()),
    }, { description: 'The self-hosted .pmtiles archive (PMTILES_FILE), or null' }),
  ),
  raster: Nullable(
    Type.Object({
      tiles: Type.String({ description: 'URL template of the proxied raster tiles' }),
      maxzoom: Type.Integer(),
      attribution: Type.String(),
    }, { description: 'OpenStreetMap raster tiles through this server (OSM_TILE_URL) when its tile server answers, or null' }),
  ),
  osm: Type.Union([Type.Literal('ok'), Type.Literal('off'), Type.Literal('unreachable')], {
    description: 'The OSM tile proxy: ok, off (OSM_TILE_URL=off) or unreachable (its tile server does not answer this server)',
  }),
});
