import { sql } from 'drizzle-orm';
import type { Socket } from 'node:net';
import type { Db } from '../../db/client';
import type { KnownDevice } from './directory';

/** host:port of one end of a socket (IPv4-mapped IPv6 shown as IPv4). */
export const addressOf = (host: string | undefined, port: number | undefined) =>
  `${(host ?? '').replace(/^::ffff:/, '')}:${port ?? 0}`;

/**
 * Records where a tracker is connected (device_connections): node, remote and local address.
 * The device state page shows it, and an IP transfer checks the local port against its target.
 */
export async function recordConnected(
  db: Db,
  device: KnownDevice,
  socket: Socket,
  node: string,
  at = new Date(),
) {
  const remote = addressOf(socket.remoteAddress, socket.remotePort).slice(0, 64);
  const local = (socket.localAddress ?? '').replace(/^::ffff:/, '').slice(0, 64);
  await db.execute(sql`
    INSERT INTO device_connections (terminal_id, device_id, protocol, node, remote_addr, local_addr,
      local_port, online, connected_at, disconnected_at)
    VALUES (${device.terminalId}, ${device.id}, ${device.protocol}, ${node}, ${remote}, ${local},
      ${socket.localPort ?? 0}, true, ${at.toISOString()}::timestamptz, null)
    ON CONFLICT (terminal_id) DO UPDATE SET device_id = excluded.device_id, protocol = excluded.protocol,
      node = excluded.node, remote_addr = excluded.remote_addr, local_addr = excluded.local_addr,
      local_port = excluded.local_port, online = true, connected_at = excluded.connected_at,
      disconnected_at = null`);
}

/** The connection closed; a newer connection of the same tracker (connected later) is kept. */
export async function recordDisconnected(db: Db, terminalId: string, connectedAt: Date, at = new Date()) {
  await db.execute(sql`
    UPDATE device_connections SET online = false, disconnected_at = ${at.toISOString()}::timestamptz
    WHERE terminal_id = ${terminalId} AND connected_at <= ${connectedAt.toISOString()}::timestamptz`);
}
