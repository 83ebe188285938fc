/**
 * The shape editor's pointer logic, apart from L7 and the DOM: screen positions in, shapes out.
 * The map component feeds it pointer events and paints `picture()`; the unit tests feed it
 * clicks and drags through a flat projection.
 *
 * Gestures:
 * - circle / rectangle: press at the centre (a corner) and drag to the rim (the opposite
 *   corner), or click twice;
 * - polygon / polyline: click each corner; click the first or the last corner (a double click
 *   does that) to finish; Backspace takes back the last corner, Escape drops the draft;
 * - point: click;
 * - a finished shape: drag a handle (centre, radius, corner, or an edge's middle to add a
 *   corner); right-click a corner to remove it.
 * Presses that grab nothing are left to the map, so it pans as usual.
 */
import type { EditorPicture, Pixel } from './editorPaint';
import {
  HANDLE_HIT_PX,
  applyDrag,
  handlesOf,
  hitHandle,
  isClick,
  removeVertex,
  shapeFromGesture,
  startDrag,
  type Drag,
  type DrawnShape,
  type LngLat,
  type ShapeKind,
} from './geometry';

export interface ControllerOptions {
  kind: ShapeKind;
  project(p: LngLat): Pixel;
  unproject(px: Pixel): LngLat;
  /** A finished shape, a moved handle, or null when cleared. */
  onChange(shape: DrawnShape | null): void;
  /** The picture changed (pointer moved while drawing or dragging). */
  onRepaint(): void;
}

export class EditorController {
  private value: DrawnShape | null = null;
  private drag: { drag: Drag; shape: DrawnShape } | null = null;
  /** circle/rectangle: the first point of the gesture. */
  private anchor: { at: LngLat; px: Pixel; pressed: boolean } | null = null;
  /** polygon/polyline corners so far. */
  private draft: LngLat[] = [];
  private hover: LngLat | null = null;
  private downAt: Pixel | null = null;
  disabled = false;
  color = '#1677ff';
  /** How near a handle a press grabs it: HANDLE_HIT_PX for a mouse, TOUCH_HIT_PX for a finger. */
  hitPx = HANDLE_HIT_PX;

  constructor(private opts: ControllerOptions) {}

  setOptions(opts: ControllerOptions) {
    if (opts.kind !== this.opts.kind) this.cancel();
    this.opts = opts;
  }

  setValue(shape: DrawnShape | null) {
    this.value = shape;
    if (shape) this.cancel();
  }

  /** Drops a shape being drawn (not the finished value). */
  cancel() {
    this.anchor = null;
    this.draft = [];
    this.hover = null;
    this.drag = null;
  }

  /** WGS-84 → screen, as the map shows it now. */
  project(p: LngLat): Pixel {
    return this.opts.project(p);
  }

  /** True while a drawing is under way (the map should not zoom on a double click then). */
  drawing(): boolean {
    return !!this.anchor || this.draft.length > 0;
  }

  private handleAt(px: Pixel) {
    if (!this.value) return null;
    const handles = handlesOf(this.value);
    const i = hitHandle(
      handles.map((h) => this.opts.project(h.at)),
      px.x,
      px.y,
      this.hitPx,
    );
    return i >= 0 ? handles[i] : null;
  }

  /** A press; true when the editor takes it (the map must not pan). */
  down(px: Pixel): boolean {
    if (this.disabled) return false;
    this.downAt = px;
    if (this.value) {
      const h = this.handleAt(px);
      if (!h) return false;
      this.drag = startDrag(this.value, h.ref);
      return true;
    }
    const { kind } = this.opts;
    if (kind === 'circle' || kind === 'rectangle') {
      if (!this.anchor) this.anchor = { at: this.opts.unproject(px), px, pressed: true };
      return true;
    }
    return false;
  }

  move(px: Pixel) {
    if (this.drag) {
      this.drag.shape = applyDrag(this.drag.shape, this.drag.drag, this.opts.unproject(px));
      this.opts.onRepaint();
    } else if (this.anchor || this.draft.length) {
      this.hover = this.opts.unproject(px);
      this.opts.onRepaint();
    }
  }

  up(px: Pixel) {
    const downAt = this.downAt;
    this.downAt = null;
    if (this.disabled) return;
    if (this.drag) {
      const { shape } = this.drag;
      this.drag = null;
      this.value = shape;
      this.opts.onChange(shape);
      return;
    }
    const { kind } = this.opts;
    if ((kind === 'circle' || kind === 'rectangle') && this.anchor) {
      const a = this.anchor;
      const clicked = downAt ? isClick(downAt, px) : true;
      // A first click sets the anchor and waits for the second; a drag or the second click
      // away from the anchor finishes. A click on the anchor itself keeps waiting.
      if ((a.pressed && clicked) || isClick(a.px, px)) {
        a.pressed = false;
        return;
      }
      this.finish(shapeFromGesture(kind, a.at, this.opts.unproject(px)));
      return;
    }
    if (!downAt || !isClick(downAt, px)) return; // the map was panned
    if (this.value) return;
    if (kind === 'point') {
      this.finish({ type: 'point', point: this.opts.unproject(px) });
      return;
    }
    if (kind === 'polygon' || kind === 'polyline') this.clickCorner(px);
  }

  private clickCorner(px: Pixel) {
    const { kind } = this.opts;
    const pts = this.draft;
    const min = kind === 'polygon' ? 3 : 2;
    if (pts.length >= min) {
      const ends = [pts[0], pts[pts.length - 1]].map((p) => this.opts.project(p));
      const hit = hitHandle(kind === 'polygon' ? ends : [ends[1]], px.x, px.y, this.hitPx);
      if (hit >= 0) {
        this.finish({ type: kind as 'polygon' | 'polyline', points: [...pts] });
        return;
      }
    }
    // A second click on the last corner with too few corners adds nothing.
    if (pts.length && hitHandle([this.opts.project(pts[pts.length - 1])], px.x, px.y, this.hitPx) >= 0) return;
    this.draft = [...pts, this.opts.unproject(px)];
    this.opts.onRepaint();
  }

  private finish(shape: DrawnShape) {
    this.cancel();
    this.value = shape;
    this.opts.onChange(shape);
  }

  /** Right-click: removes the corner under the pointer. True when one was removed. */
  contextMenu(px: Pixel): boolean {
    if (this.disabled || !this.value) return false;
    const h = this.handleAt(px);
    if (!h || h.ref.kind !== 'vertex') return false;
    const next = removeVertex(this.value, h.ref.index);
    if (!next) return false;
    this.value = next;
    this.opts.onChange(next);
    return true;
  }

  key(key: string) {
    if (key === 'Escape' && this.drawing()) {
      this.cancel();
      this.opts.onRepaint();
    } else if (key === 'Backspace' && this.draft.length) {
      this.draft = this.draft.slice(0, -1);
      this.opts.onRepaint();
    }
  }

  /** The cursor for a pointer at `px`: grab over a handle, crosshair while there is something to draw. */
  cursor(px: Pixel): string {
    if (this.disabled) return '';
    if (this.drag) return 'grabbing';
    if (this.value) return this.handleAt(px) ? 'grab' : '';
    return 'crosshair';
  }

  /**
   * The shape as it stands now, finished or not: the one being dragged, the circle or rectangle
   * under the pointer, the corners clicked so far with the pointer as the next one, or the
   * finished shape. What the editor's size readout measures while the user draws.
   */
  liveShape(): DrawnShape | null {
    const { kind } = this.opts;
    if (this.drag) return this.drag.shape;
    if (this.anchor) return this.hover && (kind === 'circle' || kind === 'rectangle') ? shapeFromGesture(kind, this.anchor.at, this.hover) : null;
    if (this.draft.length && (kind === 'polygon' || kind === 'polyline')) {
      const points = this.hover ? [...this.draft, this.hover] : [...this.draft];
      return { type: kind, points };
    }
    return this.value;
  }

  picture(): EditorPicture {
    const { kind } = this.opts;
    if (this.drag) return { shape: this.drag.shape, handles: true, color: this.color };
    if (this.anchor && (kind === 'circle' || kind === 'rectangle'))
      return { shape: this.hover ? shapeFromGesture(kind, this.anchor.at, this.hover) : null, handles: false, color: this.color, draft: { points: [this.anchor.at], hover: null, closed: false } };
    if (this.draft.length)
      return { shape: null, handles: false, color: this.color, draft: { points: this.draft, hover: this.hover, closed: kind === 'polygon' } };
    return { shape: this.value, handles: !this.disabled, color: this.color };
  }
}
