import type { FastifyInstance } from 'fastify';
import commandBatchRoutes from './batch';
import commandConfigRoutes from './config';
import commandPresetRoutes from './presets';
import commandSendRoutes from './send';

/** The command console's calls: sending, offline queue, history, presets, device types, batches. */
export default async function commandRoutes(app: FastifyInstance) {
  await app.register(commandSendRoutes);
  await app.register(commandConfigRoutes);
  await app.register(commandPresetRoutes);
  await app.register(commandBatchRoutes);
}
