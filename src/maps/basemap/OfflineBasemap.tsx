import { useEffect } from 'react';
import { LineLayer, PointLayer, PolygonLayer } from '../l7';
import { useMap, Z } from '../MapContext';
import { logMapFailure } from '../log';
import { LayersInTurn } from './layersInTurn';
import { loadOutlines, type PlaceName } from './outlines';

const LAND = '#f4f1ea';
const BORDER = '#9a9a9a';
const PROVINCE = '#b8b3a7';
const NAME = '#5c5c5c';
/** Place names are drawn up to this zoom. */
const NAMES_UP_TO = 9;

/**
 * The offline basemap: land, country borders, Chinese provinces and place names, all drawn by
 * L7 from bundled outlines. Names use the browser's own fonts (L7 rasterises text locally with
 * a canvas), so no glyph or font request leaves the page.
 */
export function OfflineBasemap() {
  const { scene } = useMap();
  useEffect(() => {
    let cancelled = false;
    const layers = new LayersInTurn(scene);
    let onZoom: (() => void) | undefined;
    loadOutlines()
      .then(({ land, countries, provinces, names }) => {
        if (cancelled) return;
        const landFill = new PolygonLayer({ zIndex: Z.land, name: 'basemap-land' }).source(land).shape('fill').color(LAND).style({ opacity: 1 });
        // 'simple' lines are one-pixel GL lines: no per-segment triangles to build.
        const borders = new LineLayer({ zIndex: Z.borders, name: 'basemap-borders' }).source(countries).shape('simple').color(BORDER);
        const provinceLines = new LineLayer({ zIndex: Z.provinces, name: 'basemap-provinces', minZoom: 3 }).source(provinces).shape('simple').color(PROVINCE);
        layers.add([landFill, borders, provinceLines]);

        // Names show below zoom NAMES_UP_TO only; the monitor opens closer in, so their text
        // layout waits until the user zooms out that far.
        const addNames = () => {
          const nameLayer = (kind: PlaceName['kind'], minZoom: number, maxZoom: number) =>
            new PointLayer({ zIndex: Z.placeNames, name: `basemap-${kind}-names`, minZoom, maxZoom })
              .source(names.filter((n) => n.kind === kind), { parser: { type: 'json', x: 'lng', y: 'lat' } })
              .shape('name', 'text')
              .size(12)
              .color(NAME)
              .style({ fontFamily: 'sans-serif', stroke: '#ffffff', strokeWidth: 2, textAllowOverlap: false });
          layers.add([nameLayer('country', 3, 7), nameLayer('province', 4, NAMES_UP_TO)]);
        };
        if (scene.getZoom() <= NAMES_UP_TO) addNames();
        else {
          onZoom = () => {
            if (scene.getZoom() > NAMES_UP_TO || !onZoom) return;
            scene.off('zoomend', onZoom);
            onZoom = undefined;
            addNames();
          };
          scene.on('zoomend', onZoom);
        }
      })
      .catch((error) => logMapFailure('init', 'offline outlines', error));
    return () => {
      cancelled = true;
      layers.clear();
      if (onZoom) scene.off('zoomend', onZoom);
    };
  }, [scene]);
  return null;
}
