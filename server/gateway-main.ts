/**
 * The device gateways alone, in GATEWAY_PROCESSES processes sharing the tracker ports, with no
 * HTTP API (run the API elsewhere on the same PostgreSQL and NATS): `tsx server/gateway-main.ts`.
 * This primary prepares the database, forks and watches the gateway processes
 * (gateway/cluster.ts, gateway/cluster-worker.ts) and serves /health, /ready and /metrics (the
 * sum of its processes' figures) on OPS_PORT.
 */
import { loadConfig } from './config';
import { ensureCurrentPositionPartitions, migrate, openDatabase } from './db/client';
import { startGatewayCluster } from './gateway/cluster';
import { gatewayClusterProblem, loadGatewayClusterConfig } from './gateway/cluster-config';
import { describeConfiguredPorts } from './gateway/families';
import { clusterMetricsText } from './ops/cluster-metrics';
import type { OpsState } from './ops/health';
import { buildOpsApp } from './ops/ops-app';
import { installShutdown } from './ops/shutdown';

async function main() {
  const config = loadConfig();
  const problem = gatewayClusterProblem(config);
  if (problem) throw new Error(problem);
  const gw = loadGatewayClusterConfig();
  const ops: OpsState = { stopping: false };
  const handle = await openDatabase({ url: config.databaseUrl });
  // Once here, not in every gateway process at the same time.
  await migrate(handle);
  const daily = setInterval(() => ensureCurrentPositionPartitions(handle.db).catch(() => {}), 86_400_000);
  const gateways = startGatewayCluster(gw);
  const app = await buildOpsApp({ config, handle, bus: null, ops, logger: true, metrics: clusterMetricsText() });
  await app.listen({ port: config.opsPort, host: config.host });
  console.log(
    `FleetGate gateways: ${gw.processes} processes on ${describeConfiguredPorts(config)}, OsmAnd (HTTP) ${config.gateway.osmandPort}; /health, /ready, /metrics on ${config.opsPort}`,
  );
  installShutdown({
    state: ops,
    timeoutMs: config.shutdownTimeoutMs,
    log: app.log,
    steps: () => [
      { label: 'gateway processes stopped', run: () => (clearInterval(daily), gateways.stop()) },
      { label: 'ops listener closed', run: () => app.close() },
      { label: 'database closed', run: () => handle.close() },
    ],
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
