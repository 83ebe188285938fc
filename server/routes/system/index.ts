import type { FastifyInstance } from 'fastify';

/** System settings (issue 16): mapKey, demoAccountSet. */
export default async function systemRoutes(fastify: FastifyInstance) {
  void fastify;
}
