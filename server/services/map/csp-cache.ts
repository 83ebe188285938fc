import type { Db } from '../../db/client';
import { mapSources, type MapSources } from './csp';
import { loadMapKeySetting } from './settings';

/**
 * The CSP's map hosts, read per request from the mapKey setting but from a short cache: a page
 * load must not cost a query each, and a saved key still applies within MAP_CSP_CACHE_MS on every
 * node (at once on the node that saved it: forgetMapSources).
 */
export const MAP_CSP_CACHE_MS = 5000;

// By database handle: tests run several apps, each on its own database, in one process.
let cache = new WeakMap<Db, { at: number; value: Promise<MapSources> }>();

export function cachedMapSources(db: Db, now = Date.now()): Promise<MapSources> {
  let hit = cache.get(db);
  if (!hit || now - hit.at > MAP_CSP_CACHE_MS) {
    const value = loadMapKeySetting(db).then(mapSources);
    // A failed read is not cached: the next request tries again.
    value.catch(() => cache.delete(db));
    hit = { at: now, value };
    cache.set(db, hit);
  }
  return hit.value;
}

/** Called when the mapKey setting is saved. */
export function forgetMapSources() {
  cache = new WeakMap();
}
