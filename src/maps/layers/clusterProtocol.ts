/**
 * Messages between the device layer and its clustering worker (clusterWorker.ts). Replies are
 * one Float64Array of ROW_WIDTH numbers per shown item, transferred, not copied:
 * [lng, lat, count, index] with index the device's position in the request's points, -1 for a
 * cluster of `count` devices.
 */
import type Supercluster from 'supercluster';

export interface ClusterRequest {
  seq: number;
  /** New points (interleaved lng/lat in map coordinates), or absent to query the last index. */
  points?: Float64Array;
  radius: number;
  maxZoom: number;
  /** [west, south, east, north] in map coordinates. */
  bbox: [number, number, number, number];
  /** Supercluster zoom (integer). */
  zoom: number;
}

export interface ClusterReply {
  seq: number;
  rows: Float64Array;
}

export const ROW_WIDTH = 4;

type Found = Supercluster.ClusterFeature<unknown> | Supercluster.PointFeature<{ i: number }>;

export function encodeClusters(found: readonly Found[]): Float64Array {
  const out = new Float64Array(found.length * ROW_WIDTH);
  for (let k = 0; k < found.length; k++) {
    const f = found[k];
    const p = f.properties as { cluster?: boolean; point_count?: number; i?: number };
    const o = k * ROW_WIDTH;
    out[o] = f.geometry.coordinates[0];
    out[o + 1] = f.geometry.coordinates[1];
    out[o + 2] = p.cluster ? (p.point_count ?? 1) : 1;
    out[o + 3] = p.cluster ? -1 : (p.i ?? -1);
  }
  return out;
}

/**
 * Bounds of the view grown by `pad` times its size on every side (so a short pan shows what
 * was already there), within the world's longitudes and Web Mercator's latitudes.
 */
export function paddedBounds(
  [[west, south], [east, north]]: [[number, number], [number, number]],
  pad: number,
): [number, number, number, number] {
  const w = (east - west) * pad;
  const h = (north - south) * pad;
  return [
    Math.max(-180, west - w),
    Math.max(-85.06, south - h),
    Math.min(180, east + w),
    Math.min(85.06, north + h),
  ];
}
