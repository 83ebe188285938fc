import type { FastifyInstance } from 'fastify';

/** Firmware images and OTA jobs (issue 15, part 4). */
export default async function routes(_app: FastifyInstance) {}
