/**
 * The monitor's device data, outside React state: a Map keyed by id plus a version number.
 * Live events are queued and applied together at most every FLUSH_MS, so 2,000 updates/s
 * cost a few renders per second instead of thousands; the list order the user chose (a sort of
 * the whole list, list-order.ts) is recomputed at most every RESORT_MS while positions stream in.
 * Whether the rows on screen take that order is the list's decision (DeviceList, keepPositions).
 */
import { STOP_SPEED_KMH } from '../../domain/constants';
import type { MonitorDevice } from '../../domain/device-view';
import { DEFAULT_LIST_ORDER, orderFollowsLive, sortDevicesBy, type ListOrder } from '../../domain/list-order';
import { time } from '../../domain/run-state';
import { nextTask } from '../../lib/yield';
import type { AlarmEvent, LiveEvent, PositionEvent, StateEvent } from '../../providers/live';
import type { DeviceListLoad } from './api';

export const FLUSH_MS = 150;
export const RESORT_MS = 2_000;
const MAX_PENDING_APPLIED = 50_000;

export interface AppliedPosition {
  terminalID: string;
  utcTime: string;
}

type Listener = () => void;

export class DeviceStore {
  /** Replaced as a whole by a list load: read it anew, do not keep it. */
  devices = new Map<number, MonitorDevice>();
  private idByTerminal = new Map<string, number>();
  private version = 0;
  private listeners = new Set<Listener>();
  private queue: LiveEvent[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private resortTimer: ReturnType<typeof setTimeout> | null = null;
  private ordered: MonitorDevice[] = [];
  private orderedAt = 0;
  private orderDirty = false;
  private orderVersion = 0;
  private order: ListOrder = DEFAULT_LIST_ORDER;
  /** List loads being merged (replaceSlices): live events wait until they are in. */
  private replacing = 0;
  /** Positions applied since the map last reported a render (benchmark hook). */
  pendingApplied: AppliedPosition[] = [];
  onAlarms?: (alarms: AlarmEvent[]) => void;
  /** A REST load of the list ended (loaded or failed, not cancelled): the bell reads its total. */
  onListLoaded?: () => void;

  /** `order`: the user's saved choice, so the first load is sorted the way they want. */
  constructor(order: ListOrder = DEFAULT_LIST_ORDER) {
    this.order = order;
  }

  subscribe = (l: Listener) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  getVersion = () => this.version;

  /** Changes with each new sort of the list (the tab counts only move then). */
  getOrderVersion = () => this.orderVersion;

  getOrder = () => this.order;

  /** The user chose another order: sorted at once (an explicit action, issue 32). */
  setOrder(order: ListOrder) {
    if (order === this.order) return;
    this.order = order;
    this.resort(Date.now());
    this.bump();
  }

  private bump() {
    this.version++;
    for (const l of this.listeners) l();
  }

  /**
   * A device of a REST list, keeping what only live updates know of it. An unchanged device
   * keeps its object: the map and the rows derive again only what changed, which at 50,000
   * devices turns a countdown refresh from a full rebuild into a few hundred.
   */
  private merged(d: MonitorDevice): MonitorDevice {
    const prev = this.devices.get(d.id);
    const stateTime = d.stateTime ?? d.location?.stateTime ?? null;
    const sameFix = prev?.location && d.location && prev.location.utcTime === d.location.utcTime;
    const m = { ...d, stateTime, stoppedSince: sameFix ? prev.stoppedSince : null };
    return prev && sameFields(prev, m) ? prev : m;
  }

  /** A full list from REST: replaces the data, keeping what only live updates know. */
  replaceAll(list: readonly MonitorDevice[]) {
    const devices = new Map<number, MonitorDevice>();
    for (const d of list) devices.set(d.id, this.merged(d));
    this.swapIn(devices, null);
  }

  /**
   * A full list in slices (DeviceListLoad): one slice merged per task, then swapped in at
   * once, so that 50,000 devices never hold the page in one long task. Live events wait in the
   * queue meanwhile (applied to the old map, they would be lost with it). False when
   * `cancelled` said so between two slices.
   */
  async replaceSlices(load: DeviceListLoad, cancelled: () => boolean): Promise<boolean> {
    this.replacing++;
    try {
      const devices = new Map<number, MonitorDevice>();
      const ordered: MonitorDevice[] = [];
      for (const slice of load.slices) {
        for (const d of slice) {
          const m = this.merged(d);
          devices.set(m.id, m);
          if (load.sorted) ordered.push(m);
        }
        await nextTask();
        if (cancelled()) return false;
      }
      this.swapIn(devices, load.sorted ? ordered : null, load);
      return true;
    } finally {
      this.replacing--;
      if (this.queue.length && !this.flushTimer) this.flushTimer = setTimeout(() => this.flush(), 0);
    }
  }

  private swapIn(
    devices: Map<number, MonitorDevice>,
    ordered: MonitorDevice[] | null,
    load?: DeviceListLoad,
  ) {
    this.devices = devices;
    this.idByTerminal = new Map();
    for (const d of devices.values()) this.idByTerminal.set(d.terminalID, d.id);
    const now = Date.now();
    // The worker sorted in the order asked when the load started; the user may have chosen another since.
    if (ordered && (load?.order ?? DEFAULT_LIST_ORDER) === this.order) {
      this.ordered = ordered;
      this.orderedAt = now;
      this.orderDirty = false;
      this.orderVersion++;
    } else this.resort(now);
    this.bump();
  }

  /** Id of the device with this IMEI in the loaded list. */
  idOf(terminalID: string | undefined): number | undefined {
    return terminalID ? this.idByTerminal.get(terminalID) : undefined;
  }

  clear() {
    this.devices.clear();
    this.idByTerminal.clear();
    this.queue = [];
    this.pendingApplied = [];
    this.resort(Date.now());
    this.bump();
  }

  /** The list in the chosen order; stale by at most RESORT_MS while live updates arrive. */
  getOrdered(now = Date.now()): MonitorDevice[] {
    if (this.orderDirty && now - this.orderedAt >= RESORT_MS) this.resort(now);
    return this.ordered;
  }

  /** Makes sure a stale order is fixed even when the stream pauses. */
  private scheduleResort(now: number) {
    if (this.resortTimer) return;
    this.resortTimer = setTimeout(
      () => {
        this.resortTimer = null;
        if (!this.orderDirty) return;
        this.resort(Date.now());
        this.bump();
      },
      Math.max(0, RESORT_MS - (now - this.orderedAt)),
    );
  }

  private resort(now: number) {
    this.ordered = sortDevicesBy([...this.devices.values()], this.order, now);
    this.orderedAt = now;
    this.orderDirty = false;
    this.orderVersion++;
  }

  enqueue(events: readonly LiveEvent[]) {
    for (const e of events) this.queue.push(e);
    if (!this.flushTimer) this.flushTimer = setTimeout(() => this.flush(), FLUSH_MS);
  }

  /** Applies every queued event; returns how many devices changed. */
  flush(): number {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (this.replacing) return 0;
    const events = this.queue;
    this.queue = [];
    const alarms: AlarmEvent[] = [];
    let changed = 0;
    for (const e of events) {
      if (e.type === 'position') changed += this.applyPosition(e as PositionEvent);
      else if (e.type === 'state') changed += this.applyState(e as StateEvent);
      else if (e.type === 'alarm' && this.devices.has(e.deviceId)) alarms.push(e as AlarmEvent);
    }
    if (alarms.length) this.onAlarms?.(alarms);
    if (changed) {
      // By name or expiry a position or a state does not move a device: no sort for them.
      if (orderFollowsLive(this.order)) this.orderDirty = true;
      // Rows are read from the Map by id, so their content is current even before a resort.
      const now = Date.now();
      if (this.orderDirty && now - this.orderedAt >= RESORT_MS) this.resort(now);
      else {
        this.ordered = this.ordered.map((d) => this.devices.get(d.id) ?? d);
        if (this.orderDirty) this.scheduleResort(now);
      }
      this.bump();
    }
    return changed;
  }

  private applyPosition(e: PositionEvent): number {
    const d = this.devices.get(e.deviceId);
    if (!d || !e.valid) return 0;
    const fix = time(e.fixTime) ?? Date.now();
    if (d.location && (time(d.location.utcTime) ?? 0) > fix) return 0;
    const still = e.speed <= STOP_SPEED_KMH;
    this.devices.set(d.id, {
      ...d,
      stoppedSince: still ? (d.stoppedSince ?? fix) : null,
      location: {
        lat: e.lat,
        lon: e.lon,
        speed: e.speed,
        course: e.course,
        utcTime: e.fixTime,
        stateTime: d.location?.stateTime ?? d.stateTime ?? null,
        positionType: e.positionType,
        battery: e.battery ?? d.location?.battery ?? null,
        acc: e.acc ?? d.location?.acc ?? null,
      },
    });
    // Bounded: without a map drawing them (map failed to load) nobody takes these.
    if (this.pendingApplied.length < MAX_PENDING_APPLIED) {
      this.pendingApplied.push({ terminalID: d.terminalID, utcTime: e.fixTime });
    }
    return 1;
  }

  private applyState(e: StateEvent): number {
    const d = this.devices.get(e.deviceId);
    if (!d) return 0;
    const stateChanged = d.state !== e.state;
    const location =
      d.location && (e.battery != null || e.acc != null)
        ? { ...d.location, battery: e.battery ?? d.location.battery, acc: e.acc ?? d.location.acc }
        : d.location;
    this.devices.set(d.id, {
      ...d,
      state: e.state,
      // A heartbeat repeats "online" with its own time; the state started at the first one.
      stateTime: stateChanged ? e.stateTime : (d.stateTime ?? e.stateTime),
      location,
    });
    return 1;
  }

  /** Takes the positions applied since the last call (the benchmark's positions-applied event). */
  takeApplied(): AppliedPosition[] {
    const out = this.pendingApplied;
    this.pendingApplied = [];
    return out;
  }

  dispose() {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    if (this.resortTimer) clearTimeout(this.resortTimer);
    this.flushTimer = null;
    this.resortTimer = null;
    this.listeners.clear();
  }
}

/** Equal field by field (the location's too). */
function sameFields(a: MonitorDevice, b: MonitorDevice): boolean {
  const ka = Object.keys(a) as (keyof MonitorDevice)[];
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (k === 'location') {
      const la = a.location;
      const lb = b.location;
      if (la === lb) continue;
      if (!la || !lb) return false;
      const keys = Object.keys(la) as (keyof typeof la)[];
      if (keys.length !== Object.keys(lb).length || keys.some((x) => la[x] !== lb[x])) return false;
    } else if (a[k] !== b[k]) return false;
  }
  return true;
}
