import type { FastifyInstance } from 'fastify';

/** Device logs, the live log monitor and the frame decoder (issue 15, parts 2 and 3). */
export default async function routes(_app: FastifyInstance) {}
