/**
 * The cluster event bus. Subjects are dot-separated tokens, as in NATS: `*` matches one
 * token and `>` the rest. In one process the bus is an in-memory emitter; with NATS_URL it is
 * NATS, so gateways and API nodes on several machines share positions, events and commands.
 */
export type Handler<T = unknown> = (data: T, subject: string) => void;
export type Responder<T = unknown, R = unknown> = (data: T, subject: string) => Promise<R>;

export interface EventBus {
  readonly kind: 'memory' | 'nats';
  publish(subject: string, data: unknown): void;
  /** Returns the unsubscribe function. */
  subscribe<T = unknown>(pattern: string, handler: Handler<T>): () => void;
  /** Answers requests on `subject` (one responder per subject is expected). */
  respond<T = unknown, R = unknown>(subject: string, responder: Responder<T, R>): () => void;
  /** Sends a request to the responder of `subject`; rejects with NoResponderError or a timeout. */
  request<R = unknown>(subject: string, data: unknown, timeoutMs: number): Promise<R>;
  /** Resolves once everything published so far has been handed over (NATS flush). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export class NoResponderError extends Error {
  constructor(subject: string) {
    super(`no responder for ${subject}`);
  }
}

export class BusTimeoutError extends Error {
  constructor(subject: string) {
    super(`request on ${subject} timed out`);
  }
}

/** Subjects used across the platform, defined once. */
export const SUBJECT = {
  position: (deviceId: number) => `dev.pos.${deviceId}`,
  state: (deviceId: number) => `dev.state.${deviceId}`,
  alarm: (deviceId: number) => `dev.alarm.${deviceId}`,
  commandResult: (deviceId: number) => `dev.cmd.${deviceId}`,
  allDeviceEvents: 'dev.>',
  /** Devices or accounts changed owner or expiry: every node's realtime hub reloads its clients' scopes. */
  scopesChanged: 'scopes.changed',
  /** Fences or their allocations changed: every node's alarm engine reloads its index. */
  fencesChanged: 'fences.changed',
  /** Request to the node that holds a device's connection. */
  gatewayCommand: (terminalId: string) => `gw.cmd.${terminalId}`,
  /** Request to the node running a command batch: stop starting its commands (cancelBatch). */
  commandBatchCancel: (batchId: number) => `cmd.batch.cancel.${batchId}`,
  /** An API node's live log monitor: the terminals its clients watch ({source, terminals, ttlMs}). */
  logWatch: 'log.watch',
  /** A gateway started: API nodes announce their watched terminals again at once. */
  logWatchAsk: 'log.watch.ask',
  /** A frame of a watched terminal, published by the gateway node holding it. */
  logFrame: (terminalId: string) => `log.frame.${terminalId}`,
  allLogFrames: 'log.frame.>',
  /** A terminal's firmware upgrade result (JT/T 808 0x0108), for the OTA engine. */
  otaResult: 'ota.result',
  /** Request to the node holding a terminal: its live connection state (the log pages' checkRedis). */
  logProbe: (terminalId: string) => `log.probe.${terminalId}`,
} as const;

export function subjectMatches(pattern: string, subject: string): boolean {
  if (pattern === subject) return true;
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}
