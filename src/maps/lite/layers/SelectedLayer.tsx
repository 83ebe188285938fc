import { useEffect, useRef } from 'react';
import type { SelectionProps } from '../../types';
import { LZ, useLiteMap } from '../context';
import { tracePath } from '../path';

const HIGHLIGHT = '#1677ff';
/** The L7 ring is a 26 px circle under the 40 px icon. */
const RING_RADIUS = 13;

/**
 * The selected device on the light map, as the L7 SelectedLayer: a ring under its icon, the
 * trail of its recent positions, and, when following, the view kept centred on it. Two draw
 * layers are added once per view and read the latest position and trail through a ref.
 */
export function SelectedLayer({ devices, selectedId, follow, trail }: SelectionProps) {
  const { view } = useLiteMap();
  const selected = selectedId === undefined ? undefined : devices.find((d) => d.id === selectedId);
  const lng = selected?.lng;
  const lat = selected?.lat;
  const latest = useRef({ lng, lat, trail });
  latest.current = { lng, lat, trail };

  useEffect(() => {
    const removeTrail = view.addLayer({
      z: LZ.trail,
      draw(ctx) {
        const path = latest.current.trail;
        if (!path || path.length < 2) return;
        ctx.beginPath();
        tracePath(ctx, view, path);
        ctx.globalAlpha = 0.8;
        ctx.strokeStyle = HIGHLIGHT;
        ctx.lineWidth = 3;
        ctx.lineJoin = 'round';
        ctx.lineCap = 'round';
        ctx.stroke();
      },
    });
    const removeRing = view.addLayer({
      z: LZ.selected,
      draw(ctx) {
        const { lng: x0, lat: y0 } = latest.current;
        if (x0 === undefined || y0 === undefined) return;
        const [x, y] = view.project(x0, y0);
        ctx.beginPath();
        ctx.arc(x, y, RING_RADIUS, 0, 2 * Math.PI);
        ctx.globalAlpha = 0.18;
        ctx.fillStyle = HIGHLIGHT;
        ctx.fill();
        ctx.globalAlpha = 1;
        ctx.strokeStyle = HIGHLIGHT;
        ctx.lineWidth = 3;
        ctx.stroke();
      },
    });
    return () => {
      removeTrail();
      removeRing();
    };
  }, [view]);

  // Redraw on a new position or trail; panTo (following) asks for its own frame.
  useEffect(() => {
    if (follow && lng !== undefined && lat !== undefined) view.panTo([lng, lat]);
    else view.render();
  }, [view, lng, lat, follow]);

  useEffect(() => view.render(), [view, trail]);

  return null;
}
