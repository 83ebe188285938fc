import { useEffect, useRef } from 'react';
import { LineLayer, PointLayer, PolygonLayer, type ILayer } from '../l7';
import type { Feature, FeatureCollection, Polygon } from 'geojson';
import { fenceRing } from '../fences';
import { labelPoint } from '../basemap/outlines';
import { removeLayer, useMap, Z } from '../MapContext';
import type { MapFence } from '../types';

const FENCE = '#722ed1';

/** Fences (circles and polygons): translucent fill, outline and name. */
export function FencesLayer({ fences }: { fences?: readonly MapFence[] }) {
  const { scene, toMap } = useMap();
  const layers = useRef<{ fill: ILayer; outline: ILayer; names: ILayer } | null>(null);

  useEffect(() => {
    const empty: FeatureCollection = { type: 'FeatureCollection', features: [] };
    const fill = new PolygonLayer({ zIndex: Z.fences, name: 'fences-fill' }).source(empty).shape('fill').color(FENCE).style({ opacity: 0.12 });
    const outline = new LineLayer({ zIndex: Z.fences, name: 'fences-outline' }).source(empty).shape('line').size(2).color(FENCE);
    const names = new PointLayer({ zIndex: Z.fences, name: 'fences-names' })
      .source([], { parser: { type: 'json', x: 'lng', y: 'lat' } })
      .shape('name', 'text')
      .size(12)
      .color(FENCE)
      .style({ fontFamily: 'sans-serif', stroke: '#ffffff', strokeWidth: 2 });
    for (const l of [fill, outline, names]) scene.addLayer(l);
    layers.current = { fill, outline, names };
    return () => {
      layers.current = null;
      for (const l of [fill, outline, names]) removeLayer(scene, l);
    };
  }, [scene]);

  useEffect(() => {
    const l = layers.current;
    if (!l) return;
    const features: Feature<Polygon>[] = [];
    const names: { lng: number; lat: number; name: string }[] = [];
    for (const fence of fences ?? []) {
      const ring = fenceRing(fence);
      if (!ring) continue;
      const geometry: Polygon = { type: 'Polygon', coordinates: [ring.map(([a, b]) => toMap(a, b))] };
      features.push({ type: 'Feature', properties: { id: fence.id }, geometry });
      const at = labelPoint(geometry);
      if (at) names.push({ lng: at[0], lat: at[1], name: fence.name });
    }
    const collection: FeatureCollection = { type: 'FeatureCollection', features };
    l.fill.setData(collection);
    l.outline.setData(collection);
    l.names.setData(names);
  }, [toMap, fences]);

  return null;
}
