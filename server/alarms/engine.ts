import { sql } from 'drizzle-orm';
import { OVERSPEED_KMH, OVERSPEED_MIN_MS } from '../../src/domain/constants';
import { lowBatteryStep } from '../../src/domain/alarm/low-battery';
import type { PlatformAlarmType } from '../../src/domain/alarm-types';
import { overspeedStep, CALM, type OverspeedWatch } from '../../src/domain/alarm/overspeed';
import { fenceStep } from '../../src/domain/fence/rules';
import { SUBJECT, type EventBus } from '../bus/types';
import type { Db } from '../db/client';
import { pgArray } from '../ingest/pg-array';
import type { PositionRecord } from '../ingest/position-writer';
import { FenceIndex } from './fence-index';
import { LockRestore } from './lock-restore';
import { OfflineSweep } from './offline-sweep';
import { PlaceTracker, type PlaceEvent } from './place-tracker';
import { storeAlarms, type NewAlarm } from './store';

/** Fences changed: reload after this quiet time, so an import of many allocations costs one load. */
const RELOAD_DEBOUNCE_MS = 200;
/** How often offline devices are checked for an offline alarm, and unlocked ones for the lock rule. */
const OFFLINE_SWEEP_MS = 60_000;
/** Fence sides stored per statement. */
const SIDE_CHUNK = 1_000;

interface SideChange {
  fenceId: number;
  deviceId: number;
  inside: boolean;
  since: Date;
}

/**
 * The alarms the platform raises from positions, in the gateway process: fence crossings and
 * stays per allocation, overspeed held for a minimum time, low battery, risk points entered
 * (with check-car visits and bus stop arrivals: place-tracker.ts); and, once a minute,
 * devices offline for too long (offline-sweep.ts). `evaluate` runs on each
 * stored batch before its positions are published, in memory; `process` also stores the alarms
 * (once per device, type and time) and the fence sides the devices moved to.
 * Every node keeps its own index, reloaded when any node says fences changed (over the bus).
 */
export class AlarmEngine {
  private index = FenceIndex.empty();
  private speeding = new Map<number, OverspeedWatch>();
  private lowBattery = new Set<number>();
  private off: (() => void) | null = null;
  private reloadTimer: NodeJS.Timeout | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  readonly offline: OfflineSweep;
  readonly locks: LockRestore;
  /** Risk points, check-car areas and points, bus stops: who is where, and its rows. */
  readonly places: PlaceTracker;
  private loading: Promise<void> | null = null;
  private sideWrites: Promise<void> = Promise.resolve();
  stats = { evaluated: 0, raised: 0, reloads: 0, sidesStored: 0 };

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
  ) {
    this.offline = new OfflineSweep(db, bus);
    this.places = new PlaceTracker(db, bus);
    this.locks = new LockRestore(db, bus, (deviceId, lon, lat) => this.inAFence(deviceId, lon, lat));
  }

  async start(): Promise<void> {
    this.off = this.bus.subscribe(SUBJECT.fencesChanged, () => this.scheduleReload());
    await this.reload();
    this.sweepTimer = setInterval(() => {
      this.offline.run().catch((e) => console.error('[alarms] offline sweep failed:', (e as Error).message));
      this.locks.run().catch((e) => console.error('[alarms] lock rule failed:', (e as Error).message));
    }, OFFLINE_SWEEP_MS);
    this.sweepTimer.unref();
  }

  close(): void {
    this.off?.();
    if (this.reloadTimer) clearTimeout(this.reloadTimer);
    if (this.sweepTimer) clearInterval(this.sweepTimer);
  }

  /** Whether the point lies in one of the device's fences; null when it has none. */
  inAFence(deviceId: number, lon: number, lat: number): boolean | null {
    const allocations = this.index.allocationsOf(deviceId);
    if (!allocations.length) return null;
    const at = this.index.fencesIn(this.index.hitsAt(lon, lat));
    return allocations.some((a) => at.has(a.fenceId));
  }

  get fences(): number {
    return this.index.fenceCount;
  }

  /** Reads fences and allocations anew; resolves when the new index is in use. */
  async reload(): Promise<void> {
    while (this.loading) await this.loading;
    this.loading = FenceIndex.load(this.db).then(async (index) => {
      // Open visits and stop arrivals are the places' state (their rows, not only this node's memory).
      await this.places.load();
      index.adoptSides(this.index);
      this.index = index;
      this.stats.reloads++;
    });
    try {
      await this.loading;
    } finally {
      this.loading = null;
    }
  }

  private scheduleReload() {
    if (this.reloadTimer) clearTimeout(this.reloadTimer);
    this.reloadTimer = setTimeout(() => {
      this.reloadTimer = null;
      this.reload().catch((e) => console.error('[alarms] fence reload failed:', (e as Error).message));
    }, RELOAD_DEBOUNCE_MS);
  }

  /** The alarms a stored batch raises and the fence sides it changes (in memory only). */
  evaluate(batch: readonly PositionRecord[]): {
    alarms: NewAlarm[];
    sides: SideChange[];
    places: PlaceEvent[];
  } {
    const alarms: NewAlarm[] = [];
    const sides: SideChange[] = [];
    const places: PlaceEvent[] = [];
    for (const r of batch) {
      if (!r.valid || r.hidden) continue;
      this.stats.evaluated++;
      const at = r.fixTime.getTime();
      const raise = (
        type: PlatformAlarmType,
        attributes: Record<string, unknown> | null,
        postType?: number,
      ) =>
        alarms.push({
          deviceId: r.deviceId,
          terminalId: r.terminalId ?? '',
          type,
          time: r.fixTime,
          lat: r.lat,
          lon: r.lon,
          speed: r.speed,
          attributes,
          postType,
        });

      // The tree is searched once per fix, and only if its fences or places apply to the device.
      let hits: readonly number[] | undefined;
      const hitsHere = () => (hits ??= this.index.hitsAt(r.lon, r.lat));
      const allocations = this.index.allocationsOf(r.deviceId);
      if (allocations.length) {
        const inside = this.index.fencesIn(hitsHere());
        for (const a of allocations) {
          const before = a.side;
          const step = fenceStep(before, inside.has(a.fenceId), at, a.rule);
          a.side = step.side;
          if (step.side.inside !== before.inside)
            sides.push({
              fenceId: a.fenceId,
              deviceId: a.deviceId,
              inside: step.side.inside!,
              since: r.fixTime,
            });
          if (step.alarm) raise(step.alarm, { fenceId: a.fenceId, postType: a.postType }, a.postType);
        }
      }

      places.push(...this.places.step(this.index, r, hitsHere));

      const limit = r.speedLimit ?? OVERSPEED_KMH;
      const speeding = overspeedStep(
        this.speeding.get(r.deviceId) ?? CALM,
        r.speed,
        limit,
        at,
        OVERSPEED_MIN_MS,
      );
      if (speeding.watch === CALM) this.speeding.delete(r.deviceId);
      else this.speeding.set(r.deviceId, speeding.watch);
      if (speeding.alarm) raise('overspeed', { limit });

      if (r.battery != null) {
        const low = lowBatteryStep(this.lowBattery.has(r.deviceId), r.battery);
        if (low.raised) this.lowBattery.add(r.deviceId);
        else this.lowBattery.delete(r.deviceId);
        if (low.alarm) raise('lowBattery', { battery: r.battery });
      }
    }
    this.stats.raised += alarms.length;
    return { alarms, sides, places };
  }

  /** Evaluates a stored batch, then stores its alarms and side changes (off the caller's path). */
  process(batch: readonly PositionRecord[]): Promise<void> {
    const { alarms, sides, places } = this.evaluate(batch);
    if (!alarms.length && !sides.length && !places.length) return Promise.resolve();
    return Promise.all([
      storeAlarms(this.db, this.bus, alarms),
      this.storeSides(sides),
      this.places.store(places),
    ]).then(() => {});
  }

  /**
   * Stores the sides one batch after another (a later side never overwritten by an earlier one)
   * and at most SIDE_CHUNK rows a statement: new allocations make every device's first fix a
   * change, and one huge UPDATE would hold an embedded database, and the sockets with it, for
   * seconds.
   */
  private storeSides(all: SideChange[]): Promise<void> {
    // The last side of each allocation (one batch may hold a device's way in and out).
    const changes = [...new Map(all.map((c) => [`${c.fenceId}:${c.deviceId}`, c])).values()];
    if (!changes.length) return Promise.resolve();
    this.stats.sidesStored += changes.length;
    const write = async () => {
      for (let i = 0; i < changes.length; i += SIDE_CHUNK)
        await this.updateSides(changes.slice(i, i + SIDE_CHUNK));
    };
    const done = this.sideWrites.then(write);
    this.sideWrites = done.catch(() => {});
    return done;
  }

  private async updateSides(changes: SideChange[]) {
    await this.db.execute(sql`
      UPDATE fence_devices fd SET inside = v.inside, inside_changed_at = v.since
      FROM unnest(
        ${sql.param(pgArray(changes.map((c) => c.fenceId)))}::int[],
        ${sql.param(pgArray(changes.map((c) => c.deviceId)))}::int[],
        ${sql.param(pgArray(changes.map((c) => c.inside)))}::boolean[],
        ${sql.param(pgArray(changes.map((c) => c.since.toISOString())))}::timestamptz[]
      ) AS v(fence_id, device_id, inside, since)
      WHERE fd.fence_id = v.fence_id AND fd.device_id = v.device_id`);
  }
}
