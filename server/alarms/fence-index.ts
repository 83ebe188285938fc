import Flatbush from 'flatbush';
import { and, eq, isNotNull } from 'drizzle-orm';
import { fenceBBox, fenceContains, fenceShapeProblem, type FenceShape } from '../../src/domain/fence/shape';
import type { FenceRule, FenceSide } from '../../src/domain/fence/rules';
import type { Db } from '../db/client';
import { fenceDevices } from '../db/schema/fence-devices';
import { fences, type FenceRow } from '../db/schema/fences';

export interface Allocation {
  fenceId: number;
  deviceId: number;
  rule: FenceRule;
  postType: number;
  /** The side stored with the allocation, for a node that starts or takes the device over. */
  stored: FenceSide;
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
export function shapeOf(f: Pick<FenceRow, 'type' | 'centerLat' | 'centerLon' | 'radius' | 'points'>): FenceShape | null {
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

/**
 * The enabled fences in memory with a packed R-tree of their boxes, and each device's
 * allocations. Built whole from the database (10,000 fences and 100,000 allocations in well
 * under a second) and swapped in when fences change; a fix then costs one tree search and a
 * precise test of the few fences whose box holds it.
 */
export class FenceIndex {
  private constructor(
    private readonly shapes: Map<number, FenceShape>,
    private readonly ids: number[],
    private readonly tree: Flatbush | null,
    private readonly byDevice: Map<number, Allocation[]>,
  ) {}

  static empty(): FenceIndex {
    return new FenceIndex(new Map(), [], null, new Map());
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
    const ids = [...shapes.keys()];
    let tree: Flatbush | null = null;
    if (ids.length) {
      tree = new Flatbush(ids.length);
      for (const id of ids) tree.add(...fenceBBox(shapes.get(id)!));
      tree.finish();
    }
    const alloc = await db
      .select()
      .from(fenceDevices)
      .innerJoin(fences, and(eq(fences.id, fenceDevices.fenceId), eq(fences.state, 1)))
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
        stored: storedSide(a.inside, a.insideChangedAt, a.inside ? a.inMinutes : a.outMinutes, now),
      });
      byDevice.set(a.deviceId, list);
    }
    return new FenceIndex(shapes, ids, tree, byDevice);
  }

  get fenceCount(): number {
    return this.ids.length;
  }

  allocationsOf(deviceId: number): readonly Allocation[] {
    return this.byDevice.get(deviceId) ?? [];
  }

  /** Ids of the enabled fences that hold the point. */
  fencesAt(lon: number, lat: number): Set<number> {
    const out = new Set<number>();
    if (!this.tree) return out;
    for (const i of this.tree.search(lon, lat, lon, lat)) {
      const id = this.ids[i];
      if (fenceContains(this.shapes.get(id)!, lon, lat)) out.add(id);
    }
    return out;
  }
}
