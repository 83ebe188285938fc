import type { ILayer, Scene } from '../l7';
import { overlayCanvas } from './overlayCanvas';

/**
 * Cluster counts on a 2D canvas over the map, drawn right after the device layer's own draw.
 * A WebGL text layer did this before; its first draw (text shaders and glyph atlas) held one
 * frame for 200-270 ms with WebGL in software, and it re-encoded every count on every update.
 * A few hundred fillText calls per frame cost a millisecond or two.
 */

/** A row of the clustered source: supercluster's properties plus L7's parsed coordinates. */
export interface ClusterRow {
  coordinates?: unknown;
  point_count?: unknown;
}

export interface ClusterLabel {
  lng: number;
  lat: number;
  text: string;
}

/** The counts to draw: clusters only (a single device has point_count 1 or none). */
export function clusterLabels(rows: readonly ClusterRow[]): ClusterLabel[] {
  const out: ClusterLabel[] = [];
  for (const r of rows) {
    const count = Number(r.point_count);
    const c = r.coordinates;
    if (!(count > 1) || !Array.isArray(c) || typeof c[0] !== 'number' || typeof c[1] !== 'number') continue;
    out.push({ lng: c[0], lat: c[1], text: String(count) });
  }
  return out;
}

const FONT = 'bold 12px sans-serif';
/** Labels this far outside the view are skipped (half a label's width is enough). */
const MARGIN = 40;

/**
 * Draws `layer`'s cluster counts above it until the returned function is called. The counts
 * are taken when the layer encodes new data (its clusters for the data and zoom it will draw)
 * and placed on every frame the layer draws, so they pan and zoom with it.
 */
export function attachClusterCounts(scene: Scene, host: HTMLElement, layer: ILayer): () => void {
  let labels: ClusterLabel[] = [];
  let drawn = 0;
  let disposed = false;
  // A resize clears the canvas, and L7 redraws (so the counts come back) after its own
  // container resized.
  const overlay = overlayCanvas(host, 'cluster-counts', () => {
    drawn = 0;
  });
  const { ctx } = overlay;

  const draw = () => {
    if (disposed || !ctx || (!drawn && !labels.length)) return;
    const w = overlay.width();
    const h = overlay.height();
    if (drawn) ctx.clearRect(0, 0, w, h);
    drawn = 0;
    // How many counts are on the canvas, for tests and a look in the inspector.
    overlay.canvas.dataset.counts = '0';
    if (!labels.length) return;
    ctx.font = FONT;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillStyle = '#ffffff';
    for (const l of labels) {
      const p = scene.lngLatToContainer([l.lng, l.lat]);
      if (p.x < -MARGIN || p.y < -MARGIN || p.x > w + MARGIN || p.y > h + MARGIN) continue;
      // +1: digits have no descenders, so the middle of the em box sits a pixel high.
      ctx.fillText(l.text, p.x, p.y + 1);
      drawn++;
    }
    overlay.canvas.dataset.counts = String(drawn);
  };

  layer.on('dataUpdate', () => {
    const data = layer.getSource()?.data?.dataArray as ClusterRow[] | undefined;
    labels = clusterLabels(data ?? []);
    // An empty layer is not drawn at all, so nothing would clear the old counts.
    if (!labels.length) draw();
  });
  layer.hooks.afterRender.tap('clusterCounts', draw);

  return () => {
    disposed = true;
    labels = [];
    overlay.remove();
  };
}
