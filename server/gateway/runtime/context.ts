import { hostname } from 'node:os';
import type { ServerConfig } from '../../config';
import type { EventBus } from '../../bus/types';
import type { Db } from '../../db/client';
import type { PositionWriter } from '../../ingest/position-writer';
import type { DeviceDirectory } from './directory';
import type { FrameLog } from './frame-log';
import type { ConnectionRegistry } from './registry';

export interface GatewayOptions {
  /** A connection with no complete frame for this long is closed (idle or slow-drip). */
  idleTimeoutMs: number;
  /** A connection that has not said which known device it is within this long is closed. */
  identifyTimeoutMs: number;
  /** Connections one source address may hold at once; 0: no cap. */
  maxPerAddress: number;
  /** Connections each listening port may hold (lowered to fit the process's file limit). */
  maxConnections: number;
  /**
   * A second connection claiming a device whose connection has sent a frame within this long is
   * refused (the live one keeps the device); a quieter one is replaced, as after a reconnect.
   */
  claimSilenceMs: number;
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
  identifyTimeoutMs: 30_000,
  maxPerAddress: 0,
  maxConnections: 100_000,
  claimSilenceMs: 120_000,
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

/** The gateway options a server process takes from its configuration (main.ts, cluster-worker.ts). */
export function gatewayOptionsOf(config: ServerConfig, nodeId = config.nodeId): Partial<GatewayOptions> {
  const g = config.gateway;
  return {
    idleTimeoutMs: g.idleTimeoutSeconds * 1000,
    identifyTimeoutMs: g.identifyTimeoutSeconds * 1000,
    maxPerAddress: g.maxPerAddress,
    maxConnections: g.maxConnections,
    claimSilenceMs: g.claimSilenceSeconds * 1000,
    commandTimeoutMs: g.commandTimeoutSeconds * 1000,
    jt808AcceptAnyAuth: g.jt808AcceptAnyAuth,
    nodeId,
  };
}
