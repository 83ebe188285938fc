import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { MapContextValue } from './MapContext';
import { onUserHand } from './userHand';

type Bounds = [[number, number], [number, number]];

/**
 * Fits the view to bounds (map coordinates) and keeps them fitted while the map's box changes
 * size, until the user moves the map. A page often lays out around a map after fitting it
 * (playback's chart and tables arrive after its tracks): without this the tracks stay where the
 * first, different box put them, cut at an edge or shrunk into a corner.
 */
export function useKeptFit(container: RefObject<HTMLElement | null>, ctx: MapContextValue | null, padding: number) {
  const kept = useRef<Bounds | null>(null);

  const apply = useCallback(
    (b: Bounds) => {
      if (!ctx) return;
      // L7's own map learns its box through a throttled observer (50 ms): fitted before it has,
      // the bounds are fitted to the old size and then cut by the new one. Told first, it fits
      // the box as it is now (the keyed providers' maps follow their box themselves).
      (ctx.scene.map as { resize?: () => void } | undefined)?.resize?.();
      ctx.scene.fitBounds(b, { padding, animate: false });
    },
    [ctx, padding],
  );

  useEffect(() => {
    const el = container.current;
    if (!el || !ctx) return;
    // The user's hand on the map ends the keeping: their view is theirs.
    const release = onUserHand(el, () => (kept.current = null));
    let frame = 0;
    const ro = new ResizeObserver(() => {
      if (!kept.current) return;
      cancelAnimationFrame(frame);
      // After the scene has taken its new size (it follows the box too).
      const b = kept.current;
      frame = requestAnimationFrame(() => kept.current === b && apply(b));
    });
    ro.observe(el);
    return () => {
      ro.disconnect();
      cancelAnimationFrame(frame);
      release();
    };
  }, [container, ctx, apply]);

  return useCallback(
    (b: Bounds | null) => {
      kept.current = b;
      if (b) apply(b);
    },
    [apply],
  );
}
