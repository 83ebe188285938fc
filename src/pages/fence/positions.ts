import { useEffect, useState } from 'react';
import type { LocationsV2 } from '../../domain/device-locations';
import { carIconState, displayName } from '../../domain/device-view';
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
          devicesFromColumns(columns)
            .filter((d) => wanted.has(d.terminalID) && d.location)
            .map((d) => ({
              id: d.id,
              lng: d.location!.lon,
              lat: d.location!.lat,
              course: d.location!.course,
              iconState: carIconState(d, now),
              iconType: d.iconType,
              label: displayName(d),
            })),
        );
      })
      .catch(() => live && setDevices([]));
    return () => {
      live = false;
    };
  }, [key]);
  return devices;
}
