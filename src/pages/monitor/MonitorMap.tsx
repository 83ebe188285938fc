import { Spin } from 'antd';
import { forwardRef, lazy, Suspense, useCallback, useMemo, useRef } from 'react';
import type { CarIconState } from '../../domain/codes';
import { carIconState, displayName, type MonitorDevice } from '../../domain/device-view';
import type { StreetBasemapKind } from '../../maps/basemap/streets';
import type { FleetMapHandle, FleetMapProps, MapDevice, MapProvider } from '../../maps/types';
import { publishPositionsApplied, publishRendered } from './benchHooks';
import type { AppliedPosition, DeviceStore } from './store';

// The light map (a 2D canvas) when there is no key and no vector tiles; L7 for the rest. Each
// loads with the monitor route only, and only the one shown.
const FleetMap = lazy(() => import('../../maps').then((m) => ({ default: m.FleetMap })));
const LiteMap = lazy(() => import('../../maps/lite').then((m) => ({ default: m.LiteMap })));

/**
 * Which map draws: the light one for the offline provider unless the basemap is the vector
 * tiles (L7 draws those); null while the page decides the basemap (useMapSetup).
 */
function mapKind(provider: MapProvider, basemap: StreetBasemapKind | null | undefined): 'lite' | 'l7' | null {
  if (provider !== 'offline') return 'l7';
  return basemap == null ? null : basemap === 'vector' ? 'l7' : 'lite';
}

type Passed = Omit<FleetMapProps, 'devices' | 'onRendered'>;

interface Props extends Passed {
  store: DeviceStore;
  version: number;
  now: number;
  /** True once the list shows its rows; window.__monitor waits for both. */
  listReady: () => boolean;
}

interface Cached {
  src: MonitorDevice;
  state: CarIconState;
  /** Generation of the last build that saw the device; older entries are gone from the list. */
  stamp: number;
  md: MapDevice;
}

/**
 * The map with the store's devices. Marker objects are rebuilt only for devices that changed
 * (or whose icon state changed with time), so the map module can tell cheap updates apart.
 * It also feeds the benchmark hooks once the map has drawn.
 */
export const MonitorMap = forwardRef<FleetMapHandle, Props>(function MonitorMap(
  { store, version, now, listReady, ...mapProps },
  ref,
) {
  const cache = useRef(new Map<number, Cached>());
  const generation = useRef(0);
  // Positions handed to the map and waiting for its next "rendered" report.
  const handed = useRef<AppliedPosition[]>([]);

  // The clock the cached icon states were derived at: they only change with the device or time.
  const statesAt = useRef(NaN);
  const devices = useMemo(() => {
    // The cache is updated in place (no new Map per update): at 2,000 updates/s the garbage
    // of a fresh 10,000-entry map every half second showed in the profile.
    const cached = cache.current;
    const out: MapDevice[] = [];
    const stamp = ++generation.current;
    const timeMoved = statesAt.current !== now;
    statesAt.current = now;
    for (const d of store.devices.values()) {
      if (!d.location) continue;
      let c = cached.get(d.id);
      // Deriving the state parses the device's times: at 50,000 devices that is only done for
      // the few hundred that changed since the last flush, and for all when the clock ticks.
      const state = c && c.src === d && !timeMoved ? c.state : carIconState(d, now);
      if (!c || c.src !== d || c.state !== state) {
        c = {
          src: d,
          state,
          stamp,
          md: {
            id: d.id,
            lng: d.location.lon,
            lat: d.location.lat,
            course: d.location.course,
            iconState: state,
            iconType: d.iconType,
            label: displayName(d),
          },
        };
        cached.set(d.id, c);
      } else c.stamp = stamp;
      out.push(c.md);
    }
    if (cached.size > out.length) for (const [id, c] of cached) if (c.stamp !== stamp) cached.delete(id);
    const applied = store.takeApplied();
    for (const p of applied) handed.current.push(p);
    return out;
    // `version` stands for the store's content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, version, now]);

  const onRendered = useCallback(
    ({ markers, at }: { markers: number; at: number }) => {
      if (handed.current.length) {
        const batch = handed.current;
        handed.current = [];
        publishPositionsApplied(batch);
      }
      if (listReady()) publishRendered(markers, store.devices.size, at);
    },
    [listReady, store],
  );

  const kind = mapKind(mapProps.provider, mapProps.basemap);
  const ShownMap = kind === 'lite' ? LiteMap : FleetMap;
  const loading = <Spin style={{ display: 'block', margin: '120px auto' }} />;
  return (
    <Suspense fallback={loading}>
      {kind ? <ShownMap ref={ref} {...mapProps} devices={devices} onRendered={onRendered} /> : loading}
    </Suspense>
  );
});
