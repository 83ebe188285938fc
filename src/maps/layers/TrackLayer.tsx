import { useEffect, useRef } from 'react';
import { useMap } from '../MapContext';
import { attachTrackCanvas } from './trackCanvas';
import { paintTracks, type MapTrack } from './trackPaint';

export type { MapTrack } from './trackPaint';

/**
 * Played tracks: each in its device's colour, the state colours on top (spec section 4), start
 * and end markers, direction arrows and stays, on a 2D canvas over the map (`trackCanvas`).
 */
export function TrackLayer({
  tracks,
  onDrawn,
}: {
  tracks: readonly MapTrack[];
  /** After the frame that shows new tracks: how many and their points. */
  onDrawn?(tracks: number, points: number): void;
}) {
  const { scene, host, toMap } = useMap();
  const canvas = useRef<ReturnType<typeof attachTrackCanvas> | null>(null);
  const drawn = useRef(onDrawn);
  drawn.current = onDrawn;

  useEffect(() => {
    const c = attachTrackCanvas(scene, host);
    canvas.current = c;
    return () => {
      canvas.current = null;
      c.remove();
    };
  }, [scene, host]);

  useEffect(() => {
    canvas.current?.show(paintTracks(tracks, toMap));
    const points = tracks.reduce((n, tr) => n + tr.shape.t.length, 0);
    // Drawn now; reported after the frame that shows it.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => drawn.current?.(tracks.length, points));
    });
    return () => cancelAnimationFrame(frame);
  }, [scene, host, toMap, tracks]);

  return null;
}
