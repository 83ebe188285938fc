import Source from '@antv/l7-source/es/base-source';
import { registerParser } from '@antv/l7-source/es/factory';
import geojson from '@antv/l7-source/es/parser/geojson';
import image from '@antv/l7-source/es/parser/image';
import json from '@antv/l7-source/es/parser/json';
import mapboxVectorTile from '@antv/l7-source/es/parser/mvt';
import raster from '@antv/l7-source/es/parser/raster';
import rasterTile from '@antv/l7-source/es/parser/raster-tile';

/**
 * Stands in for `@antv/l7-source` (aliased in vite.config.ts): its index registers every data
 * parser and transform (CSV, hexagon and grid aggregation, band maths, …). These are the parsers
 * the app's layers use (json, geojson), those of raster and vector tiles (rasterTile and the
 * image and raster tiles it makes, mvt, and the tiles' own geojson ones); not the GeoJSON- and
 * JSON-tiling ones (geojsonvt, jsonTile). A source with another
 * parser type fails at run time with L7's "parser not found": register it here.
 */
registerParser('geojson', geojson);
registerParser('json', json);
registerParser('image', image);
registerParser('raster', raster);
registerParser('rasterTile', rasterTile);
registerParser('mvt', mapboxVectorTile);

export default Source;
export { getParser, getTransform, registerParser, registerTransform } from '@antv/l7-source/es/factory';
export { processRelativeCoordinates } from '@antv/l7-source/es/utils/relative-coordinates';
export * from '@antv/l7-source/es/interface';
