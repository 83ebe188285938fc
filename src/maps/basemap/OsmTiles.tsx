import { useEffect } from 'react';
import { RasterLayer } from '../l7';
import { removeLayer, useMap, Z } from '../MapContext';
import type { RasterTilesInfo } from './streets';

/**
 * OpenStreetMap raster tiles through our server (/api/tiles/osm, which sends the User-Agent
 * OSM's tile policy asks for and caches them). StreetBasemap has checked that one loads.
 */
export function OsmTiles({ info }: { info: RasterTilesInfo }) {
  const { scene } = useMap();
  useEffect(() => {
    const layer = new RasterLayer({ zIndex: Z.tiles, name: 'tiles-osm' });
    // L7's zoom counts 512 px tiles; OSM's are 256 px, so one zoom deeper keeps them sharp
    // (at map zoom 15 the tiles of zoom 16, shown at their own size, as on openstreetmap.org).
    layer.source(info.tiles, {
      parser: { type: 'rasterTile', tileSize: 256, zoomOffset: 1, maxZoom: info.maxzoom },
    });
    scene.addLayer(layer);
    return () => removeLayer(scene, layer);
  }, [scene, info]);
  return null;
}
