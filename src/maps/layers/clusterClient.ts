import type { ClusterReply, ClusterRequest } from './clusterProtocol';

/**
 * The page's side of the clustering worker (clusterWorker.ts): one request at a time is enough
 * (the device layer never asks again before it has drawn the last answer), answered in order.
 */
export class ClusterClient {
  private worker = new Worker(new URL('./clusterWorker.ts', import.meta.url), { type: 'module' });
  private seq = 0;
  private waiting = new Map<number, { resolve(rows: Float64Array): void; reject(e: unknown): void }>();

  constructor() {
    this.worker.onmessage = (ev: MessageEvent<ClusterReply>) => {
      const w = this.waiting.get(ev.data.seq);
      this.waiting.delete(ev.data.seq);
      w?.resolve(ev.data.rows);
    };
    this.worker.onerror = (ev) => this.failAll(new Error(`cluster worker: ${ev.message}`));
  }

  /** Clusters (and single devices) inside `req.bbox`; new points are transferred, not copied. */
  query(req: Omit<ClusterRequest, 'seq'>): Promise<Float64Array> {
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      this.waiting.set(seq, { resolve, reject });
      this.worker.postMessage({ ...req, seq }, req.points ? [req.points.buffer] : []);
    });
  }

  private failAll(error: Error) {
    for (const w of this.waiting.values()) w.reject(error);
    this.waiting.clear();
  }

  close() {
    this.worker.terminate();
    this.failAll(new Error('cluster worker closed'));
  }
}
