import { useEffect, useRef } from 'react';
import { useMap } from '../MapContext';
import { overlayCanvas } from '../layers/overlayCanvas';
import { EditorController, type ControllerOptions } from './editorController';
import { paintEditor, type Pixel } from './editorPaint';
import { boundsPoints, HANDLE_HIT_PX, TOUCH_HIT_PX, type DrawnShape, type LngLat, type ShapeKind } from './geometry';

export interface ShapeEditorProps {
  /** What a new drawing makes. An existing `value` of another type is still shown and editable. */
  kind: ShapeKind;
  /** The shape, WGS-84; null: nothing drawn yet (the next gesture draws one). */
  value: DrawnShape | null;
  /** A drawing finished or a handle was let go (WGS-84). */
  onChange(shape: DrawnShape | null): void;
  /** Only shown: no handles, no drawing. */
  readOnly?: boolean;
  color?: string;
  /** Fit the view to the value once, when the editor mounts with one (default true). */
  fit?: boolean;
  /** The shape as drawn so far, on every repaint (controller's liveShape): for a size readout. */
  onLive?(shape: DrawnShape | null): void;
}

const CAMERA_EVENTS = ['mapmove', 'zoomchange', 'moveend', 'zoomend', 'resize'] as const;
const TOUCH_EVENTS = ['touchstart', 'touchmove', 'touchend'] as const;

/**
 * Draws and edits one shape on the map (a layer: render it inside FleetMap). Whatever the
 * provider, `value` and `onChange` are WGS-84; the map context converts to the provider's datum
 * (GCJ-02, BD-09) on the way to the screen and back. The shape is painted on a 2D canvas over
 * the scene; pointer events are read on the map's host element in the capture phase, so a
 * press on a handle never reaches the map (it would pan) while other presses still do.
 */
export function ShapeEditor({ kind, value, onChange, readOnly, color = '#1677ff', fit = true, onLive }: ShapeEditorProps) {
  const { scene, host, toMap, fromMap } = useMap();
  const controller = useRef<EditorController | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const live = useRef(onLive);
  live.current = onLive;
  const repaint = useRef<() => void>(() => {});
  const fitted = useRef(false);

  const options = (): ControllerOptions => ({
    kind,
    project: ([lng, lat]) => {
      const p = scene.lngLatToContainer(toMap(lng, lat));
      return { x: p.x, y: p.y };
    },
    unproject: ({ x, y }) => {
      const ll = scene.containerToLngLat([x, y]);
      return fromMap(ll.lng, ll.lat);
    },
    onChange: (s) => {
      // A shape drawn here is where the user is looking: no refit for it.
      fitted.current = true;
      changed.current(s);
    },
    onRepaint: () => repaint.current(),
  });

  useEffect(() => {
    const c = new EditorController(options());
    controller.current = c;
    let frame = 0;
    const draw = () => {
      const { ctx } = overlay;
      if (!ctx) return;
      ctx.clearRect(0, 0, overlay.width(), overlay.height());
      paintEditor(ctx, c.picture(), (p) => c.project(p));
      live.current?.(c.liveShape());
    };
    const overlay = overlayCanvas(host, 'shape-editor', () => later());
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(draw);
    };
    repaint.current = draw;
    for (const e of CAMERA_EVENTS) scene.on(e, later);

    const local = (e: MouseEvent): Pixel => {
      const r = host.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    // While the editor holds a press, the map sees none of its mouse events.
    let holding = false;
    const stop = (e: Event) => {
      e.stopPropagation();
      e.preventDefault();
    };
    const onDown = (e: PointerEvent) => {
      if (e.button !== 0) return;
      c.hitPx = e.pointerType === 'touch' ? TOUCH_HIT_PX : HANDLE_HIT_PX;
      if (c.down(local(e))) {
        holding = true;
        stop(e);
        window.addEventListener('pointermove', onWindowMove, true);
      }
      window.addEventListener('pointerup', onUp, true);
    };
    // The map pans on mouse and touch events, which follow the pointer events: a press the
    // editor holds keeps them from it (touch ones too, or a finger moving a corner pans as well).
    const onMouseDown = (e: MouseEvent) => holding && stop(e);
    const onTouch = (e: TouchEvent) => holding && stop(e);
    const onWindowMove = (e: PointerEvent) => {
      stop(e);
      c.move(local(e));
      host.style.cursor = c.cursor(local(e));
    };
    const onHover = (e: PointerEvent) => {
      if (holding) return;
      c.move(local(e));
      host.style.cursor = c.cursor(local(e));
    };
    const onUp = (e: PointerEvent) => {
      window.removeEventListener('pointermove', onWindowMove, true);
      window.removeEventListener('pointerup', onUp, true);
      if (holding) stop(e);
      holding = false;
      c.up(local(e));
      draw();
    };
    const onDblClick = (e: MouseEvent) => {
      // The double click that finishes a polygon (or lands on a handle) must not zoom the map.
      if (!c.disabled && (c.drawing() || c.cursor(local(e)) === 'grab')) stop(e);
    };
    const onContext = (e: MouseEvent) => {
      if (c.contextMenu(local(e))) stop(e);
    };
    const onKey = (e: KeyboardEvent) => c.key(e.key);
    host.addEventListener('pointerdown', onDown, true);
    host.addEventListener('mousedown', onMouseDown, true);
    for (const t of TOUCH_EVENTS) host.addEventListener(t, onTouch, { capture: true, passive: false });
    host.addEventListener('pointermove', onHover);
    host.addEventListener('dblclick', onDblClick, true);
    host.addEventListener('contextmenu', onContext, true);
    window.addEventListener('keydown', onKey);
    return () => {
      cancelAnimationFrame(frame);
      for (const e of CAMERA_EVENTS) scene.off(e, later);
      host.removeEventListener('pointerdown', onDown, true);
      host.removeEventListener('mousedown', onMouseDown, true);
      for (const t of TOUCH_EVENTS) host.removeEventListener(t, onTouch, true);
      host.removeEventListener('pointermove', onHover);
      host.removeEventListener('dblclick', onDblClick, true);
      host.removeEventListener('contextmenu', onContext, true);
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointermove', onWindowMove, true);
      window.removeEventListener('pointerup', onUp, true);
      host.style.cursor = '';
      overlay.remove();
      controller.current = null;
      repaint.current = () => {};
    };
    // The controller lives as long as the scene; props reach it in the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scene, host]);

  useEffect(() => {
    const c = controller.current;
    if (!c) return;
    c.setOptions(options());
    c.setValue(value);
    c.disabled = !!readOnly;
    c.color = color;
    repaint.current();
    // `options` reads kind and the converters, listed here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, value, readOnly, color, toMap, fromMap]);

  // Fit once to a shape given from outside (editing an existing fence), never to one drawn here.
  useEffect(() => {
    if (!fit || fitted.current || !value) return;
    fitted.current = true;
    fitView(scene, boundsPoints(value).map(([lng, lat]) => toMap(lng, lat)));
  }, [fit, value, scene, toMap]);

  return null;
}

/** Fits the scene to points in map coordinates (one point: zoom 15 on it). */
export function fitView(scene: ReturnType<typeof useMap>['scene'], pts: readonly LngLat[]): void {
  if (!pts.length) return;
  const lngs = pts.map((p) => p[0]);
  const lats = pts.map((p) => p[1]);
  const [w, e, s, n] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
  if (w === e && s === n) scene.setZoomAndCenter(15, [w, s]);
  else scene.fitBounds([[w, s], [e, n]], { padding: 60, animate: false });
}
