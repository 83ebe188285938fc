import type { FastifyInstance } from 'fastify';

/** Factory batch commands and settings: AGPS, NB subscriptions, device ids, platform configuration (issue 15, part 7). */
export default async function routes(_app: FastifyInstance) {}
