import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A module loaded on first use, once (page weight, issue 18): antd's Select, TreeSelect and
 * AutoComplete bring rc-select, rc-tree and rc-virtual-list, some 45 KB gzip, which a page can
 * leave out of its first paint when a look-alike stands in until the control is used.
 */
export interface LazyModule<M> {
  /** Starts the import (once) and resolves with the module; a failed import is tried again next time. */
  load(): Promise<M>;
  /** The module when it has loaded, so a control mounted later renders the real thing at once. */
  current(): M | undefined;
}

export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  return {
    load() {
      pending ??= importer().then(
        (m) => (module = m),
        (err: unknown) => {
          pending = undefined;
          throw err;
        },
      );
      return pending;
    },
    current: () => module,
  };
}

/**
 * A look-alike's state. `prefetch` when the pointer comes near or the keyboard reaches it;
 * `open` when it is used: `Real` is then the loaded module, to render in its place (opened).
 */
export function useLazyControl<M>(lazy: LazyModule<M>) {
  const [module, setModule] = useState<M | undefined>(lazy.current);
  const [wanted, setWanted] = useState(false);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const prefetch = useCallback(() => {
    lazy.load().then(
      (m) => live.current && setModule(() => m),
      // Offline or a new deployment: the look-alike stays, and the next use tries again.
      () => undefined,
    );
  }, [lazy]);
  const open = useCallback(() => {
    setWanted(true);
    prefetch();
  }, [prefetch]);
  return { Real: wanted ? module : undefined, wanted, prefetch, open };
}
