import type { ProtocolName } from '../gateway/codec';
import { TEXT_FAMILY_PORTS, type TextFamily } from '../gateway/port-settings';
import type { Rng } from './route';
import type { ServerAddress } from './server-address';

/** How a simulated tracker is set up (server/sim/device.ts), and its connection rules. */
export type Family = ProtocolName;

export interface SimDeviceSpec {
  terminalId: string;
  family: Family;
  lat: number;
  lon: number;
  seed: number;
  /** A TPMS truck (808 only): this many wheels, reported in item 0x66 every TIRE_EVERY positions. */
  tireWheels?: number;
}

/** Positions between two tire reports of a TPMS truck (one a minute at the default interval). */
export const TIRE_EVERY = 6;

export interface SimOptions {
  host: string;
  /** Gateway port per family; the others' only where the simulator drives such trackers. */
  ports: Record<'gt06' | 'jt808', number> & Partial<Record<Family, number>>;
  intervalSec: number;
  heartbeatSec: number;
  /** Chance per position that an alarm frame is sent instead (GT06) or flagged (808). */
  alarmChance: number;
  /** Reconnect after the server closes the connection. */
  reconnect: boolean;
  /** Reconnect delay: `retryMs` plus up to `retryJitterMs` at random; default 3 s + 2 s. */
  retryMs?: number;
  retryJitterMs?: number;
  /**
   * Further gateway ports per family: after a dropped or refused connection the tracker tries
   * the next of [ports[family], ...these] in turn (a DNS name or load balancer in reality).
   */
  failoverPorts?: Partial<Record<Family, number[]>>;
  /**
   * Keep each position until the platform acknowledges it, and after reconnecting send the
   * unacknowledged ones again (blind-area data); positions taken offline wait for the next
   * connection. Off: a position sent while disconnected is gone (the demo's behaviour).
   */
  keepUnacked?: boolean;
  /** No timers: positions and heartbeats only when `report()` is called (tests, benchmarks). */
  manual?: boolean;
}

export const DEFAULT_SIM_OPTIONS: SimOptions = {
  host: '127.0.0.1',
  ports: { gt06: 5023, jt808: 5015, teltonika: 5027, ...defaultTextPorts() },
  intervalSec: 10,
  heartbeatSec: 60,
  alarmChance: 0.005,
  reconnect: true,
};

function defaultTextPorts(): Record<TextFamily, number> {
  const entries = Object.entries(TEXT_FAMILY_PORTS).map(([f, p]) => [f, p.default]);
  return Object.fromEntries(entries) as Record<TextFamily, number>;
}

/** The gateway a tracker's `index`-th connection attempt goes to: its list of ports in turn. */
export function gatewayAddress(opts: SimOptions, family: Family, index: number): ServerAddress {
  const ports = [opts.ports[family] ?? 0, ...(opts.failoverPorts?.[family] ?? [])];
  return { host: opts.host, port: ports[index % ports.length] };
}

/** How long a tracker waits before connecting again after losing its connection. */
export const reconnectDelay = (opts: SimOptions, rng: Rng) =>
  (opts.retryMs ?? 3000) + rng.next() * (opts.retryJitterMs ?? 2000);
