import type { FastifyInstance } from 'fastify';

/** The remaining device calls of spec section 7 (issue 16). */
export default async function deviceMoreRoutes(fastify: FastifyInstance) {
  void fastify;
}
