import { useEffect, useRef, useState } from 'react';
import { LineLayer, PointLayer } from '../l7';
import { pathMeters } from '../distance';
import { removeLayer, useMap, Z } from '../MapContext';
import type { DistanceUnit } from '../types';
import { MEASURE_STROKE, MEASURE_STROKE_WIDTH, MeasureTotal } from './MeasureTotal';

interface Props {
  unit: DistanceUnit;
  onMeasure?(meters: number): void;
}

/**
 * Distance measure: each click on the map adds a point; the polyline and its running total
 * (metric or US units) are shown. Mounted only while the tool is active; unmounting clears it.
 * Points are kept in WGS-84 so the total is right whatever the provider's coordinate system.
 */
export function MeasureTool({ unit, onMeasure }: Props) {
  const { scene, toMap, fromMap } = useMap();
  const [meters, setMeters] = useState(0);
  const [count, setCount] = useState(0);
  const report = useRef(onMeasure);
  report.current = onMeasure;

  useEffect(() => {
    const points: [number, number][] = [];
    const line = new LineLayer({ zIndex: Z.measure, name: 'measure-line' })
      .source([], { parser: { type: 'json', coordinates: 'path' } })
      .shape('line')
      .size(MEASURE_STROKE_WIDTH)
      .color(MEASURE_STROKE);
    const dots = new PointLayer({ zIndex: Z.measure, name: 'measure-points' })
      .source([], { parser: { type: 'json', x: 'lng', y: 'lat' } })
      .shape('circle')
      .size(4)
      .color('#ffffff')
      .style({ stroke: MEASURE_STROKE, strokeWidth: MEASURE_STROKE_WIDTH });
    scene.addLayer(line);
    scene.addLayer(dots);
    const onClick = (e: { lngLat?: { lng: number; lat: number } }) => {
      if (!e.lngLat) return;
      points.push(fromMap(e.lngLat.lng, e.lngLat.lat));
      const drawn = points.map(([a, b]) => toMap(a, b));
      dots.setData(drawn.map(([lng, lat]) => ({ lng, lat })));
      line.setData(drawn.length >= 2 ? [{ path: drawn }] : []);
      const total = pathMeters(points);
      setMeters(total);
      setCount(points.length);
      report.current?.(total);
    };
    scene.on('click', onClick);
    const container = scene.getContainer();
    const previousCursor = container?.style.cursor ?? '';
    if (container) container.style.cursor = 'crosshair';
    return () => {
      scene.off('click', onClick);
      if (container) container.style.cursor = previousCursor;
      removeLayer(scene, line);
      removeLayer(scene, dots);
    };
  }, [scene, toMap, fromMap]);

  return count < 2 ? null : <MeasureTotal meters={meters} unit={unit} />;
}
