import { describe, expect, it } from 'vitest';
import {
  centeredOn,
  clampCamera,
  fitBounds,
  MAX_ZOOM,
  MIN_ZOOM,
  panBy,
  project,
  screenToWorld,
  unproject,
  viewBounds,
  wheelZoomDelta,
  worldSize,
  worldToScreen,
  zoomAround,
  type Bounds,
  type Camera,
} from '../../../src/maps/lite/camera';
import { mercator } from '../../../src/maps/screenTransform';

const BEIJING: [number, number] = [116.4, 39.9];
/** Zoom 10 over Beijing in an 800x600 view. */
const cam: Camera = centeredOn({ x: 0.5, y: 0.5, zoom: 10, width: 800, height: 600 }, BEIJING[0], BEIJING[1]);

describe('lite camera: project and unproject', () => {
  it('counts 512 px worlds, as L7 and Mapbox do', () => {
    expect(worldSize(0)).toBe(512);
    expect(worldSize(10)).toBe(512 * 1024);
  });

  it('puts the centre in the middle of the view', () => {
    const [wx, wy] = mercator(...BEIJING);
    expect(worldToScreen(cam, wx, wy)).toEqual([400, 300]);
    const [x, y] = project(cam, ...BEIJING);
    expect(x).toBeCloseTo(400, 9);
    expect(y).toBeCloseTo(300, 9);
  });

  it('puts north up and east right', () => {
    const [x, y] = project(cam, BEIJING[0] + 0.1, BEIJING[1] + 0.1);
    expect(x).toBeGreaterThan(400);
    expect(y).toBeLessThan(300);
    // 0.1° of longitude at zoom 10 is 524288 px / 3600.
    expect(x - 400).toBeCloseTo(524288 / 3600, 6);
  });

  it.each([
    [116.4, 39.9],
    [116.55, 40.02],
    [0, 0],
    [-122.42, 37.77],
    [-58.38, -34.6],
    [18.95, 69.65],
    [-20, 80],
    [170, -78],
  ])('round-trips %f, %f', (lng, lat) => {
    const [x, y] = project(cam, lng, lat);
    const [lng2, lat2] = unproject(cam, x, y);
    expect(lng2).toBeCloseTo(lng, 8);
    expect(lat2).toBeCloseTo(lat, 8);
  });

  it('round-trips screen points through world units', () => {
    const [wx, wy] = screenToWorld(cam, 123, 456);
    const [x, y] = worldToScreen(cam, wx, wy);
    expect(x).toBeCloseTo(123, 6);
    expect(y).toBeCloseTo(456, 6);
  });
});

describe('lite camera: zoomAround and panBy', () => {
  it('keeps the point under the cursor where it is', () => {
    const at: [number, number] = [650, 120];
    const under = unproject(cam, ...at);
    for (const zoom of [8.5, 11, 13.25]) {
      const next = zoomAround(cam, zoom, ...at);
      expect(next.zoom).toBe(zoom);
      const [x, y] = project(next, ...under);
      expect(x).toBeCloseTo(at[0], 6);
      expect(y).toBeCloseTo(at[1], 6);
    }
  });

  it('scales distances from the cursor by 2 per zoom level', () => {
    const next = zoomAround(cam, 11, 400, 300);
    const [x] = project(next, BEIJING[0] + 0.1, BEIJING[1]);
    expect(x - 400).toBeCloseTo((2 * 524288) / 3600, 6);
  });

  it('moves every projected point by exactly the drag', () => {
    const moved = panBy(cam, 37, -52);
    for (const [lng, lat] of [BEIJING, [117, 39.5] as [number, number]]) {
      const [x0, y0] = project(cam, lng, lat);
      const [x1, y1] = project(moved, lng, lat);
      expect(x1 - x0).toBeCloseTo(37, 6);
      expect(y1 - y0).toBeCloseTo(-52, 6);
    }
    expect(moved.zoom).toBe(cam.zoom);
  });
});

describe('lite camera: fitBounds', () => {
  const bounds: Bounds = [
    [116.1, 39.7],
    [116.8, 40.2],
  ];

  it('shows both corners inside the view, padding to spare', () => {
    const padding = 40;
    const fitted = fitBounds(cam, bounds, padding);
    const [x0, y0] = project(fitted, bounds[0][0], bounds[1][1]);
    const [x1, y1] = project(fitted, bounds[1][0], bounds[0][1]);
    const eps = 1e-6;
    for (const x of [x0, x1]) {
      expect(x).toBeGreaterThanOrEqual(padding - eps);
      expect(x).toBeLessThanOrEqual(800 - padding + eps);
    }
    for (const y of [y0, y1]) {
      expect(y).toBeGreaterThanOrEqual(padding - eps);
      expect(y).toBeLessThanOrEqual(600 - padding + eps);
    }
    // As close as it can be: one side touches the padding.
    const fillsWidth = Math.abs(x1 - x0 - (800 - 2 * padding)) < 1e-6;
    const fillsHeight = Math.abs(y1 - y0 - (600 - 2 * padding)) < 1e-6;
    expect(fillsWidth || fillsHeight).toBe(true);
    // And centred on the bounds.
    expect((x0 + x1) / 2).toBeCloseTo(400, 6);
    expect((y0 + y1) / 2).toBeCloseTo(300, 6);
  });

  it('is capped by maxZoom for tiny bounds', () => {
    const tiny: Bounds = [
      [116.4, 39.9],
      [116.40001, 39.90001],
    ];
    expect(fitBounds(cam, tiny, 40).zoom).toBe(MAX_ZOOM);
    expect(fitBounds(cam, tiny, 40, 15).zoom).toBe(15);
    // A single point does not divide by zero.
    const point = fitBounds(cam, [BEIJING, BEIJING], 40, 16);
    expect(point.zoom).toBe(16);
    expect(Number.isFinite(point.x) && Number.isFinite(point.y)).toBe(true);
  });
});

describe('lite camera: clampCamera', () => {
  it('clamps the zoom to its limits', () => {
    expect(clampCamera({ ...cam, zoom: 25 }).zoom).toBe(MAX_ZOOM);
    expect(clampCamera({ ...cam, zoom: -3 }).zoom).toBe(MIN_ZOOM);
    expect(clampCamera({ ...cam, zoom: 7 }, 8, 12).zoom).toBe(8);
    expect(clampCamera(cam)).toEqual(cam);
  });

  it('keeps the view inside the world vertically', () => {
    const north = clampCamera({ ...cam, zoom: 3, y: 0.001 });
    expect(screenToWorld(north, 0, 0)[1]).toBeCloseTo(0, 12);
    const south = clampCamera({ ...cam, zoom: 3, y: 0.999 });
    expect(screenToWorld(south, 0, 600)[1]).toBeCloseTo(1, 12);
    // Already inside: untouched.
    expect(clampCamera({ ...cam, zoom: 3, y: 0.4 }).y).toBe(0.4);
  });

  it('centres a world shorter than the view', () => {
    // At zoom 1 the world is 1024 px tall, less than a 1200 px view.
    const tall = clampCamera({ ...cam, height: 1200, zoom: 1, y: 0.2 });
    expect(tall.y).toBe(0.5);
  });

  it('keeps the centre within the world horizontally', () => {
    expect(clampCamera({ ...cam, x: 1.4 }).x).toBe(1);
    expect(clampCamera({ ...cam, x: -0.2 }).x).toBe(0);
  });
});

describe('lite camera: viewBounds', () => {
  it('answers [[west, south], [east, north]] matching the corners', () => {
    const [[west, south], [east, north]] = viewBounds(cam);
    expect(west).toBeLessThan(east);
    expect(south).toBeLessThan(north);
    expect(west).toBeLessThan(BEIJING[0]);
    expect(east).toBeGreaterThan(BEIJING[0]);
    expect(south).toBeLessThan(BEIJING[1]);
    expect(north).toBeGreaterThan(BEIJING[1]);
    const [w2, n2] = unproject(cam, 0, 0);
    const [e2, s2] = unproject(cam, 800, 600);
    expect(west).toBeCloseTo(w2, 12);
    expect(north).toBeCloseTo(n2, 12);
    expect(east).toBeCloseTo(e2, 12);
    expect(south).toBeCloseTo(s2, 12);
    // 800 px at zoom 10 is 800 / 524288 of 360°.
    expect(east - west).toBeCloseTo((800 / 524288) * 360, 9);
  });
});

describe('lite camera: wheelZoomDelta', () => {
  it('zooms in for a negative deltaY (wheel up) and out for a positive one', () => {
    expect(wheelZoomDelta(-100, 0)).toBeGreaterThan(0);
    expect(wheelZoomDelta(100, 0)).toBeLessThan(0);
    expect(wheelZoomDelta(-100, 0)).toBeCloseTo(-wheelZoomDelta(100, 0), 12);
  });

  it('gives close to, but not over, one level for a mouse notch', () => {
    const step = wheelZoomDelta(-800, 0);
    expect(step).toBeGreaterThan(0.99);
    expect(step).toBeLessThanOrEqual(1);
    expect(Math.abs(wheelZoomDelta(-100000, 0))).toBeLessThanOrEqual(1);
  });

  it('takes small steps for a touchpad, growing with the delta', () => {
    const tiny = wheelZoomDelta(-2, 0);
    expect(tiny).toBeGreaterThan(0);
    expect(tiny).toBeLessThan(0.02);
    expect(wheelZoomDelta(-10, 0)).toBeGreaterThan(tiny);
    expect(wheelZoomDelta(-10, 0)).toBeLessThan(0.1);
  });

  it('scales lines (deltaMode 1) and pages (deltaMode 2) to pixels', () => {
    expect(wheelZoomDelta(-3, 1)).toBeCloseTo(wheelZoomDelta(-120, 0), 12);
    expect(wheelZoomDelta(1, 2)).toBeCloseTo(wheelZoomDelta(800, 0), 12);
    expect(Math.abs(wheelZoomDelta(-3, 1))).toBeGreaterThan(Math.abs(wheelZoomDelta(-3, 0)));
  });

  it('gives 0 for no delta', () => {
    expect(wheelZoomDelta(0, 0)).toBe(0);
    expect(wheelZoomDelta(0, 1)).toBe(0);
  });
});
