import { useEffect } from 'react';
import { LineLayer, PointLayer, PolygonLayer, type ILayer } from '../l7';
import { removeLayer, useMap, Z } from '../MapContext';
import { logMapFailure } from '../log';
import { loadOutlines, type PlaceName } from './outlines';
import {
  BORDER,
  COUNTRY_NAMES,
  LAND,
  NAME,
  NAMES_UP_TO,
  PROVINCE,
  PROVINCE_NAMES,
  PROVINCES_FROM,
} from './outlineStyle';

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
    const timers: ReturnType<typeof setTimeout>[] = [];
    let onZoom: (() => void) | undefined;
    // One layer per task: building them all in one go was one long main-thread task.
    const addInTurn = (list: ILayer[]) => {
      list.forEach((layer, i) =>
        timers.push(
          setTimeout(() => {
            if (cancelled) return;
            layers.push(layer);
            scene.addLayer(layer);
          }, i * 16),
        ),
      );
    };
    loadOutlines()
      .then(({ land, countries, provinces, names }) => {
        if (cancelled) return;
        const landFill = new PolygonLayer({ zIndex: Z.land, name: 'basemap-land' })
          .source(land)
          .shape('fill')
          .color(LAND)
          .style({ opacity: 1 });
        // 'simple' lines are one-pixel GL lines: no per-segment triangles to build.
        const borders = new LineLayer({ zIndex: Z.borders, name: 'basemap-borders' })
          .source(countries)
          .shape('simple')
          .color(BORDER);
        const provinceLines = new LineLayer({
          zIndex: Z.provinces,
          name: 'basemap-provinces',
          minZoom: PROVINCES_FROM,
        })
          .source(provinces)
          .shape('simple')
          .color(PROVINCE);
        addInTurn([landFill, borders, provinceLines]);

        // Names show below zoom NAMES_UP_TO only; the monitor opens closer in, so their text
        // layout waits until the user zooms out that far.
        const addNames = () => {
          const nameLayer = (kind: PlaceName['kind'], minZoom: number, maxZoom: number) =>
            new PointLayer({ zIndex: Z.placeNames, name: `basemap-${kind}-names`, minZoom, maxZoom })
              .source(
                names.filter((n) => n.kind === kind),
                { parser: { type: 'json', x: 'lng', y: 'lat' } },
              )
              .shape('name', 'text')
              .size(12)
              .color(NAME)
              .style({
                fontFamily: 'sans-serif',
                stroke: '#ffffff',
                strokeWidth: 2,
                textAllowOverlap: false,
              });
          addInTurn([nameLayer('country', ...COUNTRY_NAMES), nameLayer('province', ...PROVINCE_NAMES)]);
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
      timers.forEach(clearTimeout);
      if (onZoom) scene.off('zoomend', onZoom);
      for (const layer of layers) removeLayer(scene, layer);
    };
  }, [scene]);
  return null;
}
