import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { createBus } from './bus';
import type { EventBus } from './bus/types';
import { loadConfig, type ServerConfig } from './config';
import { migrate, openDatabase, type DbHandle } from './db/client';
import { seedBulkFromEnv } from './db/seed/bulk';
import { ensureAdmin, seedIfEmpty } from './db/seed/index';
import { describePorts, gatewayListens } from './gateway/families';
import { startOsmAnd } from './gateway/osmand';
import { gatewayOptionsOf } from './gateway/runtime/context';
import { startGateway, type Gateway } from './gateway/runtime/server';
import { openPositionWriter } from './ingest/open-writer';
import { startMaintenance } from './jobs/maintenance';
import type { OpsState } from './ops/health';
import { watchConnections, watchWriter } from './ops/metrics';
import { buildOpsApp } from './ops/ops-app';
import { installShutdown, type ShutdownStep } from './ops/shutdown';
import { checkPaymentSandbox } from './services/payment/sandbox-guard';
import { retireDefaultDevicePasswords } from './services/devices/retire-default-passwords';
import { DEFAULT_SIM_OPTIONS } from './sim/device';
import { demoSpecs, SimFleet } from './sim/fleet';

/**
 * A FleetGate process. NODE_ROLE says what it runs: `all` (default) serves the web app, the API,
 * the websocket and the device gateways; `api` all but the gateways; `gateway` the gateways, the
 * position writer and the alarm engine with only /health, /ready and /metrics over HTTP.
 * Without DATABASE_URL the data lives in embedded PGlite under DATA_DIR and is seeded with the
 * demo on first start; with it, nothing is seeded except an admin when ADMIN_PASSWORD is set.
 */
async function main() {
  const config = loadConfig();
  const ops: OpsState = { stopping: false };
  const handle = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  await migrate(handle);
  if (handle.kind === 'pglite') {
    if (await seedIfEmpty(handle)) {
      console.log('Seeded the demo data (every demo password is 123456).');
      const bulk = await seedBulkFromEnv(handle.db);
      if (bulk) console.log(`Seeded a bulk fleet of ${bulk.terminalIds.length} devices (SEED_BULK_DEVICES).`);
    }
  } else if (config.adminPassword) {
    await ensureAdmin(handle, config.adminPassword);
  }
  // The embedded database without a public address is the demo, which pays in the sandbox unless
  // told otherwise; anywhere else the sandbox is an explicit PAYMENT_SANDBOX=1.
  if (handle.kind === 'pglite' && !config.publicUrl) process.env.PAYMENT_SANDBOX ??= '1';
  if (config.role !== 'gateway') await checkPaymentSandbox(handle.db, config.publicUrl, console.warn);
  const bus = await createBus(config.natsUrl, `fleetgate-${process.pid}`);
  // Devices still holding the shared default password of older versions lose it (once).
  const retired = await retireDefaultDevicePasswords(handle.db, bus, [
    ...new Set(['123456', config.defaultPassword]),
  ]);
  if (retired.devices)
    console.warn(
      `Retired the shared default password of ${retired.devices} devices (${retired.owners} owners told by an alarm): a device login needs a password reset first.`,
    );
  if (config.role !== 'all' && !config.natsUrl)
    console.warn(
      `NODE_ROLE=${config.role} without NATS_URL: commands and live positions reach no other node.`,
    );
  const trackers = config.role === 'api' ? null : await startTrackerSide(config, handle, bus);
  const app =
    config.role === 'gateway'
      ? await buildOpsApp({ config, handle, bus, ops, logger: true })
      : await buildApp({ config, handle, bus, ops, logger: true, web: true });
  const maintenance = startMaintenance(handle.db, config);

  const port = config.role === 'gateway' ? config.opsPort : config.port;
  await app.listen({ port, host: config.host });
  if (config.role === 'gateway') console.log(`FleetGate gateway node; /health, /ready, /metrics on ${port}`);
  else console.log(`FleetGate is ready at http://localhost:${port} (API docs: /api/docs)`);
  if (trackers) {
    const g = trackers.gateway;
    console.log(`Device gateways: ${describePorts(g.ports)}, OsmAnd (HTTP) on ${trackers.osmandPort}`);
    const second = [
      config.gateway.gt06Port2 && `GT06 on ${config.gateway.gt06Port2}`,
      config.gateway.jt808Port2 && `JT/T 808 on ${config.gateway.jt808Port2}`,
    ].filter(Boolean);
    if (second.length) console.log(`Second gateway ports: ${second.join(', ')}`);
  }
  const fleet = trackers ? await startSimulator(config, handle, trackers.gateway) : null;

  installShutdown({
    state: ops,
    timeoutMs: config.shutdownTimeoutMs,
    log: app.log,
    steps: () =>
      shutdownSteps(app, config, trackers, fleet, [
        { label: 'maintenance jobs stopped', run: () => maintenance.stop() },
        { label: 'bus closed', run: () => bus.close() },
        { label: 'database closed', run: () => handle.close() },
      ]),
  });
}

/**
 * The tracker side of a process: the TCP ports, the position writer and (inside the gateway)
 * the alarm engine. The multi-process gateway (node:cluster, server/gateway/cluster*.ts)
 * replaces this call with its own start when it lands.
 */
async function startTrackerSide(config: ServerConfig, handle: DbHandle, bus: EventBus) {
  // On PostgreSQL the writer's database work runs in a worker thread (open-writer.ts).
  const writer = openPositionWriter({ db: handle.db, url: config.databaseUrl });
  const gateway = await startGateway(
    { db: handle.db, bus, writer },
    gatewayListens(config),
    gatewayOptionsOf(config),
  );
  // Phones over HTTP store through the same writer, directory and frame log.
  const osmand = await startOsmAnd(gateway.ctx, { port: config.gateway.osmandPort, host: config.host });
  const unwatch = [watchWriter(writer), watchConnections(gateway.ctx.registry)];
  return {
    gateway,
    osmandPort: osmand.port,
    /** Stops accepting, closes every tracker (they reconnect to another node) and stores what they sent. */
    async close() {
      await osmand.close();
      await gateway.close();
      await writer.close();
      unwatch.forEach((off) => off());
    },
  };
}

/** A small simulated fleet on the demo devices, so a new user sees vehicles move. */
async function startSimulator(config: ServerConfig, handle: DbHandle, gateway: Gateway) {
  if (!config.simulator || handle.kind !== 'pglite') return null;
  const fleet = new SimFleet(demoSpecs('mix').slice(0, config.simulatorDevices), {
    ...DEFAULT_SIM_OPTIONS,
    ports: { gt06: gateway.ports.gt06, jt808: gateway.ports.jt808 },
    intervalSec: 5,
  });
  await fleet.start();
  console.log(`Simulating ${fleet.devices.length} demo vehicles (SIMULATOR=0 turns this off).`);
  return fleet;
}

/**
 * In order: the simulator; then at once the tracker side (stop accepting, close trackers, drain
 * the writer) and the API (stop accepting, websockets closed with 1001 "going away" so browsers
 * reconnect to another node, requests in progress answered); a gateway node's ops listener
 * last, so /ready says 503 until the writer is drained; then `rest`.
 */
function shutdownSteps(
  app: FastifyInstance,
  config: ServerConfig,
  trackers: { close(): Promise<void> } | null,
  fleet: SimFleet | null,
  rest: ShutdownStep[],
): ShutdownStep[] {
  const gatewayOnly = config.role === 'gateway';
  return [
    { label: 'simulator stopped', run: async () => fleet?.stop() },
    {
      label: gatewayOnly
        ? 'trackers closed, positions stored'
        : 'trackers closed, positions stored, HTTP closed',
      run: () => Promise.all([trackers?.close(), gatewayOnly ? null : app.close()]),
    },
    ...(gatewayOnly ? [{ label: 'ops listener closed', run: () => app.close() }] : []),
    ...rest,
  ];
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
