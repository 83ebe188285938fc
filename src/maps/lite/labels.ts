/**
 * Text labels that must not overlap (device and place names): a label is placed only when its
 * box meets none of those already placed. A coarse grid keeps each test to a few boxes.
 */
const CELL = 64;

export class LabelPlacer {
  private cells = new Map<number, [number, number, number, number][]>();

  /** Places the box (left, top, right, bottom) if it is free; false when it overlaps. */
  place(l: number, t: number, r: number, b: number): boolean {
    const c0 = Math.floor(l / CELL),
      c1 = Math.floor(r / CELL);
    const r0 = Math.floor(t / CELL),
      r1 = Math.floor(b / CELL);
    for (let cx = c0; cx <= c1; cx++) {
      for (let cy = r0; cy <= r1; cy++) {
        for (const [a, bt, c, d] of this.cells.get(cx * 100_003 + cy) ?? [])
          if (l < c && r > a && t < d && b > bt) return false;
      }
    }
    for (let cx = c0; cx <= c1; cx++) {
      for (let cy = r0; cy <= r1; cy++) {
        const k = cx * 100_003 + cy;
        const list = this.cells.get(k);
        if (list) list.push([l, t, r, b]);
        else this.cells.set(k, [[l, t, r, b]]);
      }
    }
    return true;
  }
}

/** Draws a name with a white halo centred at (x, y) if it does not overlap one already placed. */
export function drawName(
  ctx: CanvasRenderingContext2D,
  placer: LabelPlacer,
  text: string,
  x: number,
  y: number,
): boolean {
  const w = ctx.measureText(text).width;
  if (!placer.place(x - w / 2 - 2, y - 8, x + w / 2 + 2, y + 8)) return false;
  ctx.strokeText(text, x, y);
  ctx.fillText(text, x, y);
  return true;
}

/** The text style of names: 12 px, dark with a 2 px white halo, centred. */
export function nameStyle(ctx: CanvasRenderingContext2D, colour: string): void {
  ctx.font = '12px sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.lineWidth = 3;
  ctx.strokeStyle = '#ffffff';
  ctx.fillStyle = colour;
}
