/**
 * The monitor's device list order (issue 32: rows re-sorted every few seconds moved under the
 * cursor). The user picks the order; live updates change a row's content in place, and a new
 * order is applied only when nobody is pointing at the list and it is scrolled to the top, or on
 * the user's explicit action (another order, tab or search, "Sort now"). Pure: the list worker,
 * the device store and the list component share it; tests/unit/monitor/list-order.test.ts.
 */
import { decisiveExpiry } from './expiry';
import { displayName, orderKey, type MonitorDevice } from './device-view';
import { time } from './iso-time';

/** `state` is the spec's order (section 4: online by run state, then offline, then inactive). */
export const LIST_ORDERS = ['state', 'name', 'lastReport', 'expiry'] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];
export const DEFAULT_LIST_ORDER: ListOrder = 'state';

export const isListOrder = (v: unknown): v is ListOrder => LIST_ORDERS.includes(v as ListOrder);

/**
 * Whether live updates (positions, states) can change the order: by name or by expiry they
 * cannot, so the store need not sort again for them.
 */
export const orderFollowsLive = (order: ListOrder): boolean => order === 'state' || order === 'lastReport';

/** The last time the device was heard from: its last fix or its last change of state. */
export function lastReport(d: MonitorDevice): number | null {
  const fix = time(d.location?.utcTime);
  const state = time(d.stateTime ?? d.location?.stateTime);
  if (fix == null) return state;
  return state == null ? fix : Math.max(fix, state);
}

// Numeric so "Truck 2" comes before "Truck 10"; base sensitivity so case does not split names.
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * The devices in the chosen order; ties keep ascending ids so two sorts of the same data agree.
 * By name A to Z; by last report newest first (never heard from last); by expiry soonest first
 * (expired ones first, never expiring last); by state the spec's order.
 */
export function sortDevicesBy(
  devices: readonly MonitorDevice[],
  order: ListOrder,
  now: number,
): MonitorDevice[] {
  if (order === 'name') {
    const keyed = devices.map((d) => ({ d, k: displayName(d) }));
    keyed.sort((a, b) => collator.compare(a.k, b.k) || a.d.id - b.d.id);
    return keyed.map((x) => x.d);
  }
  // One number per device, computed once per sort: lower comes first.
  const key =
    order === 'lastReport'
      ? (d: MonitorDevice) => -(lastReport(d) ?? -Number.MAX_VALUE)
      : order === 'expiry'
        ? (d: MonitorDevice) => decisiveExpiry(d) ?? Number.MAX_VALUE
        : (d: MonitorDevice) => orderKey(d, now);
  const keyed = devices.map((d) => ({ d, k: key(d) }));
  keyed.sort((a, b) => a.k - b.k || a.d.id - b.d.id);
  return keyed.map((x) => x.d);
}

/** What the list knows of the user's hand on it. */
export interface ListHold {
  /** A pointer (mouse, pen, a finger still down) is over the rows. */
  pointerOver: boolean;
  /** The rows are scrolled away from the top. */
  scrollTop: number;
}

/** A new order may be applied: nobody points at the rows and they are at the top. */
export const mayReorder = (h: ListHold): boolean => !h.pointerOver && h.scrollTop <= 0;

/**
 * The rows to show while the order is held: the rows shown before, each at its place with its
 * current content, then the devices that were not shown yet (in the new order). A shown device
 * that left the filter (went offline while the online tab is open) stays until the order may
 * change, so the rows under it do not move; only a device gone from the data (`current` has no
 * such id: removed or transferred) leaves.
 *
 * `fresh`: the rows in the current order and filter; `current`: the latest data of a device.
 */
export function keepPositions(
  shown: readonly MonitorDevice[],
  fresh: readonly MonitorDevice[],
  current: (id: number) => MonitorDevice | undefined,
): MonitorDevice[] {
  const out: MonitorDevice[] = [];
  const kept = new Set<number>();
  for (const d of shown) {
    const now = current(d.id);
    if (!now) continue;
    out.push(now);
    kept.add(d.id);
  }
  for (const d of fresh) if (!kept.has(d.id)) out.push(d);
  return out;
}

/** The same devices in the same places (content aside): whether a held order is behind. */
export function sameOrder(a: readonly MonitorDevice[], b: readonly MonitorDevice[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].id !== b[i].id) return false;
  return true;
}
