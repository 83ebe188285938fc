import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { GatewayContext } from '../runtime/context';
import type { KnownDevice } from '../runtime/directory';
import { markOffline, markOnline } from '../runtime/device-state';
import { recordConnected, recordDisconnected } from '../runtime/connection-record';

interface Seen {
  device: KnownDevice;
  since: Date;
  lastAt: number;
}

/**
 * Online and offline for devices that speak HTTP: there is no connection to hold, so a device
 * is online from its first request and offline once it has sent nothing for the gateway's idle
 * timeout (DEVICE_IDLE_TIMEOUT), as an idle TCP tracker is closed. Its requests' address is
 * recorded like a connection's (device_connections).
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
      return;
    }
    const since = new Date(now);
    this.seen.set(device.terminalId, { device, since, lastAt: now });
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
      ctx.registry.track(recordDisconnected(ctx.db, terminalId, s.since).catch(() => {}));
      if (s.device.id != null)
        ctx.registry.track(markOffline(ctx.db, ctx.bus, s.device.id, terminalId).catch(logFail));
    }
  }

  close() {
    clearInterval(this.sweep);
    this.expire(true);
  }
}

const logFail = (e: unknown) => console.error('[osmand] device state:', (e as Error).message);
