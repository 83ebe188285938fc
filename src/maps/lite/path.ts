import type { LiteView } from './view';

/**
 * Traces a WGS-84 line or ring on the view's screen into the context's current path. Points
 * closer than half a pixel to the last traced one are skipped (outlines at low zoom).
 */
export function tracePath(
  ctx: CanvasRenderingContext2D,
  view: LiteView,
  points: readonly (readonly number[])[],
  close = false,
): void {
  let lastX = NaN;
  let lastY = NaN;
  for (let i = 0; i < points.length; i++) {
    const [x, y] = view.project(points[i][0], points[i][1]);
    if (i === 0) ctx.moveTo(x, y);
    else if (Math.abs(x - lastX) + Math.abs(y - lastY) < 0.5 && i < points.length - 1) continue;
    else ctx.lineTo(x, y);
    lastX = x;
    lastY = y;
  }
  if (close) ctx.closePath();
}
