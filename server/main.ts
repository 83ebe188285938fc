import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { migrate, openDatabase } from './db/client';
import { ensureAdmin, seedIfEmpty } from './db/seed/index';
import { purgeExpiredSessions } from './services/sessions';

/**
 * One process serves the web app, the API and (later) the device gateways. Without
 * DATABASE_URL the data lives in embedded PGlite under DATA_DIR and is seeded with the demo
 * on first start; with it, nothing is seeded except an admin when ADMIN_PASSWORD is set.
 */
async function main() {
  const config = loadConfig();
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
  await migrate(handle);
  if (handle.kind === 'pglite') {
    if (await seedIfEmpty(handle)) console.log('Seeded the demo data (every demo password is 123456).');
  } else if (config.adminPassword) {
    await ensureAdmin(handle, config.adminPassword);
  }
  const app = await buildApp({ config, handle, logger: true, web: true });
  const hourly = setInterval(() => purgeExpiredSessions(handle.db).catch(() => {}), 3600_000);
  hourly.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`FleetGate is ready at http://localhost:${config.port} (API docs: /api/docs)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
