import type { ServerConfig } from '../config';

/** How the device gateways of one machine are spread over processes (server/gateway/cluster.ts). */
export interface GatewayClusterConfig {
  /** Gateway processes sharing the tracker ports (GATEWAY_PROCESSES, default 1). */
  processes: number;
  /** Wait before a gateway process that died is started again (GATEWAY_RESTART_MS). */
  restartDelayMs: number;
  /** How long a stopping process may flush its writer before it is killed (GATEWAY_STOP_MS). */
  stopTimeoutMs: number;
}

const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);

export function loadGatewayClusterConfig(env: NodeJS.ProcessEnv = process.env): GatewayClusterConfig {
  return {
    processes: Math.max(1, int(env.GATEWAY_PROCESSES, 1)),
    restartDelayMs: int(env.GATEWAY_RESTART_MS, 1000),
    stopTimeoutMs: int(env.GATEWAY_STOP_MS, 30_000),
  };
}

/**
 * Why this configuration cannot run gateways in processes of their own, or null. Each process
 * has its own connections, writer and memory: they share the database (so it cannot be the
 * embedded PGlite, which one process owns) and reach the API through the bus (NATS), or
 * commands and live positions would stay inside the process that holds the tracker.
 */
export function gatewayClusterProblem(config: Pick<ServerConfig, 'databaseUrl' | 'natsUrl'>): string | null {
  if (!config.databaseUrl)
    return 'Gateway processes of their own need DATABASE_URL (PostgreSQL): the embedded PGlite database belongs to one process.';
  if (!config.natsUrl)
    return 'Gateway processes of their own need NATS_URL: commands and live positions reach the API over the bus.';
  return null;
}
