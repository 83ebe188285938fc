/**
 * Totals of the device list (and the agent tree's per-account counts, and the device list's
 * page maps), kept for a while. Counting the matching devices reads thousands of heap pages
 * (about 20 ms on PostgreSQL for 100,000 devices, several hundred for 1,000,000), while the page
 * rows themselves come from an index in well under a millisecond. A user paging through one
 * filter asks the same count again and again; so answers are shared per scope and filter, and
 * concurrent identical counts share one query.
 *
 * An answer is fresh for COUNT_TTL_MS, or COST_FACTOR times what it cost to compute if that is
 * longer, so a count never takes more than 1/COST_FACTOR of one database core however many
 * clients ask. Past that, the old answer is still given while one refresh runs in the
 * background: otherwise every client arriving during the refresh of a 300 ms count would wait
 * for it, which at 50 concurrent clients is what decides the 99th percentile. Page rows are
 * always read live; a write through this node (transfer, batch update, import) clears
 * everything, so its own user sees exact totals at once. DEVICE_COUNT_TTL_MS=0 turns it off.
 */
const COUNT_TTL_MS = (() => {
  const env = Number(process.env.DEVICE_COUNT_TTL_MS);
  return Number.isInteger(env) && env >= 0 ? env : 5000;
})();
const COST_FACTOR = 50;

interface Entry<T> {
  /** When the answer was asked for (its age counts from then). */
  at: number;
  /** Milliseconds the query took; 0 while it runs. */
  cost: number;
  value: Promise<T>;
  refreshing?: boolean;
}

const caches = new Set<SharedAnswers<unknown>>();

/** Answers shared by key with the freshness rules above, at most `maxEntries` of them. */
export class SharedAnswers<T> {
  private entries = new Map<string, Entry<T>>();

  /**
   * `staleOnClear`: a clear marks the answers old instead of forgetting them, so the next caller
   * gets the old one while it is recomputed (for answers a write changes only a little, whose
   * recomputation everyone would otherwise wait for).
   */
  constructor(
    private readonly maxEntries: number,
    private readonly staleOnClear = false,
  ) {
    caches.add(this as SharedAnswers<unknown>);
  }

  get(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
    if (COUNT_TTL_MS === 0) return load();
    const hit = this.entries.get(key);
    if (!hit) return this.start(key, load, now).value;
    // Still running (cost 0), or fresh: everyone shares it.
    if (hit.cost === 0 || now - hit.at < Math.max(COUNT_TTL_MS, hit.cost * COST_FACTOR)) return hit.value;
    if (!hit.refreshing) {
      hit.refreshing = true;
      const next = this.start(key, load, now, hit);
      // Swapped in once it has an answer; a failure keeps the old one for the next attempt.
      next.value.then(
        () => this.entries.get(key) === hit && this.entries.set(key, next),
        () => (hit.refreshing = false),
      );
    }
    return hit.value;
  }

  private start(key: string, load: () => Promise<T>, now: number, replacing?: Entry<T>): Entry<T> {
    const t0 = performance.now();
    const entry: Entry<T> = { at: now, cost: 0, value: load() };
    entry.value.then(
      () => {
        entry.cost = Math.max(performance.now() - t0, Number.MIN_VALUE);
        entry.refreshing = false;
      },
      // A failed first answer is not kept.
      () => this.entries.get(key) === entry && this.entries.delete(key),
    );
    if (!replacing) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, entry);
    }
    return entry;
  }

  clear() {
    if (!this.staleOnClear) return this.entries.clear();
    for (const [key, e] of this.entries) {
      if (e.cost === 0 || e.refreshing) this.entries.delete(key);
      else e.at = -Infinity;
    }
  }
}

const counts = new SharedAnswers<unknown>(2000);

/** `count()`'s answer, shared by every caller asking the same `key` (see above). */
export function cachedCount<T = number>(key: string, count: () => Promise<T>, now = Date.now()): Promise<T> {
  return counts.get(key, count, now) as Promise<T>;
}

/** Forgets every shared count and page map (after a device write through this node). */
export function clearCountCache() {
  for (const c of caches) c.clear();
}
