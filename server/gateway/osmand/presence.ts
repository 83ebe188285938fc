import { sql } from 'drizzle-orm';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { DEVICE_STATE } from '../../../src/domain/codes';
import type { EventBus } from '../../bus/types';
import type { Db } from '../../db/client';
import type { GatewayContext } from '../runtime/context';
import type { KnownDevice } from '../runtime/directory';
import { markOnline, publishState } from '../runtime/device-state';
import { recordConnected, recordDisconnected } from '../runtime/connection-record';

interface Seen {
  device: KnownDevice;
  since: Date;
  lastAt: number;
  /** When this process last said the device is online. */
  assertedAt: number;
}

/**
 * Online and offline for devices that speak HTTP: there is no connection to hold, so a device
 * is online from its first request and offline once it has sent nothing for the gateway's idle
 * timeout (DEVICE_IDLE_TIMEOUT), as an idle TCP tracker is closed. Its requests' address is
 * recorded like a connection's (device_connections). With several gateway processes a phone's
 * requests may move to another process: a process marks the device offline only when nothing
 * stored a fix for it (devices.updated_at) within the idle timeout either, and a process that
 * keeps receiving a device's requests says it is online again every half idle timeout (one
 * conditional update), in case another process took it offline.
 */
export class HttpPresence {
  private seen = new Map<string, Seen>();
  private sweep: NodeJS.Timeout;

  constructor(private ctx: GatewayContext) {
    this.sweep = setInterval(() => this.expire(), Math.min(5000, ctx.options.idleTimeoutMs));
    this.sweep.unref();
  }

  touch(device: KnownDevice, req: IncomingMessage, now = Date.now()) {
    const hit = this.seen.get(device.terminalId);
    if (hit) {
      hit.lastAt = now;
      hit.device = device;
      if (device.id != null && now - hit.assertedAt > this.ctx.options.idleTimeoutMs / 2) {
        hit.assertedAt = now;
        this.ctx.registry.track(
          markOnlineIfNot(this.ctx.db, this.ctx.bus, device.id, device.terminalId).catch(logFail),
        );
      }
      return;
    }
    const since = new Date(now);
    this.seen.set(device.terminalId, { device, since, lastAt: now, assertedAt: now });
    const { ctx } = this;
    ctx.registry.track(
      recordConnected(ctx.db, device, req.socket as Socket, ctx.options.nodeId, since).catch(() => {}),
    );
    if (device.id != null)
      ctx.registry.track(markOnline(ctx.db, ctx.bus, device.id, device.terminalId, since).catch(logFail));
  }

  get size() {
    return this.seen.size;
  }

  /** Marks offline the devices silent past the idle timeout (all of them with `all`). */
  expire(all = false, now = Date.now()) {
    const limit = now - this.ctx.options.idleTimeoutMs;
    for (const [terminalId, s] of this.seen) {
      if (!all && s.lastAt >= limit) continue;
      this.seen.delete(terminalId);
      const { ctx } = this;
      const disconnected = () => recordDisconnected(ctx.db, terminalId, s.since).catch(() => {});
      if (s.device.id == null) {
        ctx.registry.track(disconnected());
        continue;
      }
      const silentSince = new Date(all ? now : limit);
      ctx.registry.track(
        markOfflineIfSilent(ctx.db, ctx.bus, s.device.id, terminalId, silentSince)
          .then((keptOnline) => {
            // A write after the limit kept it online: this process's own last fix (or its online
            // mark) committed late, or another process has the device. Look again one idle
            // timeout later rather than leave it online for good.
            if (keptOnline && !all && !this.seen.has(terminalId)) this.seen.set(terminalId, { ...s, lastAt: Date.now() });
            else return disconnected();
          })
          .catch(logFail),
      );
    }
  }

  close() {
    clearInterval(this.sweep);
    this.expire(true);
  }
}

const logFail = (e: unknown) => console.error('[osmand] device state:', (e as Error).message);

/**
 * Offline unless a fix was stored for the device after `silentSince` (by any process). True when
 * such a later write kept the device online.
 */
async function markOfflineIfSilent(
  db: Db,
  bus: EventBus,
  deviceId: number,
  terminalId: string,
  silentSince: Date,
): Promise<boolean> {
  const at = new Date();
  const { rows } = await db.execute<{ id: number }>(sql`
    UPDATE devices SET state = ${DEVICE_STATE.offline}, state_time = ${at.toISOString()}::timestamptz,
      offline_at = ${at.toISOString()}::timestamptz, updated_at = now()
    WHERE id = ${deviceId} AND state = ${DEVICE_STATE.online}
      AND updated_at <= ${silentSince.toISOString()}::timestamptz
    RETURNING id`);
  if (!rows.length) {
    const { rows: now } = await db.execute<{ state: number }>(sql`SELECT state FROM devices WHERE id = ${deviceId}`);
    return now[0]?.state === DEVICE_STATE.online;
  }
  publishState(bus, {
    type: 'state',
    deviceId,
    terminalId,
    state: DEVICE_STATE.offline,
    stateTime: at.toISOString(),
  });
  return false;
}

/** Online again when another process took the device offline; nothing when it is online. */
async function markOnlineIfNot(db: Db, bus: EventBus, deviceId: number, terminalId: string) {
  const at = new Date();
  const { rows } = await db.execute<{ id: number }>(sql`
    UPDATE devices SET state = ${DEVICE_STATE.online}, state_time = ${at.toISOString()}::timestamptz,
      last_online_at = ${at.toISOString()}::timestamptz, updated_at = now()
    WHERE id = ${deviceId} AND state = ${DEVICE_STATE.offline}
    RETURNING id`);
  if (rows.length)
    publishState(bus, {
      type: 'state',
      deviceId,
      terminalId,
      state: DEVICE_STATE.online,
      stateTime: at.toISOString(),
    });
}
