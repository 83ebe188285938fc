import { useEffect, useState } from 'react';
import type { LocationsV2 } from '../../domain/device-locations';
import { mapDeviceOf } from '../../maps/draw/useFleet';
import type { MapDevice } from '../../maps/types';
import { request } from '../../providers/http';
import { devicesFromColumns } from '../monitor/decode';

/** Current positions of some devices of the caller (the monitor's columnar list, filtered). */
export function useDevicePositions(terminalIDs: readonly string[]): MapDevice[] {
  const [devices, setDevices] = useState<MapDevice[]>([]);
  const key = [...terminalIDs].sort().join(',');
  useEffect(() => {
    if (!key) {
      setDevices([]);
      return;
    }
    let live = true;
    const wanted = new Set(key.split(','));
    request<LocationsV2>('/device/findDeviceLocationAllV2', {})
      .then(({ columns }) => {
        if (!live) return;
        const now = Date.now();
        setDevices(
          devicesFromColumns(columns).flatMap((d) =>
            wanted.has(d.terminalID) && d.location ? [mapDeviceOf({ ...d, location: d.location }, now)] : [],
          ),
        );
      })
      .catch(() => live && setDevices([]));
    return () => {
      live = false;
    };
  }, [key]);
  return devices;
}
