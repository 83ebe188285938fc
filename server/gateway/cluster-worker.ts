/**
 * One gateway process of the cluster (cluster.ts forks it): the device gateways on the shared
 * tracker ports, its own position writer (database work in a worker thread) and connection
 * registry; everything shared goes through PostgreSQL and NATS. No HTTP API here.
 */
import cluster from 'node:cluster';
import { createBus } from '../bus';
import { loadConfig, type ServerConfig } from '../config';
import { openDatabase } from '../db/client';
import { openPositionWriter } from '../ingest/open-writer';
import { shareMetricsWithPrimary } from '../ops/cluster-metrics';
import { watchConnections, watchWriter } from '../ops/metrics';
import { gatewayListens as familyListens } from './families';
import { startOsmAnd } from './osmand';
import { gatewayOptionsOf } from './runtime/context';
import { startGateway, type GatewayListen } from './runtime/server';

/** The tracker ports of a configuration (server/gateway/families.ts lists the families). */
export function gatewayListens(config: ServerConfig): GatewayListen[] {
  return familyListens(config, config.host);
}

async function run() {
  const config = loadConfig();
  const handle = await openDatabase({ url: config.databaseUrl });
  const n = cluster.worker?.id ?? 0;
  // Each process records the connections it holds under its own name.
  const nodeId = `${config.nodeId}/gw${n}`.slice(0, 64);
  const bus = await createBus(config.natsUrl, `fleetgate-gw-${process.pid}`);
  const writer = openPositionWriter({ db: handle.db, url: config.databaseUrl });
  // Failed writes are retried; the gateway logs them while it runs. Without a listener one
  // during shutdown (after the gateway let go of the writer) would end the process unflushed.
  writer.on('error', () => {});
  const gateway = await startGateway(
    { db: handle.db, bus, writer },
    gatewayListens(config),
    gatewayOptionsOf(config, nodeId),
  );
  // The processes share the OsmAnd port as they share the TCP ports (node:cluster).
  const osmand = await startOsmAnd(gateway.ctx, { port: config.gateway.osmandPort, host: config.host });
  // The primary answers /metrics with the sum of every process's figures.
  shareMetricsWithPrimary();
  watchWriter(writer);
  watchConnections(gateway.ctx.registry);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    // Stop accepting and close the trackers (they reconnect to another process), then flush.
    await osmand.close();
    await gateway.close();
    await writer.close();
    await bus.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  // Ctrl-C reaches the whole process group: the primary decides when this process stops.
  process.on('SIGINT', () => {});
}

run().catch((err) => {
  console.error('[gateway] process failed to start:', err);
  process.exit(1);
});
