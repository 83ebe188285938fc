import Flatbush from 'flatbush';
import { and, eq, isNotNull } from 'drizzle-orm';
import { appliesTo } from '../../src/domain/area/presence';
import { fenceBBox, fenceContains, fenceShapeProblem, type FenceShape } from '../../src/domain/fence/shape';
import type { FenceRule, FenceSide } from '../../src/domain/fence/rules';
import type { Db } from '../db/client';
import { fenceDevices } from '../db/schema/fence-devices';
import { fences, type FenceRow } from '../db/schema/fences';
import { loadAreaOwners, loadStops, type AreaInfo, type StopRef } from './places';

export interface Allocation {
  fenceId: number;
  deviceId: number;
  rule: FenceRule;
  postType: number;
  /**
   * The side the device is on: loaded from the stored one (for a node that starts or takes the
   * device over), then moved by the engine as fixes come; a reload carries it over (adoptSides).
   */
  side: FenceSide;
}

/**
 * The side an allocation was left on. Whether the stay alarm of that visit is out is not
 * stored: it is taken as raised once its time has passed (the node then running raised it).
 */
function storedSide(inside: boolean | null, since: Date | null, minutes: number, now: number): FenceSide {
  const at = since?.getTime() ?? now;
  return { inside, since: at, stayRaised: inside !== null && minutes > 0 && now - at >= minutes * 60_000 };
}

/** A stored fence as a shape; null when its row lacks what its type needs. */
export function shapeOf(
  f: Pick<FenceRow, 'type' | 'centerLat' | 'centerLon' | 'radius' | 'points'>,
): FenceShape | null {
  const shape: FenceShape | null =
    f.type === 'circle'
      ? f.centerLat != null && f.centerLon != null && f.radius != null
        ? { type: 'circle', center: [f.centerLon, f.centerLat], radius: f.radius }
        : null
      : f.points
        ? { type: f.type, points: f.points }
        : null;
  // Rows written before validation existed may be anything: such a fence is left out.
  return shape && fenceShapeProblem(shape) === null ? shape : null;
}

/** An item of the tree: a fence or area (by fence id), or a stop of a bus route. */
type Entry = { fenceId: number; stop: null } | { fenceId: null; stop: StopRef };

/** The places one fix is in, for one device: its areas and the stops of its routes. */
export interface PlacesAt {
  areas: AreaInfo[];
  stops: StopRef[];
}

/**
 * The enabled fences in memory with a packed R-tree of their boxes, and each device's
 * allocations. Built whole from the database (10,000 fences and 100,000 allocations in well
 * under a second) and swapped in when fences change; a fix then costs one tree search and a
 * precise test of the few fences whose box holds it. The same tree holds the risk points and
 * check-car areas and points (rows of `fences` with another purpose, with their owners) and the
 * stops of bus routes (with the vehicles assigned to each route): one search per fix finds all.
 */
export class FenceIndex {
  private constructor(
    private readonly shapes: Map<number, FenceShape>,
    private readonly entries: Entry[],
    private readonly entryShapes: FenceShape[],
    private readonly tree: Flatbush | null,
    private readonly byDevice: Map<number, Allocation[]>,
    private readonly areas: Map<number, AreaInfo>,
    private readonly routesByDevice: Map<number, Set<number>>,
  ) {}

  static empty(): FenceIndex {
    return new FenceIndex(new Map(), [], [], null, new Map(), new Map(), new Map());
  }

  static async load(db: Db): Promise<FenceIndex> {
    const rows = await db
      .select({
        id: fences.id,
        type: fences.type,
        centerLat: fences.centerLat,
        centerLon: fences.centerLon,
        radius: fences.radius,
        points: fences.points,
      })
      .from(fences)
      .where(eq(fences.state, 1));
    const shapes = new Map<number, FenceShape>();
    for (const r of rows) {
      const s = shapeOf(r);
      if (s) shapes.set(r.id, s);
    }
    const [areaOwners, { stops, routesByDevice }] = await Promise.all([loadAreaOwners(db), loadStops(db)]);
    const areas = new Map([...areaOwners].filter(([id]) => shapes.has(id)));
    const entries: Entry[] = [];
    const entryShapes: FenceShape[] = [];
    for (const [id, shape] of shapes) {
      entries.push({ fenceId: id, stop: null });
      entryShapes.push(shape);
    }
    for (const s of stops) {
      entries.push({ fenceId: null, stop: s.ref });
      entryShapes.push(s.shape);
    }
    let tree: Flatbush | null = null;
    if (entries.length) {
      tree = new Flatbush(entries.length);
      for (const shape of entryShapes) tree.add(...fenceBBox(shape));
      tree.finish();
    }
    const alloc = await db
      .select()
      .from(fenceDevices)
      .innerJoin(
        fences,
        and(eq(fences.id, fenceDevices.fenceId), eq(fences.state, 1), eq(fences.purpose, 'fence')),
      )
      .where(isNotNull(fenceDevices.deviceId));
    const byDevice = new Map<number, Allocation[]>();
    const now = Date.now();
    for (const { fence_devices: a } of alloc) {
      if (!shapes.has(a.fenceId)) continue;
      const list = byDevice.get(a.deviceId) ?? [];
      list.push({
        fenceId: a.fenceId,
        deviceId: a.deviceId,
        rule: { mode: a.alarmMode, inMinutes: a.inMinutes, outMinutes: a.outMinutes },
        postType: a.postType,
        side: storedSide(a.inside, a.insideChangedAt, a.inside ? a.inMinutes : a.outMinutes, now),
      });
      byDevice.set(a.deviceId, list);
    }
    return new FenceIndex(shapes, entries, entryShapes, tree, byDevice, areas, routesByDevice);
  }

  get fenceCount(): number {
    return this.shapes.size;
  }

  /** Whether there are areas or assigned stops at all (else a fix needs no place search). */
  get hasPlaces(): boolean {
    return this.areas.size > 0 || this.routesByDevice.size > 0;
  }

  allocationsOf(deviceId: number): readonly Allocation[] {
    return this.byDevice.get(deviceId) ?? [];
  }

  /**
   * Keeps the sides moved in memory by an earlier index for the allocations both hold: they may
   * be newer than the stored ones (their write still in flight).
   */
  adoptSides(earlier: FenceIndex): void {
    for (const [deviceId, list] of this.byDevice) {
      const before = earlier.byDevice.get(deviceId);
      if (!before) continue;
      for (const a of list) {
        const old = before.find((b) => b.fenceId === a.fenceId);
        if (old) a.side = old.side;
      }
    }
  }

  /** Whether the area (a risk point, check area or point) is in the index. */
  hasArea(id: number): boolean {
    return this.areas.has(id);
  }

  /** Whether the device is assigned to the route. */
  assigned(deviceId: number, routeId: number): boolean {
    return this.routesByDevice.get(deviceId)?.has(routeId) ?? false;
  }

  /**
   * Indexes of the tree items whose shape holds the point: one search per fix, read by both
   * fencesIn and placesAt.
   */
  hitsAt(lon: number, lat: number): readonly number[] {
    if (!this.tree) return [];
    return this.tree.search(lon, lat, lon, lat).filter((i) => fenceContains(this.entryShapes[i], lon, lat));
  }

  /** Ids of the enabled fences (of any purpose) among a point's hits. */
  fencesIn(hits: readonly number[]): Set<number> {
    const out = new Set<number>();
    for (const i of hits) {
      const id = this.entries[i].fenceId;
      if (id != null) out.add(id);
    }
    return out;
  }

  /**
   * The areas holding the point that apply to a device whose owner chain (owner and ancestors)
   * is `chain`, and the stops holding it of the routes the device is assigned to.
   */
  placesAt(deviceId: number, chain: readonly number[] | undefined, hits: () => readonly number[]): PlacesAt {
    const out: PlacesAt = { areas: [], stops: [] };
    const routes = this.routesByDevice.get(deviceId);
    if (!chain?.length && !routes) return out;
    for (const i of hits()) {
      const e = this.entries[i];
      if (e.fenceId != null) {
        const area = this.areas.get(e.fenceId);
        if (area && appliesTo(area.ownerId, chain)) out.areas.push(area);
      } else if (routes?.has(e.stop.routeId)) out.stops.push(e.stop);
    }
    return out;
  }
}
