import { useEffect, useRef } from 'react';
import { PointLayer } from '../l7';
import { removeLayer, useMap, Z } from '../MapContext';
import type { MapDevice } from '../types';
import { FLUSH_MS, SINGLES_FROM_ZOOM } from './cluster';

/** At most this many names at once: more would be unreadable and costly to lay out. */
const MAX_LABELS = 400;

interface Props {
  devices: readonly MapDevice[];
  visible: boolean;
}

/**
 * Device names under their icons. Only the devices inside the view get a name, and only once
 * clusters have split (a text layer over 10,000 names would be slow and unreadable). Refreshed
 * after the map stops moving and, like the icons, at most every FLUSH_MS for data changes.
 */
export function LabelsLayer({ devices, visible }: Props) {
  const { scene, toMap } = useMap();
  const latest = useRef(devices);
  latest.current = devices;
  const request = useRef<() => void>(() => {});

  useEffect(() => {
    if (!visible) return;
    let disposed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let shown = -1;
    const layer = new PointLayer({ zIndex: Z.labels, name: 'device-labels' })
      .source([], { parser: { type: 'json', x: 'lng', y: 'lat' } })
      .shape('label', 'text')
      .size(12)
      .color('#262626')
      .style({ fontFamily: 'sans-serif', stroke: '#ffffff', strokeWidth: 2, textOffset: [0, -56], textAllowOverlap: false });
    scene.addLayer(layer);

    const refresh = () => {
      timer = undefined;
      if (disposed) return;
      const rows: { lng: number; lat: number; label: string }[] = [];
      if (scene.getZoom() >= SINGLES_FROM_ZOOM) {
        const [[minLng, minLat], [maxLng, maxLat]] = scene.getBounds();
        for (const d of latest.current) {
          const [lng, lat] = toMap(d.lng, d.lat);
          if (lng < minLng || lng > maxLng || lat < minLat || lat > maxLat) continue;
          rows.push({ lng, lat, label: d.label });
          if (rows.length >= MAX_LABELS) break;
        }
      }
      // Nothing shown and nothing to show: skip the rebuild.
      if (rows.length === 0 && shown === 0) return;
      shown = rows.length;
      layer.setData(rows);
    };
    const schedule = (delay: number) => {
      if (!timer) timer = setTimeout(refresh, delay);
    };
    const onMove = () => schedule(0);
    request.current = () => schedule(FLUSH_MS);
    scene.on('moveend', onMove);
    scene.on('zoomend', onMove);
    schedule(0);
    return () => {
      disposed = true;
      if (timer) clearTimeout(timer);
      request.current = () => {};
      scene.off('moveend', onMove);
      scene.off('zoomend', onMove);
      removeLayer(scene, layer);
    };
  }, [scene, toMap, visible]);

  useEffect(() => {
    request.current();
  }, [devices]);

  return null;
}
