import { useEffect } from 'react';
import { loadOutlines, type PlaceName } from '../../basemap/outlines';
import {
  BORDER,
  COUNTRY_NAMES,
  LAND,
  NAME,
  PROVINCE,
  PROVINCE_NAMES,
  PROVINCES_FROM,
} from '../../basemap/outlineStyle';
import { logMapFailure } from '../../log';
import { LZ, useLiteMap } from '../context';
import { drawName, LabelPlacer, nameStyle } from '../labels';
import { tracePath } from '../path';
import { meets, polygonShapes, type Shape } from '../rings';
import type { LiteView } from '../view';

const within = (zoom: number, [from, to]: readonly [number, number]) => zoom >= from && zoom <= to;

/** Shapes meeting the view (with a margin) traced into one path. */
function traceShapes(
  ctx: CanvasRenderingContext2D,
  view: LiteView,
  shapes: readonly Shape[],
  close: boolean,
) {
  const [[w, s], [e, n]] = view.getBounds();
  const mx = (e - w) * 0.1;
  const my = (n - s) * 0.1;
  const bounds: [[number, number], [number, number]] = [
    [w - mx, s - my],
    [e + mx, n + my],
  ];
  ctx.beginPath();
  for (const shape of shapes) {
    if (!meets(shape, bounds)) continue;
    for (const ring of shape.rings) tracePath(ctx, view, ring, close);
  }
}

/**
 * The outlines basemap on the light map: land over the sea colour, country borders, Chinese
 * provinces from PROVINCES_FROM, and place names at the zooms the L7 basemap shows them. The
 * bundled outlines load with this layer only (the monitor shows OSM tiles when it can).
 */
export function OutlinesLayer() {
  const { view } = useLiteMap();
  useEffect(() => {
    let removers: (() => void)[] = [];
    let cancelled = false;
    loadOutlines()
      .then(({ land, countries, provinces, names }) => {
        if (cancelled) return;
        const landShapes = polygonShapes(land);
        const countryShapes = polygonShapes(countries);
        const provinceShapes = polygonShapes(provinces);
        const countryNames = names.filter((p) => p.kind === 'country');
        const provinceNames = names.filter((p) => p.kind === 'province');
        removers = [
          view.addLayer({
            z: LZ.land,
            draw(ctx) {
              traceShapes(ctx, view, landShapes, true);
              ctx.fillStyle = LAND;
              ctx.fill('evenodd');
            },
          }),
          view.addLayer({
            z: LZ.borders,
            draw(ctx) {
              traceShapes(ctx, view, countryShapes, true);
              ctx.strokeStyle = BORDER;
              ctx.lineWidth = 1;
              ctx.stroke();
              if (view.getZoom() < PROVINCES_FROM) return;
              traceShapes(ctx, view, provinceShapes, true);
              ctx.strokeStyle = PROVINCE;
              ctx.stroke();
            },
          }),
          view.addLayer({
            z: LZ.placeNames,
            draw(ctx) {
              const zoom = view.getZoom();
              const shown: PlaceName[] = [
                ...(within(zoom, PROVINCE_NAMES) ? provinceNames : []),
                ...(within(zoom, COUNTRY_NAMES) ? countryNames : []),
              ];
              if (!shown.length) return;
              const { width, height } = view.camera;
              const placer = new LabelPlacer();
              nameStyle(ctx, NAME);
              for (const p of shown) {
                const [x, y] = view.project(p.lng, p.lat);
                if (x < -50 || y < -20 || x > width + 50 || y > height + 20) continue;
                drawName(ctx, placer, p.name, x, y);
              }
            },
          }),
        ];
      })
      .catch((error) => logMapFailure('init', 'offline outlines', error));
    return () => {
      cancelled = true;
      for (const remove of removers) remove();
    };
  }, [view]);
  return null;
}
