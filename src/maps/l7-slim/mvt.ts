import { registerParser } from '@antv/l7-source/es/factory';
import mapboxVectorTile from '@antv/l7-source/es/parser/mvt';

/**
 * L7's vector-tile parser (with pbf and @mapbox/vector-tile, about 5 KB gzip), registered when
 * the vector basemap is first drawn (VectorBasemap.tsx) rather than with every map.
 */
registerParser('mvt', mapboxVectorTile);
