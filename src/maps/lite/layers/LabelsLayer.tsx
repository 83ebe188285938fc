import { useEffect, useRef } from 'react';
import type { MapDevice } from '../../types';
import { FLUSH_MS, SINGLES_FROM_ZOOM } from '../../layers/cluster';
import { LZ, useLiteMap } from '../context';
import { drawName, LabelPlacer, nameStyle } from '../labels';

/** At most this many names at once: more would be unreadable and costly to lay out. */
const MAX_LABELS = 400;
/** Names sit under the 40 px icon. */
const BELOW_ICON = 30;

/**
 * Device names under their icons, once clusters have split (as on the L7 map). Which devices
 * are in view is worked out when the map rests and at most every FLUSH_MS for data changes;
 * each frame only places those few hundred names.
 */
export function LabelsLayer({ devices, visible }: { devices: readonly MapDevice[]; visible: boolean }) {
  const { view } = useLiteMap();
  const latest = useRef(devices);
  latest.current = devices;
  const request = useRef<() => void>(() => {});

  useEffect(() => {
    if (!visible) return;
    let rows: MapDevice[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      timer = undefined;
      const next: MapDevice[] = [];
      if (view.getZoom() >= SINGLES_FROM_ZOOM) {
        const [[w, s], [e, n]] = view.getBounds();
        for (const d of latest.current) {
          if (d.lng < w || d.lng > e || d.lat < s || d.lat > n) continue;
          next.push(d);
          if (next.length >= MAX_LABELS) break;
        }
      }
      if (next.length === 0 && rows.length === 0) return;
      rows = next;
      view.render();
    };
    const schedule = (delay: number) => {
      if (!timer) timer = setTimeout(refresh, delay);
    };
    const onMove = () => schedule(0);
    request.current = () => schedule(FLUSH_MS);
    view.on('moveend', onMove);
    const remove = view.addLayer({
      z: LZ.labels,
      draw(ctx) {
        if (!rows.length || view.getZoom() < SINGLES_FROM_ZOOM) return;
        const placer = new LabelPlacer();
        nameStyle(ctx, '#262626');
        for (const d of rows) {
          const [x, y] = view.project(d.lng, d.lat);
          drawName(ctx, placer, d.label, x, y + BELOW_ICON);
        }
      },
    });
    schedule(0);
    return () => {
      if (timer) clearTimeout(timer);
      request.current = () => {};
      view.off('moveend', onMove);
      remove();
    };
  }, [view, visible]);

  useEffect(() => {
    request.current();
  }, [devices]);

  return null;
}
