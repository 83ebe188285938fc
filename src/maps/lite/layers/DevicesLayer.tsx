import { useEffect, useRef } from 'react';
import { CLUSTER_ICON_ID, iconId } from '../../icons';
import { logMapFailure } from '../../log';
import type { MapDevice } from '../../types';
import { CLUSTER_OPTIONS, FLUSH_MS, SINGLES_FROM_ZOOM } from '../../layers/cluster';
import { ClusterClient } from '../../layers/clusterClient';
import { paddedBounds, ROW_WIDTH } from '../../layers/clusterProtocol';
import { overlayCanvas } from '../../layers/overlayCanvas';
import { LZ, useLiteMap } from '../context';
import { deviceIcons } from '../deviceIcons';

/** Icon half-size in pixels (icons are 40x40, spec section 9). */
const ICON_SIZE = 20;
/** The view is padded by this times its size on each side, so short pans need no new answer. */
const VIEW_PAD = 0.5;
const COUNT_FONT = 'bold 12px sans-serif';

/** A shown item: a device (its index in the last points sent) or a cluster of `count`. */
interface Shown {
  lng: number;
  lat: number;
  count: number;
  device?: MapDevice;
}

const radiusOf = (count: number) => (count > 1 ? ICON_SIZE + Math.min(14, Math.log10(count) * 6) : ICON_SIZE);

interface Props {
  devices: readonly MapDevice[];
  onSelect?(id: number): void;
  onRendered?(info: { markers: number; at: number }): void;
}

/**
 * The devices on the light map, clustered by the same worker as the L7 layer
 * (layers/clusterWorker.ts), which answers only the clusters and devices around the view. Each
 * frame draws those few hundred icons rotated by their course, and the cluster counts on a canvas
 * of their own (`cluster-counts`, as on the L7 map). Updates are coalesced to one every
 * FLUSH_MS; `onRendered` reports after the frame that shows them.
 */
export function DevicesLayer({ devices, onSelect, onRendered }: Props) {
  const { view, host } = useLiteMap();
  const latest = useRef({ devices, onSelect, onRendered });
  latest.current = { devices, onSelect, onRendered };
  const request = useRef<() => void>(() => {});

  useEffect(() => {
    let disposed = false;
    let icons: Map<string, CanvasImageSource> | null = null;
    let shown: Shown[] = [];
    let indexed: readonly MapDevice[] = [];
    const clusters = new ClusterClient();
    const counts = overlayCanvas(host, 'cluster-counts', () => view.render());

    const drawCounts = () => {
      const { ctx, canvas } = counts;
      if (!ctx) return;
      ctx.clearRect(0, 0, counts.width(), counts.height());
      let n = 0;
      ctx.font = COUNT_FONT;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillStyle = '#ffffff';
      const { width, height } = view.camera;
      for (const s of shown) {
        if (s.count <= 1) continue;
        const [x, y] = view.project(s.lng, s.lat);
        if (x < -40 || y < -40 || x > width + 40 || y > height + 40) continue;
        // +1: digits have no descenders, so the middle of the em box sits a pixel high.
        ctx.fillText(String(s.count), x, y + 1);
        n++;
      }
      canvas.dataset.counts = String(n);
    };

    const removeLayer = view.addLayer({
      z: LZ.devices,
      draw(ctx) {
        if (icons) {
          const { width, height } = view.camera;
          const cluster = icons.get(CLUSTER_ICON_ID);
          for (const s of shown) {
            const [x, y] = view.project(s.lng, s.lat);
            const r = radiusOf(s.count);
            if (x < -r || y < -r || x > width + r || y > height + r) continue;
            const d = s.device;
            const img = d ? icons.get(iconId(d.iconState, d.iconType)) : cluster;
            if (!img) continue;
            if (!d || !d.course) ctx.drawImage(img, x - r, y - r, 2 * r, 2 * r);
            else {
              ctx.save();
              ctx.translate(x, y);
              ctx.rotate((d.course * Math.PI) / 180);
              ctx.drawImage(img, -r, -r, 2 * r, 2 * r);
              ctx.restore();
            }
          }
        }
        drawCounts();
      },
    });

    // A click on an icon selects its device; on a cluster, zooms in until it splits.
    const onClick = ({ x, y }: { x: number; y: number }) => {
      const select = latest.current.onSelect;
      if (!select) return;
      for (let i = shown.length - 1; i >= 0; i--) {
        const s = shown[i];
        const [px, py] = view.project(s.lng, s.lat);
        if (Math.hypot(px - x, py - y) > radiusOf(s.count)) continue;
        if (s.device) select(s.device.id);
        else view.setZoomAndCenter(Math.min(view.getZoom() + 2, SINGLES_FROM_ZOOM), [s.lng, s.lat]);
        return;
      }
    };
    view.on('click', onClick);

    let busy = false;
    let dirty = false;
    let viewDirty = false;
    let lastFlush = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const query = async (data: readonly MapDevice[] | null) => {
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
        bbox: paddedBounds(view.getBounds(), VIEW_PAD),
        // As on the L7 map: supercluster's zoom is one below the map's.
        zoom: Math.max(0, Math.floor(view.getZoom() - 1)),
      });
      if (data) indexed = data;
      const out = new Array<Shown>(found.length / ROW_WIDTH);
      for (let k = 0; k < out.length; k++) {
        const o = k * ROW_WIDTH;
        const i = found[o + 3];
        out[k] =
          i >= 0
            ? { lng: indexed[i].lng, lat: indexed[i].lat, count: 1, device: indexed[i] }
            : { lng: found[o], lat: found[o + 1], count: found[o + 2] };
      }
      return out;
    };

    const flush = () => {
      timer = undefined;
      if (disposed || busy || !(dirty || viewDirty)) return;
      const withData = dirty;
      dirty = false;
      viewDirty = false;
      busy = true;
      lastFlush = performance.now();
      const list = latest.current.devices;
      query(withData ? list : null)
        .then(
          (rows) =>
            new Promise<void>((resolve) => {
              if (disposed) return resolve();
              shown = rows;
              const drawn = () => {
                view.off('render', drawn);
                resolve();
              };
              view.on('render', drawn);
              view.render();
            }),
        )
        .catch((error) => logMapFailure('init', 'device layer update', error))
        .finally(() => {
          busy = false;
          if (disposed) return;
          if (withData) latest.current.onRendered?.({ markers: list.length, at: Date.now() });
          if (dirty || viewDirty) schedule(dirty ? FLUSH_MS : 0);
        });
    };
    const schedule = (every: number) => {
      if (!icons || disposed || timer) return;
      timer = setTimeout(flush, Math.max(0, every - (performance.now() - lastFlush)));
    };
    request.current = () => {
      dirty = true;
      schedule(FLUSH_MS);
    };
    const onView = () => {
      viewDirty = true;
      schedule(0);
    };
    view.on('moveend', onView);

    deviceIcons()
      .then((loaded) => {
        if (disposed) return;
        icons = loaded;
        dirty = true;
        flush();
      })
      .catch((error) => logMapFailure('init', 'device icons', error));

    return () => {
      disposed = true;
      if (timer) clearTimeout(timer);
      request.current = () => {};
      view.off('moveend', onView);
      view.off('click', onClick);
      clusters.close();
      shown = [];
      indexed = [];
      counts.remove();
      removeLayer();
    };
  }, [view, host]);

  useEffect(() => {
    request.current();
  }, [devices]);

  return null;
}
