import { Worker } from 'node:worker_threads';
import type { BatchStore } from './batch-store';
import { toColumns, transferables, type PositionColumns } from './position-columns';
import type { PositionRecord } from './position-writer';

export interface WorkerSetup {
  url: string;
  deviceFlushMs: number;
}
export type ToWorker =
  | { t: 'write'; id: number; cols: PositionColumns }
  | { t: 'settle'; id: number }
  | { t: 'close'; id: number };
export type FromWorker =
  | { t: 'ready' }
  | { t: 'done'; id: number }
  | { t: 'failed'; id: number; message: string }
  | { t: 'error'; message: string };

interface Waiting {
  resolve(): void;
  reject(err: Error): void;
  /** A settle or close: a lost worker has nothing left to settle, so it resolves. */
  soft: boolean;
}

/**
 * The worker's module. Under tsx and vitest it is TypeScript, which a worker thread cannot load
 * by itself on Node 20 (the parent's loader hooks do not carry over): a tiny bootstrap
 * registers tsx in the thread first. A compiled build loads the .js beside this file.
 */
function spawn(setup: WorkerSetup): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./position-worker.js', import.meta.url), { workerData: setup });
  const file = JSON.stringify(new URL('./position-worker.ts', import.meta.url).href);
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(`import(${tsx}).then((m) => { m.register(); return import(${file}); })`, {
    eval: true,
    workerData: setup,
  });
}

/**
 * The position writer's database work in a worker thread on its own PostgreSQL pool
 * (position-worker.ts). Only columns cross the thread boundary; the writer keeps its records
 * and emits them on commit. If the worker dies, its batches fail (the writer retries them) and
 * the next batch starts a new worker.
 */
export class WorkerStore implements BatchStore {
  private worker: Worker | null = null;
  private waiting = new Map<number, Waiting>();
  private nextId = 1;
  onError: (err: Error) => void = () => {};

  constructor(private setup: WorkerSetup) {}

  write(batch: PositionRecord[]): Promise<void> {
    const cols = toColumns(batch);
    return this.call({ t: 'write', id: 0, cols }, false, transferables(cols));
  }

  settle(): Promise<void> {
    return this.worker ? this.call({ t: 'settle', id: 0 }, true) : Promise.resolve();
  }

  async close(): Promise<void> {
    if (!this.worker) return;
    await this.call({ t: 'close', id: 0 }, true);
    const w = this.worker;
    this.worker = null;
    await w?.terminate();
  }

  private call(m: ToWorker, soft: boolean, transfer: ArrayBuffer[] = []): Promise<void> {
    const w = this.worker ?? this.start();
    const id = this.nextId++;
    m.id = id;
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, soft });
      w.ref();
      w.postMessage(m, transfer);
    });
  }

  private start(): Worker {
    const w = spawn(this.setup);
    w.on('message', (m: FromWorker) => {
      if (m.t === 'error') return this.onError(new Error(m.message));
      if (m.t === 'ready') return;
      const waiting = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.t === 'done') waiting?.resolve();
      else waiting?.reject(new Error(m.message));
      // Idle, the worker must not keep the process alive; busy, it must.
      if (this.waiting.size === 0) w.unref();
    });
    const lost = (err: Error) => {
      if (this.worker !== w) return;
      this.worker = null;
      for (const x of this.waiting.values()) {
        if (x.soft) x.resolve();
        else x.reject(err);
      }
      this.waiting.clear();
      this.onError(err);
    };
    w.on('error', lost);
    w.on('exit', (code) => lost(new Error(`position writer worker exited (${code})`)));
    this.worker = w;
    return w;
  }
}
