import { useEffect, useRef, type MutableRefObject } from 'react';
import { distanceMeters } from '../distance';
import { useMap } from '../MapContext';
import { onUserHand } from '../userHand';
import type { LngLat } from './geometry';
import { drawingZoom, worldPxOf } from './measure';

/** What the editor's controls outside the map ask of it. */
export interface ViewBridge {
  /** The centre of the view, WGS-84: where a circle typed by its radius goes. */
  centre(): LngLat;
}

interface Props {
  /** The vehicle the editor was opened for: the view starts on it, at the drawing zoom. */
  focus: LngLat | null;
  /** The account's vehicles: without a focus the view starts on all of them. */
  fleet: readonly LngLat[];
  /** The vehicles have been asked for (the start waits for them, once). */
  ready: boolean;
  /** A shape is there already (its editor fits the view to it): the start leaves the view alone. */
  skip: boolean;
  bridge?: MutableRefObject<ViewBridge | null>;
  /** The view after each move, WGS-84 (the editor's element shows it for tests and scripts). */
  onView?(centre: LngLat, zoom: number): void;
}

/** Pixels apart of the two points the map's scale is measured between. */
const PROBE_PX = 100;

/**
 * Where the shape editor opens: on its vehicle at a zoom where a street-scale shape is a small
 * drag (measure.ts drawingZoom; the provider's zoom scale is measured on the map itself, so the
 * same ground scale results on L7's map and on the keyed providers'), or on the whole fleet, no
 * closer than that. Done once, when the vehicles have arrived, and never once the user's hand
 * has been on the map. Draws nothing.
 */
export function EditorView({ focus, fleet, ready, skip, bridge, onView }: Props) {
  const { scene, host, toMap, fromMap } = useMap();
  const started = useRef(false);
  const reported = useRef(onView);
  reported.current = onView;

  const centre = (): LngLat => {
    const c = scene.getCenter();
    return fromMap(c.lng, c.lat);
  };

  /** The drawing zoom at `lat` on this map. */
  const zoomAt = (lat: number): number => {
    const w = host.clientWidth / 2;
    const h = host.clientHeight / 2;
    const a = scene.containerToLngLat([w - PROBE_PX / 2, h]);
    const b = scene.containerToLngLat([w + PROBE_PX / 2, h]);
    const mpp = distanceMeters(fromMap(a.lng, a.lat), fromMap(b.lng, b.lat)) / PROBE_PX;
    if (!(mpp > 0)) return drawingZoom(lat);
    return drawingZoom(lat, worldPxOf(centre()[1], scene.getZoom(), mpp));
  };

  useEffect(() => {
    if (bridge) bridge.current = { centre };
    const report = () => reported.current?.(centre(), scene.getZoom());
    report();
    scene.on('moveend', report);
    scene.on('zoomend', report);
    return () => {
      if (bridge) bridge.current = null;
      scene.off('moveend', report);
      scene.off('zoomend', report);
    };
    // `centre` reads the scene and converter listed here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scene, fromMap, bridge]);

  // A user who takes the map before the vehicles have come keeps their view (and what they drew).
  useEffect(() => onUserHand(host, () => (started.current = true)), [host]);

  useEffect(() => {
    if (started.current || !ready) return;
    started.current = true;
    if (skip) return;
    if (focus) {
      scene.setZoomAndCenter(zoomAt(focus[1]), toMap(focus[0], focus[1]));
      return;
    }
    if (!fleet.length) return;
    // A loop, not Math.min(...): a fleet may hold tens of thousands of vehicles.
    let [w, e, s, n] = [Infinity, -Infinity, Infinity, -Infinity];
    for (const [lng, lat] of fleet) {
      const [x, y] = toMap(lng, lat);
      [w, e, s, n] = [Math.min(w, x), Math.max(e, x), Math.min(s, y), Math.max(n, y)];
    }
    const closest = zoomAt((s + n) / 2);
    if (w === e && s === n) scene.setZoomAndCenter(closest, [w, s]);
    else {
      scene.fitBounds([[w, s], [e, n]], { padding: 60, animate: false });
      // A fleet parked in one street is shown at the drawing zoom, not closer.
      if (scene.getZoom() > closest) scene.setZoom(closest);
    }
    // Once, when the vehicles are there; later changes of these never move the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, skip]);

  return null;
}
