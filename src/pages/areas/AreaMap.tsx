import { useMemo } from 'react';
import { FitView, FleetMap, MapClick } from '../../maps';
import { boundsPoints, type LngLat } from '../../maps/draw/geometry';
import { MapStatus } from '../../maps/MapStatus';
import { basemapProps, useMapSetup } from '../monitor/useMapSetup';
import { fenceAt, shapeOfFence } from '../fence/shapes';
import type { Area } from './api';
import { mapFenceOfArea } from './shapes';

const NO_DEVICES: never[] = [];

/**
 * Every area of a screen on the monitor's basemap, fitted to them, with its provider box and
 * notice; a click on one picks it.
 * A chunk of its own (it pulls in L7): the list page loads it lazily.
 */
export default function AreaMap({ areas, onPick }: { areas: readonly Area[]; onPick?(a: Area): void }) {
  const setup = useMapSetup();
  const fences = useMemo(() => areas.flatMap((a) => mapFenceOfArea(a) ?? []), [areas]);
  const points = useMemo<LngLat[]>(() => areas.flatMap((a) => {
    const s = shapeOfFence(a);
    return s ? boundsPoints(s) : [];
  }), [areas]);
  // Refit when the set of areas changes, not on every reload of the same ones.
  const fitKey = areas.map((a) => a.id).join(',');
  return (
    <MapStatus setup={setup}>
      <FleetMap {...basemapProps(setup)} devices={NO_DEVICES} fences={fences} showLabels={false}>
        {points.length > 0 && <FitView points={points} fitKey={fitKey} />}
        {onPick && (
          <MapClick
            onClick={(lng, lat) => {
              const a = fenceAt(areas, lng, lat);
              if (a) onPick(a);
            }}
          />
        )}
      </FleetMap>
    </MapStatus>
  );
}
