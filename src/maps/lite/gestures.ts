import { panBy, wheelZoomDelta, zoomAround } from './camera';
import type { LiteView } from './view';

/** A press that moved less than this (px) is a click, not a drag. */
const CLICK_SLOP = 4;

interface Pointer {
  x: number;
  y: number;
}

/**
 * Drag to pan, wheel and double click to zoom (eased), two fingers to pinch and pan, and a
 * press that did not move as a click. Returns the function that detaches them.
 */
export function attachGestures(view: LiteView): () => void {
  const el = view.canvas;
  const pointers = new Map<number, Pointer>();
  let moved = 0;
  let pinchFrom: { distance: number; zoom: number } | null = null;

  const local = (e: { clientX: number; clientY: number }): Pointer => {
    const r = el.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const centre = () => {
    const list = [...pointers.values()];
    return {
      x: list.reduce((s, p) => s + p.x, 0) / list.length,
      y: list.reduce((s, p) => s + p.y, 0) / list.length,
    };
  };
  const spread = () => {
    const [a, b] = [...pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const onDown = (e: PointerEvent) => {
    if (e.button > 0) return;
    try {
      el.setPointerCapture(e.pointerId);
    } catch {
      // The pointer may already be gone (a very quick tap); the press still counts.
    }
    view.stopAnimation();
    pointers.set(e.pointerId, local(e));
    if (pointers.size === 1) moved = 0;
    pinchFrom = pointers.size === 2 ? { distance: spread(), zoom: view.getZoom() } : null;
  };

  const onMove = (e: PointerEvent) => {
    const before = pointers.get(e.pointerId);
    if (!before) return;
    const c0 = centre();
    const now = local(e);
    pointers.set(e.pointerId, now);
    const c1 = centre();
    moved += Math.hypot(now.x - before.x, now.y - before.y);
    let cam = panBy(view.camera, c1.x - c0.x, c1.y - c0.y);
    if (pinchFrom && pointers.size === 2 && pinchFrom.distance > 0) {
      const zoom = pinchFrom.zoom + Math.log2(spread() / pinchFrom.distance);
      cam = zoomAround(cam, zoom, c1.x, c1.y);
    }
    view.setCamera(cam);
  };

  const onUp = (e: PointerEvent) => {
    const p = pointers.get(e.pointerId);
    if (!p) return;
    pointers.delete(e.pointerId);
    if (pointers.size === 1) pinchFrom = null;
    if (pointers.size === 0 && moved < CLICK_SLOP && e.type === 'pointerup') {
      const at = local(e);
      view.emit('click', { x: at.x, y: at.y, lngLat: view.unproject(at.x, at.y) });
    }
  };

  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const dz = wheelZoomDelta(e.deltaY, e.deltaMode);
    if (!dz) return;
    const at = local(e);
    view.zoomTo(view.targetZoom() + dz, at.x, at.y);
  };

  const onDblClick = (e: MouseEvent) => {
    e.preventDefault();
    const at = local(e);
    view.zoomTo(Math.round(view.getZoom()) + (e.shiftKey ? -1 : 1), at.x, at.y);
  };

  el.addEventListener('pointerdown', onDown);
  el.addEventListener('pointermove', onMove);
  el.addEventListener('pointerup', onUp);
  el.addEventListener('pointercancel', onUp);
  el.addEventListener('wheel', onWheel, { passive: false });
  el.addEventListener('dblclick', onDblClick);
  return () => {
    el.removeEventListener('pointerdown', onDown);
    el.removeEventListener('pointermove', onMove);
    el.removeEventListener('pointerup', onUp);
    el.removeEventListener('pointercancel', onUp);
    el.removeEventListener('wheel', onWheel);
    el.removeEventListener('dblclick', onDblClick);
  };
}
