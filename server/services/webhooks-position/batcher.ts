/**
 * Per-endpoint queues of position webhook items (pure; server/services/webhooks-position/
 * service.ts drives it). Each queue holds at most `maxQueued` items: when a receiver is slower
 * than the fleet, the oldest positions are dropped and counted, so memory stays bounded and
 * ingestion never waits. A batch carries at most `batchMax` items and the drops since the
 * previous batch of that endpoint.
 */
export interface BatcherOptions {
  batchMax: number;
  maxQueued: number;
}

export interface Batch<T> {
  items: T[];
  /** Items dropped for this endpoint since its previous batch. */
  dropped: number;
}

export class PositionBatcher<T> {
  private queues = new Map<number, T[]>();
  private drops = new Map<number, number>();
  /** Every item dropped since start, all endpoints (for the log and tests). */
  droppedTotal = 0;

  constructor(private readonly opts: BatcherOptions) {}

  /** Queues an item; answers whether the endpoint now has a full batch waiting. */
  add(endpointId: number, item: T): boolean {
    let q = this.queues.get(endpointId);
    if (!q) this.queues.set(endpointId, (q = []));
    if (q.length >= this.opts.maxQueued) {
      q.shift();
      this.drop(endpointId, 1);
    }
    q.push(item);
    return q.length >= this.opts.batchMax;
  }

  /** Counts items lost for an endpoint (a queue overflow, a failed post). */
  drop(endpointId: number, n: number) {
    this.drops.set(endpointId, (this.drops.get(endpointId) ?? 0) + n);
    this.droppedTotal += n;
  }

  /** The next batch of an endpoint (oldest first), or null when it has nothing waiting. */
  take(endpointId: number): Batch<T> | null {
    const q = this.queues.get(endpointId);
    if (!q?.length) return null;
    const items = q.splice(0, this.opts.batchMax);
    if (!q.length) this.queues.delete(endpointId);
    const dropped = this.drops.get(endpointId) ?? 0;
    this.drops.delete(endpointId);
    return { items, dropped };
  }

  /** Endpoints with items waiting. */
  pending(): number[] {
    return [...this.queues.keys()];
  }

  /** Forgets endpoints no longer subscribed (deleted, switched off, events changed). */
  keepOnly(endpointIds: ReadonlySet<number>) {
    for (const id of [...this.queues.keys()]) if (!endpointIds.has(id)) this.queues.delete(id);
    for (const id of [...this.drops.keys()]) if (!endpointIds.has(id)) this.drops.delete(id);
  }

  /** Items waiting over every endpoint. */
  size(): number {
    let n = 0;
    for (const q of this.queues.values()) n += q.length;
    return n;
  }
}
