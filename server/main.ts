import path from 'node:path';
import { buildApp } from './app';
import { createBus } from './bus';
import { loadConfig } from './config';
import { ensureCurrentPositionPartitions, migrate, openDatabase } from './db/client';
import { seedBulkFromEnv } from './db/seed/bulk';
import { ensureAdmin, seedIfEmpty } from './db/seed/index';
import { gt06Codec } from './gateway/gt06';
import { jt808Codec } from './gateway/jt808';
import { purgeFrameLog } from './gateway/runtime/frame-log';
import { startGateway } from './gateway/runtime/server';
import { PositionWriter } from './ingest/position-writer';
import { purgeExpiredSessions } from './services/sessions';
import { DEFAULT_SIM_OPTIONS } from './sim/device';
import { demoSpecs, SimFleet } from './sim/fleet';

/**
 * One process serves the web app, the API, the websocket and the device gateways. Without
 * DATABASE_URL the data lives in embedded PGlite under DATA_DIR and is seeded with the demo on
 * first start; with it, nothing is seeded except an admin when ADMIN_PASSWORD is set.
 */
async function main() {
  const config = loadConfig();
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
  const bus = await createBus(config.natsUrl, `fleetgate-${process.pid}`);
  const writer = new PositionWriter(handle.db);
  const gateway = await startGateway(
    { db: handle.db, bus, writer },
    [
      // The optional second ports first: the last listen of a protocol names its port in `ports`.
      ...(config.gateway.gt06Port2 ? [{ codec: gt06Codec, port: config.gateway.gt06Port2 }] : []),
      ...(config.gateway.jt808Port2 ? [{ codec: jt808Codec, port: config.gateway.jt808Port2 }] : []),
      { codec: gt06Codec, port: config.gateway.gt06Port },
      { codec: jt808Codec, port: config.gateway.jt808Port },
    ],
    {
      idleTimeoutMs: config.gateway.idleTimeoutSeconds * 1000,
      commandTimeoutMs: config.gateway.commandTimeoutSeconds * 1000,
      jt808AcceptAnyAuth: config.gateway.jt808AcceptAnyAuth,
      nodeId: config.nodeId,
    },
  );
  const app = await buildApp({ config, handle, bus, logger: true, web: true });

  const hourly = setInterval(() => {
    purgeExpiredSessions(handle.db).catch(() => {});
    purgeFrameLog(handle.db, config.frameLogDays).catch(() => {});
  }, 3600_000);
  const daily = setInterval(() => ensureCurrentPositionPartitions(handle.db).catch(() => {}), 86_400_000);
  hourly.unref();
  daily.unref();

  await app.listen({ port: config.port, host: config.host });
  console.log(`FleetGate is ready at http://localhost:${config.port} (API docs: /api/docs)`);
  console.log(`Device gateways: GT06 on ${gateway.ports.gt06}, JT/T 808 on ${gateway.ports.jt808}`);
  const second = [
    config.gateway.gt06Port2 && `GT06 on ${config.gateway.gt06Port2}`,
    config.gateway.jt808Port2 && `JT/T 808 on ${config.gateway.jt808Port2}`,
  ].filter(Boolean);
  if (second.length) console.log(`Second gateway ports: ${second.join(', ')}`);

  // A small simulated fleet on the demo devices, so a new user sees vehicles move.
  let fleet: SimFleet | null = null;
  if (config.simulator && handle.kind === 'pglite') {
    fleet = new SimFleet(demoSpecs('mix').slice(0, config.simulatorDevices), {
      ...DEFAULT_SIM_OPTIONS,
      ports: { gt06: gateway.ports.gt06, jt808: gateway.ports.jt808 },
      intervalSec: 5,
    });
    await fleet.start();
    console.log(`Simulating ${fleet.devices.length} demo vehicles (SIMULATOR=0 turns this off).`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    fleet?.stop();
    await gateway.close();
    await writer.close();
    await app.close();
    await bus.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
