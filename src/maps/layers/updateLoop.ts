import { FLUSH_MS } from './cluster';

export interface UpdateLoop {
  /** New data: pushed at most every FLUSH_MS. */
  data(): void;
  /** Another view (zoom or pan): pushed as soon as no push is running. */
  view(): void;
  /** Ready to push (icons loaded): pushes the data once now. */
  start(): void;
  stop(): void;
}

/**
 * The device layers' pacing, for both maps: data changes are only remembered and pushed at
 * most every FLUSH_MS, view changes at once, and never while the previous push is still being
 * built. `push(withData)` builds and draws one; `pushed(withData)` follows it, failed or not.
 */
export function updateLoop(
  push: (withData: boolean) => Promise<void>,
  pushed: (withData: boolean) => void,
): UpdateLoop {
  let ready = false;
  let stopped = false;
  let busy = false;
  let dirty = false;
  let viewDirty = false;
  let lastFlush = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    timer = undefined;
    if (stopped || busy || !(dirty || viewDirty)) return;
    const withData = dirty;
    dirty = false;
    viewDirty = false;
    busy = true;
    lastFlush = performance.now();
    const done = () => {
      busy = false;
      if (stopped) return;
      pushed(withData);
      if (dirty || viewDirty) schedule(dirty ? FLUSH_MS : 0);
    };
    // push logs its own failures; the loop goes on either way.
    push(withData).then(done, done);
  };
  const schedule = (every: number) => {
    if (!ready || stopped || timer) return;
    timer = setTimeout(flush, Math.max(0, every - (performance.now() - lastFlush)));
  };
  return {
    data() {
      dirty = true;
      schedule(FLUSH_MS);
    },
    view() {
      viewDirty = true;
      schedule(0);
    },
    start() {
      ready = true;
      dirty = true;
      flush();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
