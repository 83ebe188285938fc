/**
 * Risk points, check-car areas and points, and bus stops (issue 12): places a vehicle is in or
 * out of. Unlike a fence they are not allocated: an area applies to every device whose owner
 * lies in the area owner's subtree, a bus stop to the vehicles assigned to its route. Pure: the
 * alarm engine keeps, per device, the set of places it is in and feeds each fix through here.
 */
import { ancestorIds, type HierarchyNode } from '../hierarchy';

/** The owner's id and every ancestor's: an area of any of these accounts applies to the device. */
export function ownerChain(owner: HierarchyNode): number[] {
  return [...ancestorIds(owner), owner.id];
}

/** Whether an area owned by `areaOwnerId` applies to a device whose owner chain is `chain`. */
export function appliesTo(areaOwnerId: number, chain: readonly number[] | undefined): boolean {
  return !!chain && chain.includes(areaOwnerId);
}

export interface PlaceStep<K> {
  /** Places entered with this fix (in the order `now` lists them). */
  arrived: K[];
  /** Places left with this fix. */
  departed: K[];
  /** Where the device is now: the state to keep. */
  inside: Set<K>;
}

/**
 * The places a fix enters and leaves, from those the device was in (`before`) and those that
 * hold the fix (`now`). The first fix ever seen counts as coming from outside everywhere: a
 * vehicle parked in a check area when it is drawn is visiting it (the stored open visit is the
 * state, so a restart does not count it again).
 */
export function placeStep<K>(before: ReadonlySet<K>, now: Iterable<K>): PlaceStep<K> {
  const inside = new Set(now);
  const arrived = [...inside].filter((k) => !before.has(k));
  const departed = [...before].filter((k) => !inside.has(k));
  return { arrived, departed, inside };
}

/**
 * Splits events into rounds in which each key appears at most once, keeping each key's order:
 * one batch may hold a vehicle's arrival and departure at the same place, which must be written
 * one after the other, while different places are written together.
 */
export function rounds<T>(events: readonly T[], key: (e: T) => string): T[][] {
  const seen = new Map<string, number>();
  const out: T[][] = [];
  for (const e of events) {
    const k = key(e);
    const n = seen.get(k) ?? 0;
    seen.set(k, n + 1);
    (out[n] ??= []).push(e);
  }
  return out;
}

/** Seconds between arrival and departure; null while the vehicle is still there. */
export function visitSeconds(arrivedAt: Date, departedAt: Date | null): number | null {
  if (!departedAt) return null;
  return Math.max(0, Math.round((departedAt.getTime() - arrivedAt.getTime()) / 1000));
}
