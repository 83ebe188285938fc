/**
 * Clustering of the device layer. L7 clusters at `floor(map zoom - 1)`, and supercluster stops
 * merging above `maxZoom`: from map zoom SINGLES_FROM_ZOOM on every device is its own icon, and
 * only then are device names drawn (a name on a cluster would be wrong).
 */
export const CLUSTER_OPTIONS = { radius: 50, maxZoom: 11 } as const;
export const SINGLES_FROM_ZOOM = CLUSTER_OPTIONS.maxZoom + 2;
/** Device updates reach L7 at most this often (ms); the page may send them faster. */
export const FLUSH_MS = 250;
