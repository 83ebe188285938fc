import { ClusterClient } from './clusterClient';
import { CLUSTER_OPTIONS } from './cluster';
import { paddedBounds, ROW_WIDTH } from './clusterProtocol';

/** A shown item: one of the points (`item`), or a cluster of `count` points. */
export interface Clustered<T> {
  lng: number;
  lat: number;
  count: number;
  item?: T;
}

/** The view is padded by this times its size on each side, so short pans need no new answer. */
const VIEW_PAD = 0.5;

/**
 * The device layers' side of the clustering worker (clusterWorker.ts), for both maps: new
 * points are sent only with new data; a zoom or pan asks again for the clusters and points
 * around the view, answered from the index the worker already has.
 */
export class ClusteredPoints<T extends { lng: number; lat: number }> {
  private client = new ClusterClient();
  private indexed: readonly T[] = [];

  /** `bounds` [[west, south], [east, north]] and `mapZoom` in the points' coordinates and the map's zoom. */
  async query(
    data: readonly T[] | null,
    bounds: [[number, number], [number, number]],
    mapZoom: number,
  ): Promise<Clustered<T>[]> {
    let points: Float64Array | undefined;
    if (data) {
      points = new Float64Array(data.length * 2);
      for (let i = 0; i < data.length; i++) {
        points[2 * i] = data[i].lng;
        points[2 * i + 1] = data[i].lat;
      }
    }
    const found = await this.client.query({
      points,
      radius: CLUSTER_OPTIONS.radius,
      maxZoom: CLUSTER_OPTIONS.maxZoom,
      bbox: paddedBounds(bounds, VIEW_PAD),
      // As L7 did: supercluster's zoom is one below the map's.
      zoom: Math.max(0, Math.floor(mapZoom - 1)),
    });
    if (data) this.indexed = data;
    const out = new Array<Clustered<T>>(found.length / ROW_WIDTH);
    for (let k = 0; k < out.length; k++) {
      const o = k * ROW_WIDTH;
      const i = found[o + 3];
      const item = i >= 0 ? this.indexed[i] : undefined;
      out[k] = item
        ? { lng: item.lng, lat: item.lat, count: 1, item }
        : { lng: found[o], lat: found[o + 1], count: found[o + 2] };
    }
    return out;
  }

  close(): void {
    this.client.close();
    this.indexed = [];
  }
}
