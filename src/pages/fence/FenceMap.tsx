import { lazy, Suspense, useMemo } from 'react';
import type { MapDevice } from '../../maps/types';
import type { LngLat } from '../../maps/draw/geometry';
import { boundsPoints } from '../../maps/draw/geometry';
import { basemapProps, useMapSetup } from '../monitor/useMapSetup';
import type { Fence } from './api';
import { fenceAt, mapFenceOf, shapeOfFence } from './shapes';
import { MapLoading } from '../../maps/MapLoading';
import { MapStatus } from '../../maps/MapStatus';

// L7 loads with the map views only.
const FleetMap = lazy(() => import('../../maps').then((m) => ({ default: m.FleetMap })));
const FitView = lazy(() => import('../../maps').then((m) => ({ default: m.FitView })));
const MapClick = lazy(() => import('../../maps').then((m) => ({ default: m.MapClick })));

interface Props {
  fences: readonly Fence[];
  devices?: readonly MapDevice[];
  /** Refit the view when this changes. */
  fitKey: string | number;
  onFenceClick?(fence: Fence): void;
}

const NO_DEVICES: MapDevice[] = [];

/** Fences (and devices) on the monitor's basemap, fitted to them, with its provider box and notice; clicks pick a fence. */
export default function FenceMap({ fences, devices = NO_DEVICES, fitKey, onFenceClick }: Props) {
  const setup = useMapSetup();
  const mapFences = useMemo(() => fences.flatMap((f) => mapFenceOf(f) ?? []), [fences]);
  const points = useMemo<LngLat[]>(() => {
    const out: LngLat[] = [];
    for (const f of fences) {
      const s = shapeOfFence(f);
      if (s) out.push(...boundsPoints(s));
    }
    for (const d of devices) out.push([d.lng, d.lat]);
    return out;
  }, [fences, devices]);

  return (
    <MapStatus setup={setup}>
      <Suspense fallback={<MapLoading />}>
        <FleetMap {...basemapProps(setup)} devices={devices} fences={mapFences} showLabels={devices.length > 0}>
          {points.length > 0 && <FitView points={points} fitKey={fitKey} />}
          {onFenceClick && (
            <MapClick
              onClick={(lng, lat) => {
                const f = fenceAt(fences, lng, lat);
                if (f) onFenceClick(f);
              }}
            />
          )}
        </FleetMap>
      </Suspense>
    </MapStatus>
  );
}
