import { useEffect } from 'react';
import { LineLayer, PointLayer, PolygonLayer, type ILayer } from '@antv/l7';
import { removeLayer, useMap, Z } from '../MapContext';
import { logMapFailure } from '../log';
import { loadOutlines } from './outlines';

const LAND = '#f4f1ea';
const BORDER = '#9a9a9a';
const PROVINCE = '#b8b3a7';
const NAME = '#5c5c5c';

/**
 * The offline basemap: land, country borders, Chinese provinces and place names, all drawn by
 * L7 from bundled outlines. Names use the browser's own fonts (L7 rasterises text locally with
 * a canvas), so no glyph or font request leaves the page.
 */
export function OfflineBasemap() {
  const { scene } = useMap();
  useEffect(() => {
    let cancelled = false;
    const layers: ILayer[] = [];
    loadOutlines()
      .then(({ land, countries, provinces, names }) => {
        if (cancelled) return;
        const landFill = new PolygonLayer({ zIndex: Z.land, name: 'basemap-land' }).source(land).shape('fill').color(LAND).style({ opacity: 1 });
        // 'simple' lines are one-pixel GL lines: no per-segment triangles to build, which for
        // the world borders saves noticeable of main-thread work on a slow machine.
        const borders = new LineLayer({ zIndex: Z.borders, name: 'basemap-borders' }).source(countries).shape('simple').color(BORDER);
        const provinceLines = new LineLayer({ zIndex: Z.provinces, name: 'basemap-provinces', minZoom: 3 }).source(provinces).shape('simple').color(PROVINCE);
        const countryNames = new PointLayer({ zIndex: Z.placeNames, name: 'basemap-country-names', minZoom: 3, maxZoom: 7 })
          .source(names.filter((n) => n.kind === 'country'), { parser: { type: 'json', x: 'lng', y: 'lat' } })
          .shape('name', 'text')
          .size(12)
          .color(NAME)
          .style({ fontFamily: 'sans-serif', stroke: '#ffffff', strokeWidth: 2, textAllowOverlap: false });
        const provinceNames = new PointLayer({ zIndex: Z.placeNames, name: 'basemap-province-names', minZoom: 4, maxZoom: 9 })
          .source(names.filter((n) => n.kind === 'province'), { parser: { type: 'json', x: 'lng', y: 'lat' } })
          .shape('name', 'text')
          .size(12)
          .color(NAME)
          .style({ fontFamily: 'sans-serif', stroke: '#ffffff', strokeWidth: 2, textAllowOverlap: false });
        for (const layer of [landFill, borders, provinceLines, countryNames, provinceNames]) {
          layers.push(layer);
          scene.addLayer(layer);
        }
      })
      .catch((error) => logMapFailure('init', 'offline outlines', error));
    return () => {
      cancelled = true;
      for (const layer of layers) removeLayer(scene, layer);
    };
  }, [scene]);
  return null;
}
