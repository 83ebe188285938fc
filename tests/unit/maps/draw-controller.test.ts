import { describe, expect, it } from 'vitest';
import { EditorController } from '../../../src/maps/draw/editorController';
import { TOUCH_HIT_PX, type DrawnShape, type LngLat, type ShapeKind } from '../../../src/maps/draw/geometry';
import { distanceMeters } from '../../../src/maps/distance';

// A flat map: 1 px is 0.0001 degree, y grows southwards, as on screen.
const project = ([lng, lat]: LngLat) => ({ x: (lng - 116) * 10000, y: (40 - lat) * 10000 });
const unproject = ({ x, y }: { x: number; y: number }): LngLat => [116 + x / 10000, 40 - y / 10000];

function editor(kind: ShapeKind, value: DrawnShape | null = null) {
  const changes: (DrawnShape | null)[] = [];
  const c = new EditorController({ kind, project, unproject, onChange: (s) => changes.push(s), onRepaint: () => {} });
  c.setValue(value);
  const click = (x: number, y: number) => {
    c.down({ x, y });
    c.up({ x, y });
  };
  const drag = (from: [number, number], to: [number, number]) => {
    const grabbed = c.down({ x: from[0], y: from[1] });
    c.move({ x: (from[0] + to[0]) / 2, y: (from[1] + to[1]) / 2 });
    c.move({ x: to[0], y: to[1] });
    c.up({ x: to[0], y: to[1] });
    return grabbed;
  };
  return { c, changes, click, drag };
}

describe('drawing', () => {
  it('draws a circle by dragging from the centre to the rim', () => {
    const { changes, drag } = editor('circle');
    expect(drag([1000, 1000], [1100, 1000])).toBe(true); // the map must not pan
    const circle = changes[0] as Extract<DrawnShape, { type: 'circle' }>;
    expect(circle.type).toBe('circle');
    expect(circle.center[0]).toBeCloseTo(116.1);
    expect(circle.center[1]).toBeCloseTo(39.9);
    expect(circle.radius).toBe(Math.round(distanceMeters(circle.center, [116.11, 39.9])));
  });

  it('draws a circle with two clicks; a click on the centre again keeps waiting', () => {
    const { changes, click } = editor('circle');
    click(1000, 1000);
    click(1001, 1000);
    expect(changes).toHaveLength(0);
    click(1000, 1200);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ type: 'circle' });
  });

  it('draws a rectangle from corner to corner', () => {
    const { changes, drag } = editor('rectangle');
    drag([1000, 1000], [900, 1200]);
    expect(changes[0]).toEqual({
      type: 'rectangle',
      points: [
        [116.09, 39.88],
        [116.1, 39.88],
        [116.1, 39.9],
        [116.09, 39.9],
      ].map(([a, b]) => [expect.closeTo(a, 9), expect.closeTo(b, 9)]),
    });
  });

  it('draws a polygon click by click and closes it on the first corner', () => {
    const { c, changes, click } = editor('polygon');
    click(0, 0);
    click(100, 0);
    expect(c.drawing()).toBe(true);
    click(100, 100);
    expect(changes).toHaveLength(0);
    click(3, 2); // near the first corner: closes
    expect(changes).toHaveLength(1);
    const poly = changes[0] as { type: string; points: LngLat[] };
    expect(poly.type).toBe('polygon');
    expect(poly.points.length).toBeGreaterThanOrEqual(3);
    expect(c.drawing()).toBe(false);
  });

  it('finishes a polygon with a double click on its last corner', () => {
    const { changes, click } = editor('polygon');
    click(0, 0);
    click(100, 0);
    click(100, 100);
    click(100, 100); // second click of the double click
    expect(changes).toEqual([{ type: 'polygon', points: [unproject({ x: 0, y: 0 }), unproject({ x: 100, y: 0 }), unproject({ x: 100, y: 100 })] }]);
  });

  it('finishes a polyline of two points with a double click, not earlier', () => {
    const { changes, click } = editor('polyline');
    click(0, 0);
    click(0, 0);
    expect(changes).toHaveLength(0);
    click(50, 50);
    click(50, 50);
    expect(changes[0]).toMatchObject({ type: 'polyline', points: [unproject({ x: 0, y: 0 }), unproject({ x: 50, y: 50 })] });
  });

  it('leaves a dragged press to the map while clicking corners (the map pans)', () => {
    const { c, changes, drag } = editor('polygon');
    expect(drag([0, 0], [200, 200])).toBe(false);
    expect(c.drawing()).toBe(false);
    expect(changes).toHaveLength(0);
  });

  it('takes back the last corner with Backspace and drops the draft with Escape', () => {
    const { c, click } = editor('polygon');
    click(0, 0);
    click(100, 0);
    c.key('Backspace');
    expect(c.picture().draft?.points).toHaveLength(1);
    c.key('Escape');
    expect(c.drawing()).toBe(false);
  });

  it('places a point with a click', () => {
    const { changes, click } = editor('point');
    click(500, 500);
    expect(changes).toEqual([{ type: 'point', point: unproject({ x: 500, y: 500 }) }]);
  });
});

describe('editing', () => {
  const square: DrawnShape = { type: 'polygon', points: [unproject({ x: 0, y: 0 }), unproject({ x: 100, y: 0 }), unproject({ x: 100, y: 100 }), unproject({ x: 0, y: 100 })] };

  it('moves a corner by dragging it and reports on release', () => {
    const { changes, drag } = editor('polygon', square);
    expect(drag([100, 100], [150, 160])).toBe(true);
    expect((changes[0] as { points: LngLat[] }).points[2]).toEqual(unproject({ x: 150, y: 160 }));
  });

  it('adds a corner by dragging an edge middle', () => {
    const { changes, drag } = editor('polygon', square);
    drag([50, 0], [50, -40]);
    expect((changes[0] as { points: LngLat[] }).points).toHaveLength(5);
  });

  it('does not grab a press away from the handles, and does not redraw on a click there', () => {
    const { changes, drag, click } = editor('polygon', square);
    expect(drag([50, 50], [60, 60])).toBe(false);
    click(400, 400);
    expect(changes).toHaveLength(0);
  });

  it('removes a corner with a right click while 3 remain', () => {
    const { c, changes } = editor('polygon', square);
    expect(c.contextMenu({ x: 100, y: 100 })).toBe(true);
    expect((changes[0] as { points: LngLat[] }).points).toHaveLength(3);
    expect(c.contextMenu({ x: 0, y: 0 })).toBe(false);
  });

  it('resizes a circle by its radius handle', () => {
    const circle: DrawnShape = { type: 'circle', center: [116.1, 39.9], radius: 500 };
    const { changes, drag } = editor('circle', circle);
    const handle = project([116.1 + 500 / (111195 * Math.cos((39.9 * Math.PI) / 180)) , 39.9]);
    expect(drag([handle.x, handle.y], [handle.x + 100, handle.y])).toBe(true);
    expect((changes[0] as { radius: number }).radius).toBeGreaterThan(1000);
  });

  it('does nothing when disabled (read only)', () => {
    const { c, changes, drag } = editor('polygon', square);
    c.disabled = true;
    expect(drag([100, 100], [150, 160])).toBe(false);
    expect(changes).toHaveLength(0);
    expect(c.picture().handles).toBe(false);
  });
});

describe('the live shape (the size readout while drawing)', () => {
  it('is the circle under the pointer while its rim is dragged, then the circle drawn', () => {
    const { c, changes } = editor('circle');
    expect(c.liveShape()).toBeNull();
    c.down({ x: 1000, y: 1000 });
    c.move({ x: 1050, y: 1000 });
    const half = c.liveShape() as Extract<DrawnShape, { type: 'circle' }>;
    expect(half.type).toBe('circle');
    expect(half.radius).toBe(Math.round(distanceMeters(half.center, unproject({ x: 1050, y: 1000 }))));
    c.move({ x: 1100, y: 1000 });
    c.up({ x: 1100, y: 1000 });
    expect(c.liveShape()).toBe(changes[0]);
  });

  it('is the corners clicked so far with the pointer as the next one', () => {
    const { c, click } = editor('polygon');
    click(0, 0);
    click(100, 0);
    c.move({ x: 100, y: 100 });
    expect(c.liveShape()).toEqual({ type: 'polygon', points: [unproject({ x: 0, y: 0 }), unproject({ x: 100, y: 0 }), unproject({ x: 100, y: 100 })] });
  });

  it('is a line for a route', () => {
    const { c, click } = editor('polyline');
    click(0, 0);
    c.move({ x: 0, y: 200 });
    expect(c.liveShape()).toEqual({ type: 'polyline', points: [unproject({ x: 0, y: 0 }), unproject({ x: 0, y: 200 })] });
  });

  it('is the polygon as its corner is dragged', () => {
    const square: DrawnShape = { type: 'polygon', points: [unproject({ x: 0, y: 0 }), unproject({ x: 100, y: 0 }), unproject({ x: 100, y: 100 })] };
    const { c } = editor('polygon', square);
    c.down({ x: 100, y: 100 });
    c.move({ x: 140, y: 150 });
    expect((c.liveShape() as { points: LngLat[] }).points[2]).toEqual(unproject({ x: 140, y: 150 }));
  });
});

describe('a finger grabs a handle from further away than a mouse', () => {
  const square: DrawnShape = { type: 'polygon', points: [unproject({ x: 0, y: 0 }), unproject({ x: 100, y: 0 }), unproject({ x: 100, y: 100 })] };

  it('takes a press 16 px from a corner with the touch tolerance only', () => {
    const mouse = editor('polygon', square);
    expect(mouse.drag([116, 100], [150, 150])).toBe(false);
    const finger = editor('polygon', square);
    finger.c.hitPx = TOUCH_HIT_PX;
    expect(finger.drag([116, 100], [150, 150])).toBe(true);
    expect((finger.changes[0] as { points: LngLat[] }).points[2]).toEqual(unproject({ x: 150, y: 150 }));
  });
});
