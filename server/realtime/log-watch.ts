import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { PERMISSIONS as P } from '../../config/roles';
import { hasAnyPermission } from '../../src/domain/ability';
import {
  LOG_MONITOR_MAX,
  LOG_WATCH_ANNOUNCE_MS,
  LOG_WATCH_TTL_MS,
  parseTerminalList,
  type LogFrame,
  type LogWatchAnswer,
} from '../../src/domain/device-log';
import { SUBJECT, type EventBus } from '../bus/types';
import type { AuthContext } from '../plugins/auth';
import type { WatchAnnouncement } from '../services/logs/watched-set';

interface Watcher {
  terminals: Set<string>;
  outbox: LogFrame[];
}

/** How often a watcher's frames go out, as one message. */
const FLUSH_MS = 250;
/** A client that cannot keep up loses its oldest frames beyond this (400 devices x 2/s x 10 s). */
const MAX_OUTBOX = 8000;

/**
 * The live log monitor's side of the websocket (docs/factory/logs.md). A client holding the
 * factory log permission sends {type:'logWatch', terminalIds}; this node announces the union of
 * its clients' terminals on the bus (again every few seconds, with a TTL), the gateway nodes
 * publish only those terminals' frames, and each frame goes to the clients watching it.
 */
export class LogWatchChannel {
  private watchers = new Map<WebSocket, Watcher>();
  private readonly source = randomUUID();
  private announced = false;
  private readonly offFrames: () => void;
  private readonly offAsk: () => void;
  private readonly flushTimer: NodeJS.Timeout;
  private readonly announceTimer: NodeJS.Timeout;

  constructor(private bus: EventBus) {
    this.offFrames = bus.subscribe<LogFrame>(SUBJECT.allLogFrames, (f) => this.dispatch(f));
    this.offAsk = bus.subscribe(SUBJECT.logWatchAsk, () => this.announce());
    this.flushTimer = setInterval(() => this.flush(), FLUSH_MS);
    this.announceTimer = setInterval(() => this.announce(), LOG_WATCH_ANNOUNCE_MS);
    this.flushTimer.unref();
    this.announceTimer.unref();
  }

  /** Listens to the socket's watch requests; answers an error to a caller without the permission. */
  attach(socket: WebSocket, auth: AuthContext) {
    const allowed = auth.deviceId == null && hasAnyPermission(auth.ability, [P.testLog]);
    socket.on('message', (data: Buffer) => {
      const request = parse(data);
      if (!request) return;
      if (!allowed) return answer(socket, { type: 'logWatchAck', watching: 0, error: 'noPermission' });
      const terminals = parseTerminalList(request.join('\n'));
      if (terminals.length > LOG_MONITOR_MAX)
        return answer(socket, {
          type: 'logWatchAck',
          watching: this.watching(socket),
          error: 'logWatchTooMany',
        });
      if (terminals.length === 0) this.watchers.delete(socket);
      else
        this.watchers.set(socket, {
          terminals: new Set(terminals),
          outbox: this.watchers.get(socket)?.outbox ?? [],
        });
      this.announce();
      answer(socket, { type: 'logWatchAck', watching: terminals.length });
    });
    socket.on('close', () => {
      if (this.watchers.delete(socket)) this.announce();
    });
  }

  private watching(socket: WebSocket) {
    return this.watchers.get(socket)?.terminals.size ?? 0;
  }

  /** This node's watched terminals; an empty set is said once, then nothing until a watch starts. */
  private announce() {
    const union = new Set<string>();
    for (const w of this.watchers.values()) for (const t of w.terminals) union.add(t);
    if (union.size === 0 && !this.announced) return;
    this.announced = union.size > 0;
    const a: WatchAnnouncement = { source: this.source, terminals: [...union], ttlMs: LOG_WATCH_TTL_MS };
    this.bus.publish(SUBJECT.logWatch, a);
  }

  private dispatch(frame: LogFrame) {
    for (const w of this.watchers.values()) {
      if (!w.terminals.has(frame.terminalId)) continue;
      if (w.outbox.length >= MAX_OUTBOX) w.outbox.shift();
      w.outbox.push(frame);
    }
  }

  private flush() {
    for (const [socket, w] of this.watchers) {
      if (w.outbox.length === 0 || socket.readyState !== socket.OPEN) continue;
      const frames = w.outbox;
      w.outbox = [];
      socket.send(JSON.stringify({ type: 'logFrames', frames }));
    }
  }

  close() {
    this.offFrames();
    this.offAsk();
    clearInterval(this.flushTimer);
    clearInterval(this.announceTimer);
    if (this.announced) this.bus.publish(SUBJECT.logWatch, { source: this.source, terminals: [], ttlMs: 0 });
    this.watchers.clear();
  }
}

/** The terminal ids of a watch request, or null for any other message (or garbage). */
function parse(data: Buffer): string[] | null {
  if (data.length > 64 * 1024) return null;
  try {
    const m = JSON.parse(data.toString()) as { type?: unknown; terminalIds?: unknown };
    if (m.type !== 'logWatch' || !Array.isArray(m.terminalIds)) return null;
    return m.terminalIds.filter((t): t is string => typeof t === 'string' && t.length <= 32);
  } catch {
    return null;
  }
}

const answer = (socket: WebSocket, a: LogWatchAnswer) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(a));
};
