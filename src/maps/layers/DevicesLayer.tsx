import { useEffect, useRef } from 'react';
import { PointLayer, Source } from '../l7';
import { removeLayer, useMap, Z } from '../MapContext';
import { CLUSTER_ICON_ID, iconId, rasterIcons } from '../icons';
import { nextFrame, nextTask } from '../../lib/yield';
import { logMapFailure } from '../log';
import type { MapDevice } from '../types';
import { SINGLES_FROM_ZOOM } from './cluster';
import { attachClusterCounts } from './clusterCounts';
import { ClusteredPoints } from './clusteredPoints';
import { updateLoop } from './updateLoop';

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
        row = {
          id: d.id,
          lng,
          lat,
          icon: iconId(d.iconState, d.iconType),
          rot: d.course || 0,
          point_count: 1,
        };
        rows.set(d, row);
      }
      return row;
    };

    // autoRender off: by default a layer schedules its own redraw after an update, and that
    // redraw first draws the old models while the new ones are built: two frames per update,
    // each read back from a software GL in headless Chromium. Instead the layer rebuilds first
    // (its beforeRenderData hooks) and the scene draws once.
    const source = new Source([], { parser: PARSER, autoRender: false });
    const clusters = new ClusteredPoints<Row>();
    const icons = new PointLayer({ zIndex: Z.devices, name: 'devices', billboard: false })
      .source(source)
      .shape('icon*point_count', (icon: string, count: number) => (count > 1 ? CLUSTER_ICON_ID : icon))
      .size('point_count', (count: number) =>
        count > 1 ? ICON_SIZE + Math.min(14, Math.log10(count) * 6) : ICON_SIZE,
      )
      .style({ rotation: { field: 'rot', value: (r: number) => r || 0 } });
    const detachCounts = attachClusterCounts(scene, host, icons);

    icons.on('click', (e: { feature?: Record<string, unknown>; lngLat?: { lng: number; lat: number } }) => {
      const f = e.feature;
      if (!f) return;
      if (Number(f.point_count) > 1 && e.lngLat) {
        // A cluster: zoom in on it until it splits.
        scene.setZoomAndCenter(Math.min(scene.getZoom() + 2, SINGLES_FROM_ZOOM), [
          e.lngLat.lng,
          e.lngLat.lat,
        ]);
      } else if (typeof f.id === 'number') latest.current.onSelect?.(f.id);
    });

    // One push in three tasks: the worker's answer and parsing, then encoding and buffers, then
    // the draw. Run back to back (a chain of promises is one task) the first push of 8,500
    // devices blocked the page for 300-400 ms.
    const push = async (data: Row[] | null) => {
      const found = await clusters.query(data, scene.getBounds(), scene.getZoom());
      if (disposed) return;
      const rows = found.map(
        (c): Row => c.item ?? { lng: c.lng, lat: c.lat, icon: CLUSTER_ICON_ID, rot: 0, point_count: c.count },
      );
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

    let markers = 0;
    const loop = updateLoop(
      async (withData) => {
        const list = latest.current.devices;
        markers = list.length;
        let data: Row[] | null = null;
        if (withData) {
          data = new Array<Row>(list.length);
          for (let i = 0; i < list.length; i++) data[i] = toRow(list[i]);
        }
        await push(data).catch((error) => logMapFailure('init', 'device layer update', error));
      },
      (withData) => {
        if (withData) latest.current.onRendered?.({ markers, at: Date.now() });
      },
    );
    request.current = loop.data;
    // Another zoom or view: the worker answers for it from the index it has.
    scene.on('zoomend', loop.view);
    scene.on('moveend', loop.view);

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
      loop.start();
    };
    setUp().catch((error) => logMapFailure('init', 'device icons', error));

    return () => {
      disposed = true;
      loop.stop();
      request.current = () => {};
      scene.off('zoomend', loop.view);
      scene.off('moveend', loop.view);
      clusters.close();
      rows = new WeakMap();
      detachCounts();
      removeLayer(scene, icons);
    };
  }, [scene, host, toMap, provider]);

  useEffect(() => {
    request.current();
  }, [devices]);

  return null;
}
