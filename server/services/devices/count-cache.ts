/**
 * Totals of the device list, kept for a few seconds. Counting 10,000+ matching devices reads
 * thousands of heap pages (about 20 ms on PostgreSQL for 100,000 devices), which under 50
 * concurrent clients is most of the list's cost, while the page rows themselves come from an
 * index in well under a millisecond. A user paging through one filter asks the same count
 * again and again; so totals are shared for COUNT_TTL_MS per scope and filter, and concurrent
 * identical counts share one query. The agent tree's per-account device and sale counts are
 * shared the same way (accountDeviceCounts). Page rows are always read live; a write through this node
 * (transfer, batch update, import) clears the cache, so its own user sees exact totals at once.
 */
const COUNT_TTL_MS = (() => {
  const env = Number(process.env.DEVICE_COUNT_TTL_MS);
  return Number.isInteger(env) && env >= 0 ? env : 5000;
})();
const MAX_ENTRIES = 2000;

const entries = new Map<string, { at: number; value: Promise<unknown> }>();

/** `count()`'s answer, shared by every caller asking the same `key` within COUNT_TTL_MS. */
export function cachedCount<T = number>(key: string, count: () => Promise<T>, now = Date.now()): Promise<T> {
  const hit = entries.get(key);
  if (hit && now - hit.at < COUNT_TTL_MS) return hit.value as Promise<T>;
  const value = count();
  if (COUNT_TTL_MS === 0) return value;
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key, { at: now, value });
  // A failed count is not kept.
  value.catch(() => entries.get(key)?.value === value && entries.delete(key));
  return value;
}

export function clearCountCache() {
  entries.clear();
}
