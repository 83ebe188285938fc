import type { FastifyInstance } from 'fastify';

/** API keys and webhooks of the caller's account (issue 16). */
export default async function apiKeyRoutes(fastify: FastifyInstance) {
  void fastify;
}
