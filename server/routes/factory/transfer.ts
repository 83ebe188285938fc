import type { FastifyInstance } from 'fastify';

/** IP transfer of trackers to another server address (issue 15, part 6). */
export default async function routes(_app: FastifyInstance) {}
