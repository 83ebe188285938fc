import { useRef } from 'react';
import type { MonitorDevice } from '../../domain/device-view';

/** Positions kept for the selected device's trail on the map. */
const TRAIL_MAX = 200;

/**
 * The selected device's recent positions, as seen live since it was selected (WGS-84 lng/lat).
 * A new array only when a point was added, so the map redraws the trail only then.
 */
export function useTrail(device: MonitorDevice | undefined): readonly [number, number][] {
  const ref = useRef<{ id?: number; fix?: string; points: [number, number][] }>({ points: [] });
  const cur = ref.current;
  if (device?.id !== cur.id) {
    ref.current = { id: device?.id, fix: undefined, points: [] };
  }
  const r = ref.current;
  const loc = device?.location;
  if (loc && loc.utcTime !== r.fix) {
    r.fix = loc.utcTime;
    r.points = [...r.points, [loc.lon, loc.lat] as [number, number]].slice(-TRAIL_MAX);
  }
  return r.points;
}
