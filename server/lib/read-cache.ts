/**
 * Short-lived answers to the reads every request repeats: who the token belongs to, and which
 * accounts a user's lists cover. Under 50 concurrent clients these two queries were a third of
 * a device-list request's CPU (docs/benchmarks.md, API section). Entries live READ_CACHE_MS
 * (2 s by default; 0 turns caching off), concurrent identical reads share one query, and every
 * write request through this node clears them all (see plugins/auth.ts), so a user never sees
 * their own change late. Another node of a cluster may answer from its cache for up to the TTL
 * after a change made elsewhere.
 */
const MAX_ENTRIES = 5000;

let ttlMs = 2000;
const caches = new Set<ReadCache<unknown>>();

export class ReadCache<T> {
  private entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor() {
    caches.add(this as ReadCache<unknown>);
  }

  /** `load()`'s answer, shared by every caller asking the same key within the TTL. */
  get(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
    if (ttlMs === 0) return load();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < ttlMs) return hit.value;
    const value = load();
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { at: now, value });
    // A failed read is not kept.
    value.catch(() => this.entries.get(key)?.value === value && this.entries.delete(key));
    return value;
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  clear() {
    this.entries.clear();
  }
}

/** Forgets every cached read (after any write through this node). */
export function clearReadCaches() {
  for (const c of caches) c.clear();
}

/** Sets the TTL (config.readCacheMs); 0 turns the caches off. */
export function setReadCacheTtl(ms: number) {
  ttlMs = ms;
  clearReadCaches();
}
