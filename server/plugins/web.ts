import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../src/domain/messages';
import { fail } from '../lib/envelope';

/**
 * Serves the built single-page app from dist/ (one route per built file). Any other GET outside
 * /api answers index.html so that client routes such as /index/home survive a reload.
 */
export default fp(async function webPlugin(app: FastifyInstance, opts: { dir: string }) {
  const index = path.join(opts.dir, 'index.html');
  if (!existsSync(index)) {
    app.log.warn(`${index} is missing: run "npm run build" to serve the web app`);
    return;
  }
  await app.register(fastifyStatic, { root: opts.dir, wildcard: false, index: false });
  app.get('/*', (req, reply) => {
    if (req.url.startsWith('/api/')) return reply.code(404).send(fail(404, MESSAGES.notFound, 'notFound'));
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
