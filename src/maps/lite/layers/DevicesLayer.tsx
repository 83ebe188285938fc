import { useEffect, useRef } from 'react';
import { CLUSTER_ICON_ID, iconId } from '../../icons';
import { logMapFailure } from '../../log';
import type { MapDevice } from '../../types';
import { SINGLES_FROM_ZOOM } from '../../layers/cluster';
import { ClusteredPoints, type Clustered } from '../../layers/clusteredPoints';
import { updateLoop } from '../../layers/updateLoop';
import { overlayCanvas } from '../../layers/overlayCanvas';
import { LZ, useLiteMap } from '../context';
import { deviceIcons } from '../deviceIcons';

/** Icon half-size in pixels (icons are 40x40, spec section 9). */
const ICON_SIZE = 20;
const COUNT_FONT = 'bold 12px sans-serif';

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
    let shown: Clustered<MapDevice>[] = [];
    let markers = 0;
    const clusters = new ClusteredPoints<MapDevice>();
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
            const d = s.item;
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
        if (s.item) select(s.item.id);
        else view.setZoomAndCenter(Math.min(view.getZoom() + 2, SINGLES_FROM_ZOOM), [s.lng, s.lat]);
        return;
      }
    };
    view.on('click', onClick);

    const loop = updateLoop(
      async (withData) => {
        const list = latest.current.devices;
        try {
          const rows = await clusters.query(withData ? list : null, view.getBounds(), view.getZoom());
          if (disposed) return;
          shown = rows;
          // Resolved once the frame showing them is drawn.
          await new Promise<void>((resolve) => {
            const drawn = () => {
              view.off('render', drawn);
              resolve();
            };
            view.on('render', drawn);
            view.render();
          });
          if (withData) markers = list.length;
        } catch (error) {
          logMapFailure('init', 'device layer update', error);
        }
      },
      (withData) => {
        if (withData) latest.current.onRendered?.({ markers, at: Date.now() });
      },
    );
    request.current = loop.data;
    view.on('moveend', loop.view);

    deviceIcons()
      .then((loaded) => {
        if (disposed) return;
        icons = loaded;
        loop.start();
      })
      .catch((error) => logMapFailure('init', 'device icons', error));

    return () => {
      disposed = true;
      loop.stop();
      request.current = () => {};
      view.off('moveend', loop.view);
      view.off('click', onClick);
      clusters.close();
      shown = [];
      counts.remove();
      removeLayer();
    };
  }, [view, host]);

  useEffect(() => {
    request.current();
  }, [devices]);

  return null;
}
