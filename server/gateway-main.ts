/**
 * The device gateways alone, in GATEWAY_PROCESSES processes sharing the tracker ports, with no
 * HTTP API (run the API elsewhere on the same PostgreSQL and NATS): `tsx server/gateway-main.ts`.
 * This primary prepares the database, then forks and watches the gateway processes
 * (gateway/cluster.ts, gateway/cluster-worker.ts).
 */
import { loadConfig } from './config';
import { ensureCurrentPositionPartitions, migrate, openDatabase } from './db/client';
import { startGatewayCluster } from './gateway/cluster';
import { gatewayClusterProblem, loadGatewayClusterConfig } from './gateway/cluster-config';

async function main() {
  const config = loadConfig();
  const problem = gatewayClusterProblem(config);
  if (problem) throw new Error(problem);
  const gw = loadGatewayClusterConfig();
  const handle = await openDatabase({ url: config.databaseUrl });
  // Once here, not in every gateway process at the same time.
  await migrate(handle);
  const daily = setInterval(() => ensureCurrentPositionPartitions(handle.db).catch(() => {}), 86_400_000);
  const gateways = startGatewayCluster(gw);
  console.log(
    `FleetGate gateways: ${gw.processes} processes on GT06 ${config.gateway.gt06Port}, JT/T 808 ${config.gateway.jt808Port}`,
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the gateway processes`);
    clearInterval(daily);
    await gateways.stop();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
