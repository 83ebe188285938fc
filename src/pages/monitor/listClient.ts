import type { MonitorDevice } from '../../domain/device-view';
import type { ListOrder } from '../../domain/list-order';
import type { ListReply } from './listProtocol';

/**
 * The page's side of the list worker (listWorker.ts): one worker for the page's lifetime, one
 * request per list load. A newer load does not cancel the worker's work on an older one (it is
 * short); its late replies are simply dropped.
 */
let worker: Worker | null = null;
let seq = 0;
const pending = new Map<
  number,
  { slices: MonitorDevice[][]; done(slices: MonitorDevice[][] | null): void }
>();

function theWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./listWorker.ts', import.meta.url), { type: 'module' });
  w.onmessage = (ev: MessageEvent<ListReply>) => {
    const r = ev.data;
    const p = pending.get(r.seq);
    if (!p) return;
    if (r.failed) {
      pending.delete(r.seq);
      return p.done(null);
    }
    p.slices.push(r.devices);
    if (r.last) {
      pending.delete(r.seq);
      p.done(p.slices);
    }
  };
  // A worker that cannot run: every load in flight goes the ordinary way.
  w.onerror = () => {
    for (const p of pending.values()) p.done(null);
    pending.clear();
  };
  worker = w;
  return w;
}

/**
 * The devices of a findDeviceLocationAllV2 body in `order`, in slices as the worker sent
 * them; null when the body is not a successful answer (or no worker can run).
 */
export function devicesInWorker(
  bytes: ArrayBuffer,
  order: ListOrder,
  signal: AbortSignal,
): Promise<MonitorDevice[][] | null> {
  if (typeof Worker === 'undefined') return Promise.resolve(null);
  const id = ++seq;
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      pending.delete(id);
      reject(new DOMException('The list load was cancelled', 'AbortError'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    pending.set(id, {
      slices: [],
      done: (slices) => {
        signal.removeEventListener('abort', onAbort);
        resolve(slices);
      },
    });
    theWorker().postMessage({ seq: id, bytes, order }, [bytes]);
  });
}
