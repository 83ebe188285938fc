import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { SESSION_KEYS } from '../../providers/session';
import { connectLive, type LiveStatus } from '../../providers/live';
import { loadDeviceList } from './api';
import { storedAccountId } from './listPrefetch';
import type { ListOrder } from '../../domain/list-order';
import { DeviceStore } from './store';

/** The account whose devices are shown; kept in session storage (`selectAgentId`, spec section 3). */
export function useSelectedAccount(): [number | undefined, (id: number | undefined) => void] {
  const [id, setId] = useState<number | undefined>(storedAccountId);
  const choose = useCallback((next: number | undefined) => {
    if (next) sessionStorage.setItem(SESSION_KEYS.selectAgentId, String(next));
    else sessionStorage.removeItem(SESSION_KEYS.selectAgentId);
    setId(next);
  }, []);
  return [id, choose];
}

/** The selected device's IMEI; kept in session storage as `selectedTid` (spec section 3). */
export function useSelectedDevice(): [string | undefined, (tid: string | undefined) => void] {
  const [tid, setTid] = useState<string | undefined>(
    () => sessionStorage.getItem(SESSION_KEYS.selectedTid) || undefined,
  );
  const choose = useCallback((next: string | undefined) => {
    if (next) sessionStorage.setItem(SESSION_KEYS.selectedTid, next);
    else sessionStorage.removeItem(SESSION_KEYS.selectedTid);
    setTid(next);
  }, []);
  return [tid, choose];
}

export interface MonitorData {
  store: DeviceStore;
  version: number;
  loading: boolean;
  /** True once the first list has arrived (an empty list counts). */
  loaded: boolean;
  error: boolean;
  liveStatus: LiveStatus;
  reload(): void;
}

/**
 * Loads the device list over REST (a new load aborts the one in flight, spec section 4), keeps
 * it current from the websocket, and reloads after a reconnect.
 */
export function useMonitorData(
  token: string | null,
  accountId: number | undefined,
  order: ListOrder,
): MonitorData {
  // The order the page starts with; later choices go through store.setOrder.
  const [store] = useState(() => new DeviceStore(order));
  const version = useSyncExternalStore(store.subscribe, store.getVersion);
  const [loading, setLoading] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState(false);
  const [liveStatus, setLiveStatus] = useState<LiveStatus>('connecting');
  const inFlight = useRef<AbortController | null>(null);

  const reload = useCallback(() => {
    inFlight.current?.abort();
    const ctrl = new AbortController();
    inFlight.current = ctrl;
    setLoading(true);
    loadDeviceList(accountId, store.getOrder(), ctrl.signal)
      // Merged in slices, a task each (the list worker has parsed and ordered them).
      .then((load) => store.replaceSlices(load, () => ctrl.signal.aborted))
      .then((done) => {
        if (!done || ctrl.signal.aborted) return;
        setError(false);
        setLoaded(true);
      })
      .catch((err: unknown) => {
        // A cancelled load is the expected result of a newer one: silent (spec section 8).
        if ((err as Error)?.name === 'AbortError' || ctrl.signal.aborted) return;
        // Other failed list loads empty the list (spec section 8).
        store.clear();
        setError(true);
        setLoaded(true);
      })
      .finally(() => {
        if (!ctrl.signal.aborted) store.onListLoaded?.();
        if (inFlight.current === ctrl) {
          inFlight.current = null;
          setLoading(false);
        }
      });
  }, [accountId, store]);

  useEffect(() => {
    reload();
    return () => inFlight.current?.abort();
  }, [reload]);

  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  useEffect(() => {
    if (!token) return;
    const live = connectLive({
      token,
      onEvents: (events) => store.enqueue(events),
      onReconnect: () => reloadRef.current(),
      onStatus: setLiveStatus,
    });
    return () => live.close();
  }, [token, store]);

  useEffect(() => () => store.dispose(), [store]);

  return { store, version, loading, loaded, error, liveStatus, reload };
}

/**
 * The home page's countdown refresh: counts down once a second, calls `onZero` and starts
 * again; stands still while the tab is hidden, since nobody is looking.
 */
export function useCountdown(seconds: number, onZero: () => void): number {
  const [left, setLeft] = useState(seconds);
  const leftRef = useRef(seconds);
  const onZeroRef = useRef(onZero);
  onZeroRef.current = onZero;
  useEffect(() => {
    leftRef.current = seconds;
    const timer = setInterval(() => {
      if (document.visibilityState === 'hidden') return;
      leftRef.current -= 1;
      if (leftRef.current <= 0) {
        leftRef.current = seconds;
        onZeroRef.current();
      }
      setLeft(leftRef.current);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return left;
}

/** A clock for durations on screen ("Stopped 12 min"), ticking every `ms`. */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
