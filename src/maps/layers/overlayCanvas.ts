/**
 * A 2D canvas laid over the map's WebGL canvas, sized to the host at the device's pixel ratio.
 * Drawing here costs CPU rasterisation only; with WebGL in software (headless Chromium,
 * machines without a GPU) each WebGL frame of wide lines or text costs hundreds of ms.
 */
export interface OverlayCanvas {
  canvas: HTMLCanvasElement;
  ctx: CanvasRenderingContext2D | null;
  /** CSS pixel size, tracked by a ResizeObserver rather than read per frame (no forced layout). */
  width(): number;
  height(): number;
  remove(): void;
}

/**
 * `zIndex` 3 lies above L7's canvas (its container has z-index 2) and below the played
 * vehicles (4) and L7's controls (999). A resize clears the canvas; `onResize` (not called for
 * the first size) redraws it.
 */
export function overlayCanvas(host: HTMLElement, testId: string, onResize?: () => void): OverlayCanvas {
  const canvas = document.createElement('canvas');
  canvas.style.cssText = 'position:absolute;left:0;top:0;pointer-events:none;z-index:3';
  canvas.dataset.testid = testId;
  host.appendChild(canvas);
  const ctx = canvas.getContext('2d');
  let w = 0;
  let h = 0;
  const resize = () => {
    const dpr = window.devicePixelRatio || 1;
    w = host.clientWidth;
    h = host.clientHeight;
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
    canvas.style.width = `${w}px`;
    canvas.style.height = `${h}px`;
    ctx?.setTransform(dpr, 0, 0, dpr, 0, 0);
  };
  resize();
  const observer = new ResizeObserver(() => {
    resize();
    onResize?.();
  });
  observer.observe(host);
  return {
    canvas,
    ctx,
    width: () => w,
    height: () => h,
    remove() {
      observer.disconnect();
      canvas.remove();
    },
  };
}
