import type { FastifyInstance } from 'fastify';

/** Stock, SIM matching and clearing (issue 15, part 5). */
export default async function routes(_app: FastifyInstance) {}
