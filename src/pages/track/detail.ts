/**
 * Level of detail of a played track, pure: a track is loaded simplified to a point budget, then
 * refined where the user looks. Zoomed in, the budget is spent on the points inside the view;
 * playing, every fix around the play head is merged in (./playback.ts mergeDetail).
 */
import { isInBox, type BBox, type TrackShape } from '../../domain/track/shape';
import { mergeDetail } from './playback';

export type { BBox };

/** A view's detail: the points of the track inside `box` (and their neighbours) at a finer budget. */
export interface ViewDetail {
  box: BBox;
  points: TrackShape;
}

/** Every fix of [from, to] around the play head. */
export interface TimeDetail {
  from: number;
  to: number;
  points: TrackShape;
}

/** Outside this share of a track's extent the view is "zoomed in": detail is worth a request. */
const ZOOMED_SHARE = 0.5;

/** The extent of a shape's points, or null when it has none. */
export function extentOf(s: TrackShape): BBox | null {
  if (!s.t.length) return null;
  const box = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  for (let i = 0; i < s.t.length; i++) {
    box.west = Math.min(box.west, s.lon[i]);
    box.east = Math.max(box.east, s.lon[i]);
    box.south = Math.min(box.south, s.lat[i]);
    box.north = Math.max(box.north, s.lat[i]);
  }
  return box;
}

/**
 * Whether a track is worth refining for a view: its points were cut by the budget (fewer
 * points than asked means the server had no finer geometry to give), the view is much smaller
 * than the track, and some of the track is in it.
 */
export function wantsViewDetail(points: TrackShape, budget: number, view: BBox): boolean {
  const extent = extentOf(points);
  if (points.t.length < budget || !extent) return false;
  const zoomed =
    view.east - view.west < (extent.east - extent.west) * ZOOMED_SHARE ||
    view.north - view.south < (extent.north - extent.south) * ZOOMED_SHARE;
  if (!zoomed) return false;
  for (let i = 0; i < points.t.length; i++) if (isInBox(view, points.lon[i], points.lat[i])) return true;
  return false;
}

/** Whether `inner` lies within `outer` (a view inside one already refined needs nothing new). */
export const boxWithin = (inner: BBox, outer: BBox) =>
  inner.west >= outer.west &&
  inner.east <= outer.east &&
  inner.south >= outer.south &&
  inner.north <= outer.north;

const FIELDS = ['t', 'lat', 'lon', 'speed', 'course', 'state', 'type', 'valid'] as const;

/**
 * The base track with its points inside the box replaced by the detail's. Both are in time
 * order; the base points outside the box connect the detail's runs where the vehicle left it.
 * An instant in both keeps the detail's point.
 */
export function mergeInBox(base: TrackShape, detail: TrackShape, box: BBox): TrackShape {
  const out = {} as Record<(typeof FIELDS)[number], unknown[]>;
  for (const f of FIELDS) out[f] = [];
  const push = (s: TrackShape, i: number) => {
    for (const f of FIELDS) out[f].push(s[f][i]);
  };
  let i = 0;
  let j = 0;
  const nb = base.t.length;
  const nd = detail.t.length;
  while (i < nb || j < nd) {
    if (i < nb && isInBox(box, base.lon[i], base.lat[i])) {
      i++;
      continue;
    }
    if (j < nd && (i >= nb || detail.t[j] <= base.t[i])) {
      if (i < nb && detail.t[j] === base.t[i]) i++;
      push(detail, j++);
    } else push(base, i++);
  }
  return out as unknown as TrackShape;
}

/** The points a track shows: its loaded points, refined by the view and then the play head. */
export function shownShape(points: TrackShape, view: ViewDetail | null, time: TimeDetail | null): TrackShape {
  const viewed = view ? mergeInBox(points, view.points, view.box) : points;
  return time ? mergeDetail(viewed, time.points, time.from, time.to) : viewed;
}
