import { useEffect, useState } from 'react';
import { carIconState, displayName, type MonitorDevice } from '../../domain/device-view';
import { fetchDevices } from '../../pages/monitor/api';
import { storedAccountId } from '../../pages/monitor/listPrefetch';
import type { MapDevice } from '../types';

/** A device with a position as the map draws it (the monitor's marker: icon, state, course, name). */
export function mapDeviceOf(d: MonitorDevice & { location: NonNullable<MonitorDevice['location']> }, now: number): MapDevice {
  return {
    id: d.id,
    lng: d.location.lon,
    lat: d.location.lat,
    course: d.location.course,
    iconState: carIconState(d, now),
    iconType: d.iconType,
    label: displayName(d),
  };
}

export interface Fleet {
  /** The vehicles with a position. */
  devices: MapDevice[];
  /** The vehicle asked for, when it is among them with a position. */
  focus: MapDevice | null;
  /** The list has been answered (or failed: the editor then opens without vehicles). */
  loaded: boolean;
}

const EMPTY: MapDevice[] = [];

/**
 * The vehicles a shape editor shows: those the monitor shows (the account chosen there, else the
 * caller's), where they were when the editor opened; `focusTid` (an IMEI) picks the one the
 * editor was opened for.
 */
export function useFleet(focusTid?: string): Fleet {
  const [fleet, setFleet] = useState<Fleet>({ devices: EMPTY, focus: null, loaded: false });
  useEffect(() => {
    const ctrl = new AbortController();
    fetchDevices(storedAccountId(), ctrl.signal)
      .then((list) => {
        const now = Date.now();
        const devices: MapDevice[] = [];
        let focus: MapDevice | null = null;
        for (const d of list) {
          if (!d.location) continue;
          const md = mapDeviceOf({ ...d, location: d.location }, now);
          devices.push(md);
          if (d.terminalID === focusTid) focus = md;
        }
        setFleet({ devices, focus, loaded: true });
      })
      .catch(() => {
        if (!ctrl.signal.aborted) setFleet({ devices: EMPTY, focus: null, loaded: true });
      });
    return () => ctrl.abort();
  }, [focusTid]);
  return fleet;
}
