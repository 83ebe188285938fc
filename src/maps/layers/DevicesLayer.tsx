import { useEffect, useRef } from 'react';
import { PointLayer, Source } from '../l7';
import { removeLayer, useMap, Z } from '../MapContext';
import { CLUSTER_ICON_ID, iconId, rasterIcons } from '../icons';
import { nextFrame, nextTask } from '../../lib/yield';
import { logMapFailure } from '../log';
import type { MapDevice } from '../types';
import { CLUSTER_OPTIONS, FLUSH_MS, SINGLES_FROM_ZOOM } from './cluster';
import { ClusterClient } from './clusterClient';
import { attachClusterCounts } from './clusterCounts';
import { paddedBounds, ROW_WIDTH } from './clusterProtocol';

/**
 * Every device in ONE point layer over one source (10,000 devices are 10,000 vertices, not
 * 10,000 DOM markers), clustered at low zoom, with the cluster counts drawn over it on a 2D
 * canvas (clusterCounts.ts).
 *
 * Clustering runs in a worker (clusterWorker.ts), which answers only the clusters and devices
 * around the view: L7 gets a few hundred points instead of the whole fleet. A zoom or a pan asks
 * the worker again, without new points.
 *
 * Updates are coalesced: a new `devices` array is only remembered, and pushed at most every
 * FLUSH_MS, and never while the previous push is still being built. After a push has been
 * drawn, `onRendered` reports the number of devices.
 */
const PARSER = { type: 'json', x: 'lng', y: 'lat' } as const;
/** Icon half-size in pixels (icons are 40x40, spec section 9). */
const ICON_SIZE = 20;

interface Row {
  /** Absent on a cluster. */
  id?: number;
  lng: number;
  lat: number;
  icon: string;
  /** Course in degrees clockwise from north; L7's `rotation` turns fill images the same way. */
  rot: number;
  /** Devices in the row: 1 for a device. */
  point_count: number;
}
/** The view is padded by this times its size on each side, so short pans need no new answer. */
const VIEW_PAD = 0.5;

interface Props {
  devices: readonly MapDevice[];
  onSelect?(id: number): void;
  onRendered?(info: { markers: number; at: number }): void;
}

export function DevicesLayer({ devices, onSelect, onRendered }: Props) {
  const { scene, host, toMap, provider } = useMap();
  const latest = useRef({ devices, onSelect, onRendered });
  latest.current = { devices, onSelect, onRendered };
  // Set by the effect below once the layers exist; called for each new `devices` array.
  const request = useRef<() => void>(() => {});

  useEffect(() => {
    let disposed = false;
    // Rows are cached per device object: the page keeps unchanged devices' objects, so a
    // flush converts coordinates only for the devices that moved.
    let rows = new WeakMap<MapDevice, Row>();
    const toRow = (d: MapDevice): Row => {
      let row = rows.get(d);
      if (!row) {
        const [lng, lat] = toMap(d.lng, d.lat);
        row = { id: d.id, lng, lat, icon: iconId(d.iconState, d.iconType), rot: d.course || 0, point_count: 1 };
        rows.set(d, row);
      }
      return row;
    };

    // autoRender off: by default a layer schedules its own redraw after an update, and that
    // redraw first draws the old models while the new ones are built: two frames per update,
    // each read back from a software GL in headless Chromium. Instead the layer rebuilds first
    // (its beforeRenderData hooks) and the scene draws once.
    const source = new Source([], { parser: PARSER, autoRender: false });
    const clusters = new ClusterClient();
    const icons = new PointLayer({ zIndex: Z.devices, name: 'devices', billboard: false })
      .source(source)
      .shape('icon*point_count', (icon: string, count: number) => (count > 1 ? CLUSTER_ICON_ID : icon))
      .size('point_count', (count: number) => (count > 1 ? ICON_SIZE + Math.min(14, Math.log10(count) * 6) : ICON_SIZE))
      .style({ rotation: { field: 'rot', value: (r: number) => r || 0 } });
    const detachCounts = attachClusterCounts(scene, host, icons);

    icons.on('click', (e: { feature?: Record<string, unknown>; lngLat?: { lng: number; lat: number } }) => {
      const f = e.feature;
      if (!f) return;
      if (Number(f.point_count) > 1 && e.lngLat) {
        // A cluster: zoom in on it until it splits.
        scene.setZoomAndCenter(Math.min(scene.getZoom() + 2, SINGLES_FROM_ZOOM), [e.lngLat.lng, e.lngLat.lat]);
      } else if (typeof f.id === 'number') latest.current.onSelect?.(f.id);
    });

    let ready = false;
    let busy = false;
    let dirty = false;
    let viewDirty = false;
    let lastFlush = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** The rows of the last points sent to the worker, by their index there. */
    let indexed: Row[] = [];

    /** What the worker answers for the view: its rows, a cluster row per cluster. */
    const shownRows = async (data: Row[] | null): Promise<Row[]> => {
      let points: Float64Array | undefined;
      if (data) {
        points = new Float64Array(data.length * 2);
        for (let i = 0; i < data.length; i++) {
          points[2 * i] = data[i].lng;
          points[2 * i + 1] = data[i].lat;
        }
      }
      const found = await clusters.query({
        points,
        radius: CLUSTER_OPTIONS.radius,
        maxZoom: CLUSTER_OPTIONS.maxZoom,
        bbox: paddedBounds(scene.getBounds(), VIEW_PAD),
        // As L7 did: supercluster's zoom is one below the map's.
        zoom: Math.max(0, Math.floor(scene.getZoom() - 1)),
      });
      if (data) indexed = data;
      const out = new Array<Row>(found.length / ROW_WIDTH);
      for (let k = 0; k < out.length; k++) {
        const o = k * ROW_WIDTH;
        const i = found[o + 3];
        out[k] =
          i >= 0
            ? indexed[i]
            : { lng: found[o], lat: found[o + 1], icon: CLUSTER_ICON_ID, rot: 0, point_count: found[o + 2] };
      }
      return out;
    };

    // One push in three tasks: the worker's answer and parsing, then encoding and buffers, then
    // the draw. Run back to back (a chain of promises is one task) the first push of 8,500
    // devices blocked the page for 300-400 ms.
    const push = async (data: Row[] | null) => {
      const rows = await shownRows(data);
      if (disposed) return;
      await new Promise<void>((resolve) => {
        source.once('update', () => resolve());
        source.setData(rows);
      });
      await nextTask();
      if (disposed) return;
      await icons.hooks.beforeRenderData.promise();
      await nextTask();
      if (disposed) return;
      scene.render();
      // Report after the frame that shows the new data.
      await nextFrame();
    };

    const flush = () => {
      timer = undefined;
      if (disposed) return;
      if (busy || !(dirty || viewDirty)) return;
      const withData = dirty;
      dirty = false;
      viewDirty = false;
      busy = true;
      lastFlush = performance.now();
      const list = latest.current.devices;
      let data: Row[] | null = null;
      if (withData) {
        data = new Array<Row>(list.length);
        for (let i = 0; i < list.length; i++) data[i] = toRow(list[i]);
      }
      push(data)
        .catch((error) => logMapFailure('init', 'device layer update', error))
        .finally(() => {
          busy = false;
          if (disposed) return;
          if (withData) latest.current.onRendered?.({ markers: list.length, at: Date.now() });
          if (dirty || viewDirty) schedule(dirty ? FLUSH_MS : 0);
        });
    };
    const schedule = (every: number) => {
      if (!ready || disposed || timer) return;
      const wait = Math.max(0, every - (performance.now() - lastFlush));
      timer = setTimeout(flush, wait);
    };
    request.current = () => {
      dirty = true;
      schedule(FLUSH_MS);
    };
    // Another zoom or view: the worker answers for it from the index it has.
    const onView = () => {
      viewDirty = true;
      schedule(0);
    };
    scene.on('zoomend', onView);
    scene.on('moveend', onView);

    const setUp = async () => {
      const images = await rasterIcons();
      await Promise.all(images.map(([id, img]) => scene.addImage(id, img)));
      // The icon atlas is redrawn and uploaded: its own frame, not the first push's.
      await nextFrame();
      if (disposed) return;
      scene.addLayer(icons);
      if (!icons.inited) await new Promise((resolve) => icons.once('inited', resolve));
      await nextTask();
      if (disposed) return;
      ready = true;
      dirty = true;
      flush();
    };
    setUp().catch((error) => logMapFailure('init', 'device icons', error));

    return () => {
      disposed = true;
      if (timer) clearTimeout(timer);
      request.current = () => {};
      scene.off('zoomend', onView);
      scene.off('moveend', onView);
      clusters.close();
      rows = new WeakMap();
      indexed = [];
      detachCounts();
      removeLayer(scene, icons);
    };
  }, [scene, host, toMap, provider]);

  useEffect(() => {
    request.current();
  }, [devices]);

  return null;
}
