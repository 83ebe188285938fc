import type { FastifyInstance } from 'fastify';
import commandRoutes from './commands';
import logRoutes from './logs';
import nbNotifyRoutes from './nb-notify';
import otaRoutes from './ota';
import qcRoutes from './qc';
import stockRoutes from './stock';
import transferRoutes from './transfer';

/** The factory back office under /test (issue 15); each part guards its routes by the factory permissions. */
export default async function factoryRoutes(app: FastifyInstance) {
  await app.register(qcRoutes);
  await app.register(logRoutes);
  await app.register(otaRoutes);
  await app.register(stockRoutes);
  await app.register(transferRoutes);
  await app.register(commandRoutes);
  await app.register(nbNotifyRoutes);
}
