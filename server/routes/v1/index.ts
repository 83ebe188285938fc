import type { FastifyInstance } from 'fastify';

/** The public API under /api/v1, authenticated by API key (issue 16). */
export default async function publicApiV1Routes(fastify: FastifyInstance) {
  void fastify;
}
