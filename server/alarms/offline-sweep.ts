import { and, eq, gt, lte } from 'drizzle-orm';
import { DEVICE_STATE } from '../../src/domain/codes';
import { OFFLINE_ALARM_MS } from '../../src/domain/constants';
import type { EventBus } from '../bus/types';
import type { Db } from '../db/client';
import { devices } from '../db/schema/devices';
import { storeAlarms } from './store';

/** Devices that went offline longer ago than this before a sweep are left alone (engine down then). */
const LOOK_BACK_MS = 60 * 60_000;

/**
 * Offline alarms: a device offline for `OFFLINE_ALARM_MS` gets one, timed at the moment it
 * became due (offline time + the threshold). That time is the same on every node, so the
 * unique index stores it once however many gateways sweep; `seen` spares the INSERT of one
 * already stored by this node.
 */
export class OfflineSweep {
  private seen = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly thresholdMs = OFFLINE_ALARM_MS,
  ) {}

  async run(now = new Date()): Promise<number> {
    const due = new Date(now.getTime() - this.thresholdMs);
    const rows = await this.db
      .select({
        id: devices.id,
        terminalId: devices.terminalId,
        offlineAt: devices.offlineAt,
        lat: devices.lat,
        lon: devices.lon,
      })
      .from(devices)
      .where(
        and(
          eq(devices.state, DEVICE_STATE.offline),
          lte(devices.offlineAt, due),
          gt(devices.offlineAt, new Date(due.getTime() - LOOK_BACK_MS)),
        ),
      );
    const fresh = rows.filter((r) => !this.seen.has(`${r.id}:${r.offlineAt!.getTime()}`));
    const told = await storeAlarms(
      this.db,
      this.bus,
      fresh.map((r) => ({
        deviceId: r.id,
        terminalId: r.terminalId,
        type: 'offline',
        time: new Date(r.offlineAt!.getTime() + this.thresholdMs),
        lat: r.lat,
        lon: r.lon,
        speed: null,
        attributes: { offlineAt: r.offlineAt!.toISOString() },
      })),
    );
    // Forget what fell out of the look-back window; remember what is stored now.
    const keep = new Set(rows.map((r) => `${r.id}:${r.offlineAt!.getTime()}`));
    this.seen = new Set([...this.seen].filter((k) => keep.has(k)));
    for (const k of keep) this.seen.add(k);
    return told.length;
  }
}
