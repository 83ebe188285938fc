import type { FastifyInstance } from 'fastify';
import cardRoutes from './cards';
import payManageRoutes from './manage';
import orderRoutes from './orders';
import renewWayRoutes from './ways';

/** Renewals and payments (issue 14, docs/payments.md). */
export default async function payRoutes(app: FastifyInstance) {
  await app.register(cardRoutes);
  await app.register(payManageRoutes);
  await app.register(orderRoutes);
  await app.register(renewWayRoutes);
}
