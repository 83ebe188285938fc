import { useEffect, useRef, useState } from 'react';
import { pathMeters } from '../../distance';
import type { DistanceUnit } from '../../types';
import { LZ, useLiteMap } from '../context';
import { tracePath } from '../path';
import type { MapClick } from '../view';
import { MEASURE_STROKE, MEASURE_STROKE_WIDTH, MeasureTotal } from '../../layers/MeasureTotal';

const DOT_RADIUS = 4;

interface Props {
  unit: DistanceUnit;
  onMeasure?(meters: number): void;
}

/**
 * Distance measure on the light map, as the L7 MeasureTool: each click on the map adds a point;
 * the polyline and its running total are shown. Mounted only while the tool is active;
 * unmounting clears it. Clicks arrive in WGS-84, which is what the total needs.
 */
export function MeasureTool({ unit, onMeasure }: Props) {
  const { view } = useLiteMap();
  const [meters, setMeters] = useState(0);
  const [count, setCount] = useState(0);
  const report = useRef(onMeasure);
  report.current = onMeasure;

  useEffect(() => {
    // Local to the effect: a remount (the tool switched off and on) starts a new measure.
    const points: [number, number][] = [];
    const removeLayer = view.addLayer({
      z: LZ.measure,
      draw(ctx) {
        if (!points.length) return;
        ctx.strokeStyle = MEASURE_STROKE;
        ctx.lineWidth = MEASURE_STROKE_WIDTH;
        ctx.lineJoin = 'round';
        if (points.length >= 2) {
          ctx.beginPath();
          tracePath(ctx, view, points);
          ctx.stroke();
        }
        ctx.fillStyle = '#ffffff';
        for (const [lng, lat] of points) {
          const [x, y] = view.project(lng, lat);
          ctx.beginPath();
          ctx.arc(x, y, DOT_RADIUS, 0, 2 * Math.PI);
          ctx.fill();
          ctx.stroke();
        }
      },
    });
    const onClick = (e: MapClick) => {
      points.push([e.lngLat[0], e.lngLat[1]]);
      const total = pathMeters(points);
      setMeters(total);
      setCount(points.length);
      view.render();
      report.current?.(total);
    };
    view.on('click', onClick);
    const canvas = view.canvas;
    const previousCursor = canvas.style.cursor;
    canvas.style.cursor = 'crosshair';
    return () => {
      view.off('click', onClick);
      canvas.style.cursor = previousCursor;
      removeLayer();
    };
  }, [view]);

  return count < 2 ? null : <MeasureTotal meters={meters} unit={unit} />;
}
