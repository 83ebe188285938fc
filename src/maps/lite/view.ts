import {
  centeredOn,
  clampCamera,
  fitBounds,
  MAX_ZOOM,
  MIN_ZOOM,
  project,
  unproject,
  viewBounds,
  zoomAround,
  type Bounds,
  type Camera,
  type LngLat,
} from './camera';

/** One thing the map draws, bottom to top by `z`, on every frame. */
export interface DrawLayer {
  z: number;
  draw(ctx: CanvasRenderingContext2D, view: LiteView): void;
}

export interface MapClick {
  x: number;
  y: number;
  lngLat: LngLat;
}

type Events = {
  /** Every camera change (drawn on the next frame). */
  move: () => void;
  /** The camera came to rest after a gesture, an animation or a jump. */
  moveend: () => void;
  /** As moveend, when the zoom changed. */
  zoomend: () => void;
  click: (e: MapClick) => void;
  /** After each drawn frame. */
  render: () => void;
};

export interface LiteViewOptions {
  center: LngLat;
  zoom: number;
  minZoom?: number;
  maxZoom?: number;
  background: string;
}

/** The camera comes to rest this long after the last wheel event or the end of an animation. */
const REST_MS = 120;
/** Wheel zooms ease to their target over about this long. */
const EASE_MS = 160;

/**
 * The light map's view: one 2D canvas filling the host at the device's pixel ratio, the camera,
 * the layers drawn in order on an animation frame whenever something asked for one, and the
 * camera's events. Gestures are attached separately (gestures.ts).
 */
export class LiteView {
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D | null;
  private cam: Camera;
  private readonly minZoom: number;
  private readonly maxZoom: number;
  private layers: DrawLayer[] = [];
  private listeners: { [K in keyof Events]: Set<Events[K]> } = {
    move: new Set(),
    moveend: new Set(),
    zoomend: new Set(),
    click: new Set(),
    render: new Set(),
  };
  private frame = 0;
  private restTimer: ReturnType<typeof setTimeout> | undefined;
  private restZoom: number;
  private anim: { from: number; to: number; x: number; y: number; start: number } | null = null;
  private readonly observer: ResizeObserver;
  private destroyed = false;

  constructor(
    readonly host: HTMLElement,
    private readonly options: LiteViewOptions,
  ) {
    this.canvas = document.createElement('canvas');
    this.canvas.dataset.testid = 'lite-map-canvas';
    this.canvas.style.cssText = 'position:absolute;left:0;top:0;touch-action:none';
    host.appendChild(this.canvas);
    this.ctx = this.canvas.getContext('2d');
    this.minZoom = options.minZoom ?? MIN_ZOOM;
    this.maxZoom = options.maxZoom ?? MAX_ZOOM;
    const base: Camera = {
      x: 0.5,
      y: 0.5,
      zoom: options.zoom,
      width: host.clientWidth,
      height: host.clientHeight,
    };
    this.cam = clampCamera(
      centeredOn(base, options.center[0], options.center[1]),
      this.minZoom,
      this.maxZoom,
    );
    this.restZoom = this.cam.zoom;
    this.resize();
    this.observer = new ResizeObserver(() => {
      this.resize();
      this.emit('moveend');
    });
    this.observer.observe(host);
  }

  get camera(): Camera {
    return this.cam;
  }
  getZoom = () => this.cam.zoom;
  getBounds = (): Bounds => viewBounds(this.cam);
  getCenter = (): LngLat => unproject(this.cam, this.cam.width / 2, this.cam.height / 2);
  project = (lng: number, lat: number) => project(this.cam, lng, lat);
  unproject = (x: number, y: number) => unproject(this.cam, x, y);

  on<K extends keyof Events>(type: K, fn: Events[K]): void {
    this.listeners[type].add(fn);
  }
  off<K extends keyof Events>(type: K, fn: Events[K]): void {
    this.listeners[type].delete(fn);
  }
  emit<K extends keyof Events>(type: K, ...args: Parameters<Events[K]>): void {
    for (const fn of [...this.listeners[type]]) (fn as (...a: Parameters<Events[K]>) => void)(...args);
  }

  /** Adds a layer; the returned function removes it. */
  addLayer(layer: DrawLayer): () => void {
    this.layers = [...this.layers, layer].sort((a, b) => a.z - b.z);
    this.render();
    return () => {
      this.layers = this.layers.filter((l) => l !== layer);
      this.render();
    };
  }

  /** Asks for a frame (one per animation frame however often it is asked). */
  render(): void {
    if (this.frame || this.destroyed) return;
    this.frame = requestAnimationFrame(this.draw);
  }

  /** Moves the camera at once (a gesture step); `moveend` follows once it rests. */
  setCamera(next: Camera, rest = true): void {
    this.cam = clampCamera(
      { ...next, width: this.cam.width, height: this.cam.height },
      this.minZoom,
      this.maxZoom,
    );
    this.emit('move');
    this.render();
    if (rest) this.restSoon();
  }

  setZoomAndCenter(zoom: number, [lng, lat]: LngLat): void {
    this.anim = null;
    this.setCamera(centeredOn(this.cam, lng, lat, zoom), false);
    this.rest();
  }

  panTo([lng, lat]: LngLat): void {
    this.setZoomAndCenter(this.cam.zoom, [lng, lat]);
  }

  fitBounds(bounds: Bounds, padding: number, maxZoom = this.maxZoom): void {
    this.anim = null;
    this.setCamera(fitBounds(this.cam, bounds, padding, maxZoom), false);
    this.rest();
  }

  /** Eases the zoom towards `target` around the screen point (x, y) (wheel, double click). */
  zoomTo(target: number, x: number, y: number): void {
    const to = Math.min(this.maxZoom, Math.max(this.minZoom, target));
    this.anim = { from: this.cam.zoom, to, x, y, start: performance.now() };
    this.render();
  }

  /** Where an eased zoom is heading (the next wheel step adds to it). */
  targetZoom(): number {
    return this.anim?.to ?? this.cam.zoom;
  }

  /** Stops an eased zoom where it is (a drag or pinch takes over). */
  stopAnimation(): void {
    this.anim = null;
  }

  private restSoon() {
    clearTimeout(this.restTimer);
    this.restTimer = setTimeout(() => this.rest(), REST_MS);
  }

  private rest() {
    clearTimeout(this.restTimer);
    this.restTimer = undefined;
    if (this.destroyed) return;
    this.emit('moveend');
    if (this.cam.zoom !== this.restZoom) {
      this.restZoom = this.cam.zoom;
      this.emit('zoomend');
    }
  }

  private resize() {
    const dpr = window.devicePixelRatio || 1;
    const w = this.host.clientWidth;
    const h = this.host.clientHeight;
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(h * dpr);
    this.canvas.style.width = `${w}px`;
    this.canvas.style.height = `${h}px`;
    this.cam = clampCamera({ ...this.cam, width: w, height: h }, this.minZoom, this.maxZoom);
    this.render();
  }

  private draw = (now: number) => {
    this.frame = 0;
    if (this.destroyed) return;
    const a = this.anim;
    if (a) {
      const t = Math.min(1, Math.max(0, (now - a.start) / EASE_MS));
      const k = 1 - (1 - t) * (1 - t);
      this.cam = clampCamera(
        zoomAround(this.cam, a.from + (a.to - a.from) * k, a.x, a.y),
        this.minZoom,
        this.maxZoom,
      );
      this.emit('move');
      if (t >= 1) {
        this.anim = null;
        this.restSoon();
      } else this.render();
    }
    const ctx = this.ctx;
    if (!ctx) return;
    const dpr = window.devicePixelRatio || 1;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = this.options.background;
    ctx.fillRect(0, 0, this.cam.width, this.cam.height);
    for (const layer of this.layers) {
      ctx.save();
      layer.draw(ctx, this);
      ctx.restore();
    }
    this.emit('render');
  };

  destroy(): void {
    this.destroyed = true;
    cancelAnimationFrame(this.frame);
    clearTimeout(this.restTimer);
    this.observer.disconnect();
    this.layers = [];
    for (const set of Object.values(this.listeners)) set.clear();
    this.canvas.remove();
  }
}
