import type { LiveConnection } from '../../services/logs/live-state';
import type { DecodedMessage } from '../codec';
import type { TrackerConnection } from './connection';
import { addressOf } from './connection-record';

/** The messages onLocation stores (no array on the hot path). */
export function countPositions(messages: DecodedMessage[]): number {
  let n = 0;
  for (const m of messages) if (m.type === 'location' || m.type === 'alarm') n++;
  return n;
}

/** Where and since when a connection holds its device (the log pages' live-state check). */
export function liveStateOf(c: TrackerConnection): LiveConnection {
  return {
    node: c.nodeId,
    remoteAddr: addressOf(c.socket.remoteAddress, c.socket.remotePort),
    localPort: c.socket.localPort ?? 0,
    onlineSince: c.connectedAt?.toISOString() ?? null,
    lastFrameAt: new Date(c.lastFrameAt).toISOString(),
  };
}
