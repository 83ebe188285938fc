import { useCallback, useEffect, useRef, useState } from 'react';

/** Every few seconds the OTA screens read their list again: progress moves on the server. */
export const OTA_POLL_MS = 3000;

/** A list loaded now, again every `ms` while the screen is open, and on `reload()`. */
export function usePolled<T>(load: () => Promise<T>, deps: unknown[], ms = OTA_POLL_MS) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  const reload = useCallback(async () => {
    try {
      setData(await loadRef.current());
      setError(null);
    } catch (e) {
      setError(e);
    }
  }, []);
  useEffect(() => {
    void reload();
    const timer = setInterval(() => void reload(), ms);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reload, ms, ...deps]);
  return { data, error, reload };
}
