import { hostname } from 'node:os';
import type { EventBus } from '../../bus/types';
import type { Db } from '../../db/client';
import type { PositionWriter } from '../../ingest/position-writer';
import type { DeviceDirectory } from './directory';
import type { FrameLog } from './frame-log';
import type { ConnectionRegistry } from './registry';

export interface GatewayOptions {
  /** A connection with no complete frame for this long is closed (idle or slow-drip). */
  idleTimeoutMs: number;
  /** Per-connection cap of bytes waiting for the rest of a frame. */
  maxBuffer: number;
  /** How long a command waits for the device's reply. */
  commandTimeoutMs: number;
  /**
   * JT/T 808: accept any authentication code from a known terminal (fleets moved from another
   * platform still hold that platform's code). Off by default.
   */
  jt808AcceptAnyAuth: boolean;
  /** This node's name, recorded with each connection it holds (device_connections). */
  nodeId: string;
}

export const DEFAULT_GATEWAY_OPTIONS: GatewayOptions = {
  idleTimeoutMs: 5 * 60_000,
  maxBuffer: 16 * 1024,
  commandTimeoutMs: 30_000,
  jt808AcceptAnyAuth: false,
  nodeId: hostname(),
};

/** Everything a tracker connection needs, shared by all connections of a process. */
export interface GatewayContext {
  db: Db;
  bus: EventBus;
  writer: PositionWriter;
  directory: DeviceDirectory;
  frameLog: FrameLog;
  registry: ConnectionRegistry;
  options: GatewayOptions;
}
