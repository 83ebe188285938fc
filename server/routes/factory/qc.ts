import type { FastifyInstance } from 'fastify';

/** Quality control and serial test results (issue 15, part 1). */
export default async function routes(_app: FastifyInstance) {}
