import net from 'node:net';
import { SUBJECT, type EventBus } from '../../bus/types';
import type { Db } from '../../db/client';
import { AlarmEngine } from '../../alarms/engine';
import { PositionWriter, type PositionRecord } from '../../ingest/position-writer';
import type { ProtocolCodec } from '../codec';
import { TrackerConnection } from './connection';
import { DEFAULT_GATEWAY_OPTIONS, type GatewayContext, type GatewayOptions } from './context';
import { DeviceDirectory } from './directory';
import { FrameLog } from './frame-log';
import { fittingMaxConnections, openFilesLimit } from './file-limit';
import { ConnectionRegistry } from './registry';

import type { PositionEvent } from '../../../src/domain/live-events';

export type { PositionEvent };

export const toPositionEvent = (r: PositionRecord): PositionEvent => ({
  type: 'position',
  deviceId: r.deviceId,
  lat: r.lat,
  lon: r.lon,
  speed: r.speed,
  course: r.course,
  fixTime: r.fixTime.toISOString(),
  valid: r.valid,
  positionType: r.positionType,
  acc: r.acc,
  battery: r.battery,
  alarm: r.alarm,
});

export interface GatewayListen {
  codec: ProtocolCodec;
  port: number;
  host?: string;
}

export interface Gateway {
  ctx: GatewayContext;
  alarms: AlarmEngine;
  ports: Record<string, number>;
  close(): Promise<void>;
}

/**
 * The device gateways of this process: one TCP server per protocol family, sharing one
 * position writer, device directory, frame log and connection registry.
 */
export async function startGateway(
  deps: { db: Db; bus: EventBus; writer?: PositionWriter },
  listens: GatewayListen[],
  options: Partial<GatewayOptions> = {},
): Promise<Gateway> {
  const ownWriter = !deps.writer;
  const writer = deps.writer ?? new PositionWriter(deps.db);
  const ctx: GatewayContext = {
    db: deps.db,
    bus: deps.bus,
    writer,
    directory: new DeviceDirectory(deps.db),
    frameLog: new FrameLog(deps.db).watchedOn(deps.bus),
    registry: new ConnectionRegistry(),
    options: { ...DEFAULT_GATEWAY_OPTIONS, ...options },
  };

  const alarms = new AlarmEngine(deps.db, deps.bus);
  await alarms.start();
  // Positions reach the bus once they are stored, so a client never sees one that is lost; an
  // untrusted fix (src/domain/fix-validity) is stored but never moves a vehicle on a map.
  // The platform's alarms are evaluated first; storing them goes on in the background.
  const onCommitted = (batch: PositionRecord[]) => {
    ctx.registry.track(
      alarms.process(batch).catch((e) => console.error('[alarms] storing failed:', (e as Error).message)),
    );
    for (const r of batch) {
      // The frame's location ack leaves once all its positions are stored (location-acks.ts).
      r.onStored?.();
      if (!r.hidden && r.valid) deps.bus.publish(SUBJECT.position(r.deviceId), toPositionEvent(r));
    }
  };
  // Back-pressure: while the writer is behind (database slow or down), stop reading sockets;
  // TCP then slows the trackers down instead of our memory growing.
  const pause = () => ctx.registry.all.forEach((c) => c.socket.pause());
  const resume = () => ctx.registry.all.forEach((c) => c.socket.resume());
  // While the database is down every retry fails; say so once every 10 s, not every retry.
  let lastErrorLog = 0;
  const onError = (err: Error) => {
    if (Date.now() - lastErrorLog < 10_000) return;
    lastErrorLog = Date.now();
    console.error(`[gateway] position write failed, retrying (${writer.pending} rows waiting):`, err.message);
  };
  writer.on('committed', onCommitted);
  writer.on('pressure', pause);
  writer.on('drain', resume);
  writer.on('error', onError);

  const servers: net.Server[] = [];
  const ports: Record<string, number> = {};
  // Every port's connections share the process's file descriptors.
  const maxConnections = fittingMaxConnections(ctx.options.maxConnections, openFilesLimit());
  if (maxConnections < ctx.options.maxConnections)
    console.warn(
      `[gateway] the open-file limit allows ${maxConnections} tracker connections, not ${ctx.options.maxConnections}: raise it (ulimit -n) for more`,
    );
  const capped = new AddressCapLog();
  for (const l of listens) {
    const server = net.createServer((socket) => {
      const address = socket.remoteAddress ?? '';
      const cap = ctx.options.maxPerAddress;
      // The ports share one budget: a fleet may all use one of them.
      if (ctx.registry.all.size >= maxConnections) return socket.destroy();
      if (cap > 0 && ctx.registry.from(address) >= cap) {
        capped.refused(address, cap);
        return socket.destroy();
      }
      const conn = new TrackerConnection(socket, l.codec, ctx);
      if (writer.underPressure) conn.socket.pause();
    });
    server.maxConnections = maxConnections;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      // A large backlog: after a restart thousands of trackers reconnect at once.
      server.listen({ port: l.port, host: l.host ?? '0.0.0.0', backlog: 4096 }, () => resolve());
    });
    ports[l.codec.protocol] = (server.address() as net.AddressInfo).port;
    servers.push(server);
  }

  // One sweep for all connections instead of a timer each: closes idle and slow-drip sockets,
  // and sockets that never said which known device they are, whatever they sent meanwhile.
  const sweep = setInterval(
    () => {
      const now = Date.now();
      const idle = now - ctx.options.idleTimeoutMs;
      const anonymous = now - ctx.options.identifyTimeoutMs;
      for (const c of ctx.registry.all)
        if (!c.device && c.openedAt <= anonymous) c.close('not identified');
        else if (c.lastFrameAt < idle) c.close('idle timeout');
    },
    Math.min(5000, ctx.options.idleTimeoutMs, ctx.options.identifyTimeoutMs),
  );
  sweep.unref();

  return {
    ctx,
    alarms,
    ports,
    async close() {
      clearInterval(sweep);
      // Stop accepting (a server's close completes once its sockets are gone, below), read
      // nothing more, and let what was read commit first so its location acks still go out:
      // a tracker then resends only what it never had acknowledged.
      const stopped = Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
      writer.off('drain', resume);
      pause();
      await writer.drain();
      // Corked acks leave on the next tick; then close the trackers so they reconnect elsewhere.
      await new Promise((r) => setTimeout(r, 20));
      for (const c of ctx.registry.all) c.close('shutdown');
      await stopped;
      // Sockets close on the next tick; give their offline updates the chance to land.
      await new Promise((r) => setTimeout(r, 20));
      await ctx.registry.settle();
      if (ownWriter) await writer.close();
      else await writer.drain();
      writer.off('committed', onCommitted);
      writer.off('pressure', pause);
      writer.off('error', onError);
      await ctx.registry.settle();
      alarms.close();
      await ctx.frameLog.close();
    },
  };
}

/** Says once a minute which addresses met the per-address cap, not once per refused socket. */
class AddressCapLog {
  private at = 0;
  private seen = new Map<string, number>();

  refused(address: string, cap: number) {
    this.seen.set(address, (this.seen.get(address) ?? 0) + 1);
    const now = Date.now();
    if (now - this.at < 60_000) return;
    this.at = now;
    const list = [...this.seen].map(([a, n]) => `${a} (${n})`).join(', ');
    console.warn(`[gateway] refused connections over ${cap} per address (GATEWAY_MAX_PER_ADDRESS): ${list}`);
    this.seen.clear();
  }
}
