import { useEffect, useRef } from 'react';
import { LineLayer, PointLayer, type ILayer } from '../l7';
import { removeLayer, useMap, Z } from '../MapContext';
import type { SelectionProps } from '../types';

const HIGHLIGHT = '#1677ff';

/**
 * The selected device: a ring under its icon, the trail of its recent positions, and, when
 * following, the map kept centred on it. The layers are created once and fed with setData.
 */
export function SelectedLayer({ devices, selectedId, follow, trail }: SelectionProps) {
  const { scene, toMap } = useMap();
  const layers = useRef<{ ring: ILayer; line: ILayer } | null>(null);

  useEffect(() => {
    const ring = new PointLayer({ zIndex: Z.selected, name: 'selected-device' })
      .source([], { parser: { type: 'json', x: 'lng', y: 'lat' } })
      .shape('circle')
      .size(26)
      .color(HIGHLIGHT)
      .style({ opacity: 0.18, stroke: HIGHLIGHT, strokeWidth: 3, strokeOpacity: 1 });
    const line = new LineLayer({ zIndex: Z.trail, name: 'selected-trail' })
      .source([], { parser: { type: 'json', coordinates: 'path' } })
      .shape('line')
      .size(3)
      .color(HIGHLIGHT)
      .style({ opacity: 0.8 });
    scene.addLayer(line);
    scene.addLayer(ring);
    layers.current = { ring, line };
    return () => {
      layers.current = null;
      removeLayer(scene, ring);
      removeLayer(scene, line);
    };
  }, [scene]);

  // The selected device's position in map coordinates, or null.
  const selected = selectedId === undefined ? undefined : devices.find((d) => d.id === selectedId);
  const lng = selected?.lng;
  const lat = selected?.lat;

  useEffect(() => {
    const l = layers.current;
    if (!l) return;
    if (lng === undefined || lat === undefined) {
      l.ring.setData([]);
      return;
    }
    const [x, y] = toMap(lng, lat);
    l.ring.setData([{ lng: x, lat: y }]);
    if (follow) scene.panTo([x, y]);
  }, [scene, toMap, lng, lat, follow]);

  useEffect(() => {
    const l = layers.current;
    if (!l) return;
    const path = (trail ?? []).map(([a, b]) => toMap(a, b));
    l.line.setData(path.length >= 2 ? [{ path }] : []);
  }, [toMap, trail]);

  return null;
}
