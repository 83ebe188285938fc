/**
 * Paints the shape being edited on the 2D overlay canvas, in screen pixels. The canvas (not L7
 * layers) because the shape changes on every pointer move while dragging: a WebGL layer update
 * per move costs a frame of hundreds of ms with WebGL in software, a canvas path a millisecond.
 */
import { circleRing } from '../distance';
import { handlesOf, type DrawnShape, type LngLat } from './geometry';

export interface Pixel {
  x: number;
  y: number;
}

/** What is on screen: the shape (finished or previewed), and the open path being clicked in. */
export interface EditorPicture {
  shape: DrawnShape | null;
  /** Polygon/polyline corners clicked so far, plus the pointer as the rubber-band end. */
  draft?: { points: LngLat[]; hover: LngLat | null; closed: boolean };
  /** Handles only on a finished shape (not on a preview). */
  handles: boolean;
  color: string;
}

const HANDLE_R = 6;
const MID_R = 4;

function pathThrough(ctx: CanvasRenderingContext2D, pts: readonly Pixel[], close: boolean) {
  ctx.beginPath();
  pts.forEach((p, i) => (i ? ctx.lineTo(p.x, p.y) : ctx.moveTo(p.x, p.y)));
  if (close) ctx.closePath();
}

function dot(ctx: CanvasRenderingContext2D, p: Pixel, r: number, fill: string, stroke: string) {
  ctx.beginPath();
  ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = stroke;
  ctx.stroke();
}

/** Draws `pic` with `project` (WGS-84 → container pixels). */
export function paintEditor(ctx: CanvasRenderingContext2D, pic: EditorPicture, project: (p: LngLat) => Pixel): void {
  const { shape, color } = pic;
  ctx.lineJoin = 'round';
  if (shape) {
    if (shape.type === 'point') {
      dot(ctx, project(shape.point), 7, color, '#ffffff');
    } else {
      const ring = shape.type === 'circle' ? circleRing(shape.center, shape.radius, 96) : shape.points;
      const closed = shape.type !== 'polyline';
      pathThrough(ctx, ring.map(project), closed);
      if (closed) {
        ctx.globalAlpha = 0.18;
        ctx.fillStyle = color;
        ctx.fill();
        ctx.globalAlpha = 1;
      }
      ctx.lineWidth = shape.type === 'polyline' ? 4 : 2;
      ctx.strokeStyle = color;
      ctx.stroke();
    }
    if (pic.handles && shape.type !== 'point') {
      for (const h of handlesOf(shape)) {
        const p = project(h.at);
        if (h.ref.kind === 'mid') dot(ctx, p, MID_R, 'rgba(255,255,255,0.75)', color);
        else if (h.ref.kind === 'center') dot(ctx, p, HANDLE_R, color, '#ffffff');
        else dot(ctx, p, HANDLE_R, '#ffffff', color);
      }
    }
  }
  const draft = pic.draft;
  if (draft && draft.points.length) {
    const pts = draft.points.map(project);
    const withHover = draft.hover ? [...pts, project(draft.hover)] : pts;
    if (draft.closed && withHover.length >= 3) {
      pathThrough(ctx, withHover, true);
      ctx.globalAlpha = 0.12;
      ctx.fillStyle = color;
      ctx.fill();
      ctx.globalAlpha = 1;
    }
    pathThrough(ctx, withHover, false);
    ctx.setLineDash([6, 4]);
    ctx.lineWidth = 2;
    ctx.strokeStyle = color;
    ctx.stroke();
    ctx.setLineDash([]);
    // The first corner a bit larger: clicking it closes a polygon.
    pts.forEach((p, i) => dot(ctx, p, i === 0 ? HANDLE_R + 1 : HANDLE_R - 1, '#ffffff', color));
  }
}
