import { Spin } from 'antd';
import { forwardRef, lazy, Suspense, useCallback, useMemo, useRef } from 'react';
import type { CarIconState } from '../../domain/codes';
import { carIconState, displayName, type MonitorDevice } from '../../domain/device-view';
import type { FleetMapHandle, FleetMapProps, MapDevice } from '../../maps/types';
import { publishPositionsApplied, publishRendered } from './benchHooks';
import type { AppliedPosition, DeviceStore } from './store';

// L7 and the basemap outlines load with the monitor route only.
const FleetMap = lazy(() => import('../../maps').then((m) => ({ default: m.FleetMap })));

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
  // Positions handed to the map and waiting for its next "rendered" report.
  const handed = useRef<AppliedPosition[]>([]);

  const devices = useMemo(() => {
    const next = new Map<number, Cached>();
    const out: MapDevice[] = [];
    for (const d of store.devices.values()) {
      if (!d.location) continue;
      const state = carIconState(d, now);
      const old = cache.current.get(d.id);
      const c =
        old && old.src === d && old.state === state
          ? old
          : {
              src: d,
              state,
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
      next.set(d.id, c);
      out.push(c.md);
    }
    cache.current = next;
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

  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '120px auto' }} />}>
      <FleetMap ref={ref} {...mapProps} devices={devices} onRendered={onRendered} />
    </Suspense>
  );
});
