/// <reference lib="webworker" />
/**
 * Clustering of the device layer in a Web Worker. Indexing 42,500 points with supercluster took
 * the page's main thread 150-400 ms per push at 50,000 devices (and L7 then encoded every
 * cluster of the whole fleet extent); here the index is built off the main thread and only the
 * clusters and single devices inside the asked bounds go back.
 *
 * A request may carry new points (coordinates in map coordinates, [lng0, lat0, lng1, lat1, …]);
 * without them the last index is queried again (a zoom or a pan).
 */
import Supercluster from 'supercluster';
import { encodeClusters, type ClusterReply, type ClusterRequest } from './clusterProtocol';

let index: Supercluster<{ i: number }> | null = null;

self.onmessage = (ev: MessageEvent<ClusterRequest>) => {
  const req = ev.data;
  if (req.points) {
    const p = req.points;
    const features = new Array<Supercluster.PointFeature<{ i: number }>>(p.length / 2);
    for (let i = 0; i < features.length; i++) {
      features[i] = {
        type: 'Feature',
        properties: { i },
        geometry: { type: 'Point', coordinates: [p[2 * i], p[2 * i + 1]] },
      };
    }
    index = new Supercluster<{ i: number }>({ radius: req.radius, maxZoom: req.maxZoom }).load(features);
  }
  const found = index ? index.getClusters(req.bbox, req.zoom) : [];
  const out = encodeClusters(found);
  const reply: ClusterReply = { seq: req.seq, rows: out };
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(reply, [out.buffer]);
};
