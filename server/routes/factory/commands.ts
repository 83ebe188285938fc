import type { FastifyInstance } from 'fastify';
import batchRoutes from './commands/batch';
import settingsRoutes from './commands/settings';

/** Factory batch commands and settings: AGPS, NB subscriptions, device ids, platform configuration (issue 15, part 7). */
export default async function routes(app: FastifyInstance) {
  await app.register(batchRoutes);
  await app.register(settingsRoutes);
}
