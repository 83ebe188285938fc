import { useEffect, useMemo, useRef } from 'react';
import { labelPoint } from '../../basemap/outlines';
import { fenceRing } from '../../fences';
import type { MapFence } from '../../types';
import { LZ, useLiteMap } from '../context';
import { tracePath } from '../path';
import { shapeOf } from '../rings';

const FENCE = '#722ed1';
const FILL_ALPHA = 0.12;
const NAME_FONT = '12px sans-serif';

/** A fence ready to draw: its WGS-84 ring, the ring's bounding box and where its name goes. */
interface Drawn {
  ring: [number, number][];
  west: number;
  south: number;
  east: number;
  north: number;
  name: string;
  at: [number, number] | null;
}

/** Rings and label points, computed once per `fences` (circle rings take 64 destination() calls). */
function prepare(fences: readonly MapFence[] | undefined): Drawn[] {
  const out: Drawn[] = [];
  for (const fence of fences ?? []) {
    const ring = fenceRing(fence);
    if (!ring) continue;
    const { west, south, east, north } = shapeOf([ring]);
    const at = labelPoint({ type: 'Polygon', coordinates: [ring] });
    out.push({ ring, west, south, east, north, name: fence.name, at });
  }
  return out;
}

/**
 * Fences (circles and polygons) on the light map, as the L7 FencesLayer: translucent fill, 2 px
 * outline and the name with a white halo. Positions are WGS-84 as they come (offline provider).
 */
export function FencesLayer({ fences }: { fences?: readonly MapFence[] }) {
  const { view } = useLiteMap();
  const drawn = useMemo(() => prepare(fences), [fences]);
  // The layer is added once per view; its draw reads the latest rings through this ref.
  const latest = useRef(drawn);
  latest.current = drawn;

  useEffect(
    () =>
      view.addLayer({
        z: LZ.fences,
        draw(ctx) {
          const { width, height } = view.camera;
          const shown: Drawn[] = [];
          ctx.fillStyle = FENCE;
          ctx.strokeStyle = FENCE;
          ctx.lineWidth = 2;
          ctx.lineJoin = 'round';
          for (const f of latest.current) {
            // Screen y grows southwards: the north-west corner is the top left.
            const [x0, y0] = view.project(f.west, f.north);
            const [x1, y1] = view.project(f.east, f.south);
            if (x1 < 0 || y1 < 0 || x0 > width || y0 > height) continue;
            shown.push(f);
            ctx.beginPath();
            tracePath(ctx, view, f.ring, true);
            // Each fence filled on its own, so overlapping fences darken as on the L7 map.
            ctx.globalAlpha = FILL_ALPHA;
            ctx.fill();
            ctx.globalAlpha = 1;
            ctx.stroke();
          }
          // Names after every ring, so no fence's fill covers another's name.
          ctx.font = NAME_FONT;
          ctx.textAlign = 'center';
          ctx.textBaseline = 'middle';
          ctx.lineWidth = 2;
          ctx.strokeStyle = '#ffffff';
          for (const f of shown) {
            if (!f.at || !f.name) continue;
            const [x, y] = view.project(f.at[0], f.at[1]);
            ctx.strokeText(f.name, x, y);
            ctx.fillText(f.name, x, y);
          }
        },
      }),
    [view],
  );

  // A new fence list draws on the next frame (the view redraws only when asked).
  useEffect(() => view.render(), [view, drawn]);

  return null;
}
