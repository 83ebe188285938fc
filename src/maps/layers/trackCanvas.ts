import type { Scene } from '../l7';
import { END_COLOR, START_COLOR, STAY_COLOR, TRACK_STATE_COLORS } from '../trackStyle';
import { affineError, affineFrom3, mercator, type Affine, type Point } from '../screenTransform';
import { overlayCanvas } from './overlayCanvas';
import type { PaintedTrack } from './trackPaint';

/**
 * Played tracks on a 2D canvas over the map. As WebGL line layers with WebGL in software
 * (headless Chromium, machines without a GPU) each frame with 10,000 track points cost about
 * 0.7 s, and L7 drew three or four such frames per load (the map fitting itself, each source
 * update). Here a frame strokes a few paths on the CPU in milliseconds, and L7's own frames
 * hold only the basemap.
 */

/** The wide line in the device's colour under the state colours: tells the five vehicles apart. */
const CASING = { width: 8, alpha: 0.45 };
const STATE_WIDTH = 3;
/** The direction arrow: a 32-unit path drawn 12 px wide. */
const ARROW = new Path2D('M16 4 L26 26 L16 20 L6 26 Z');
const ARROW_PX = 12;
const END_RADIUS = 7;
const STAY_HALF = 4;
/** A transform missing a fourth point by more than this (px) is not used: per-point projection. */
const MAX_AFFINE_ERROR = 0.5;

/** One track's screen positions on this frame: its points and its stays, x and y interleaved. */
interface OnScreen {
  xy: Float64Array;
  stays: Float64Array;
}

/** Writes the screen position of every point (given both ways, `world` and `lngLat`) into `out`. */
type Projection = (world: Float64Array, lngLat: Float64Array, out: Float64Array) => void;

/** This frame's projection, and the map's bearing in radians (for the arrows). */
function frameProjection(scene: Scene, w: number, h: number): { project: Projection; bearing: number } {
  const corners: Point[] = [
    [0, 0],
    [w, 0],
    [0, h],
    [w, h],
  ];
  let t: Affine | null = null;
  try {
    const world = corners.map((c) => {
      const ll = scene.containerToLngLat(c as [number, number]);
      return mercator(ll.lng, ll.lat);
    });
    t = affineFrom3([world[0], world[1], world[2]], [corners[0], corners[1], corners[2]]);
    if (t && !(affineError(t, world[3], corners[3]) <= MAX_AFFINE_ERROR)) t = null;
  } catch {
    t = null;
  }
  if (t) {
    const a = t;
    return {
      bearing: Math.atan2(a.d, a.a),
      project(world, _lngLat, out) {
        for (let i = 0; i < world.length; i += 2) {
          out[i] = a.a * world[i] + a.b * world[i + 1] + a.c;
          out[i + 1] = a.d * world[i] + a.e * world[i + 1] + a.f;
        }
      },
    };
  }
  return {
    bearing: 0,
    project(_world, lngLat, out) {
      for (let i = 0; i < lngLat.length; i += 2) {
        const p = scene.lngLatToContainer([lngLat[i], lngLat[i + 1]]);
        out[i] = p.x;
        out[i + 1] = p.y;
      }
    },
  };
}

function pathOf(ctx: CanvasRenderingContext2D, xy: Float64Array, from: number, to: number) {
  ctx.moveTo(xy[from * 2], xy[from * 2 + 1]);
  for (let i = from + 1; i <= to; i++) ctx.lineTo(xy[i * 2], xy[i * 2 + 1]);
}

function drawFrame(ctx: CanvasRenderingContext2D, tracks: readonly PaintedTrack[], screens: OnScreen[], bearing: number) {
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.globalAlpha = CASING.alpha;
  ctx.lineWidth = CASING.width;
  tracks.forEach((tr, k) => {
    const n = tr.lngLat.length / 2;
    if (n < 2) return;
    ctx.strokeStyle = tr.color;
    ctx.beginPath();
    pathOf(ctx, screens[k].xy, 0, n - 1);
    ctx.stroke();
  });
  ctx.globalAlpha = 1;
  ctx.lineWidth = STATE_WIDTH;
  tracks.forEach((tr, k) => {
    for (const { state, runs } of tr.states) {
      ctx.strokeStyle = TRACK_STATE_COLORS[state] ?? '#8c8c8c';
      ctx.beginPath();
      for (const [from, to] of runs) pathOf(ctx, screens[k].xy, from, to);
      ctx.stroke();
    }
  });
  ctx.fillStyle = '#ffffff';
  ctx.strokeStyle = '#262626';
  ctx.lineWidth = 2.5;
  const scale = ARROW_PX / 32;
  tracks.forEach((tr, k) => {
    const xy = screens[k].xy;
    for (const { i, course } of tr.arrows) {
      ctx.save();
      ctx.translate(xy[i * 2], xy[i * 2 + 1]);
      ctx.rotate((course * Math.PI) / 180 + bearing);
      ctx.scale(scale, scale);
      ctx.translate(-16, -16);
      ctx.fill(ARROW);
      ctx.stroke(ARROW);
      ctx.restore();
    }
  });
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#ffffff';
  ctx.fillStyle = STAY_COLOR;
  for (const { stays } of screens)
    for (let i = 0; i < stays.length; i += 2) {
      ctx.beginPath();
      ctx.rect(stays[i] - STAY_HALF, stays[i + 1] - STAY_HALF, STAY_HALF * 2, STAY_HALF * 2);
      ctx.fill();
      ctx.stroke();
    }
  tracks.forEach((tr, k) => {
    const xy = screens[k].xy;
    const last = tr.lngLat.length / 2 - 1;
    for (const [i, color] of [
      [0, START_COLOR],
      [last, END_COLOR],
    ] as const) {
      ctx.fillStyle = color;
      ctx.beginPath();
      ctx.arc(xy[i * 2], xy[i * 2 + 1], END_RADIUS, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
    }
  });
}

/** Map events after which the tracks are placed again. */
const CAMERA_EVENTS = ['mapmove', 'zoomchange', 'moveend', 'zoomend', 'resize'] as const;

/**
 * Draws the tracks given to `show` on every camera change until `remove`. `show` draws at once;
 * redraws for camera events are coalesced into one per task.
 */
export function attachTrackCanvas(scene: Scene, host: HTMLElement) {
  let tracks: readonly PaintedTrack[] = [];
  let screens: OnScreen[] = [];
  let queued = false;
  const draw = () => {
    queued = false;
    const { ctx } = overlay;
    const w = overlay.width();
    const h = overlay.height();
    if (!ctx) return;
    ctx.clearRect(0, 0, w, h);
    if (!tracks.length || !w || !h) return;
    const { project, bearing } = frameProjection(scene, w, h);
    tracks.forEach((tr, k) => {
      project(tr.world, tr.lngLat, screens[k].xy);
      project(tr.stayWorld, tr.stayLngLat, screens[k].stays);
    });
    drawFrame(ctx, tracks, screens, bearing);
  };
  const overlay = overlayCanvas(host, 'track-canvas', () => later());
  // Once right after the event (the same frame as L7's), and once more on the next frame: a
  // resize reaches the map's camera in L7's own resize callback, which may run after ours.
  let frame = 0;
  const later = () => {
    if (!queued) {
      queued = true;
      queueMicrotask(draw);
    }
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(draw);
  };
  for (const e of CAMERA_EVENTS) scene.on(e, later);
  return {
    show(next: readonly PaintedTrack[]) {
      tracks = next;
      screens = next.map((tr) => ({
        xy: new Float64Array(tr.world.length),
        stays: new Float64Array(tr.stayWorld.length),
      }));
      draw();
    },
    remove() {
      cancelAnimationFrame(frame);
      for (const e of CAMERA_EVENTS) scene.off(e, later);
      tracks = [];
      overlay.remove();
    },
  };
}
