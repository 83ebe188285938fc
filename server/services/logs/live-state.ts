import { BusTimeoutError, NoResponderError, SUBJECT, type EventBus } from '../../bus/types';

/** What the node holding a terminal's connection says about it (SUBJECT.logProbe). */
export interface LiveConnection {
  node: string;
  remoteAddr: string;
  localPort: number;
  onlineSince: string | null;
  lastFrameAt: string;
}

export type LiveState = ({ connected: true } & LiveConnection) | { connected: false };

const PROBE_TIMEOUT_MS = 3000;

/**
 * Our equivalent of the old platform's live-state cache check (checkRedis): ask over the bus
 * whether a gateway node holds the terminal now. No responder, or one too slow: not connected.
 */
export async function liveState(bus: EventBus, terminalId: string): Promise<LiveState> {
  try {
    const live = await bus.request<LiveConnection>(SUBJECT.logProbe(terminalId), {}, PROBE_TIMEOUT_MS);
    return { connected: true, ...live };
  } catch (e) {
    if (e instanceof NoResponderError || e instanceof BusTimeoutError) return { connected: false };
    throw e;
  }
}
