/**
 * Stands in for L7's `tile/service/TileSourceService.js` (replaced in vite.config.ts). The tile
 * picking service constructs it, but its one method, merging a picked feature's pieces across
 * tiles with `@turf/union`, is never called (L7 2.29 has the call commented out). The union
 * brings polygon-clipping, splaytree and robust-predicates: about 25 KB before compression.
 */
export class TileSourceService {}
