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
  const index = path.join(path.resolve(opts.dir), 'index.html');
  const ASSETS = path.join(path.resolve(opts.dir), 'assets') + path.sep;
  if (!existsSync(index)) {
    app.log.warn(`${index} is missing: run "npm run build" to serve the web app`);
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.dir,
    wildcard: false,
    index: false,
    // Built files under assets/ carry a hash of their content in their name: a browser may keep
    // them for good and never ask again (each page load asked for every one before).
    // The page itself is asked again every time, so a new build is picked up at once.
    setHeaders: (res, file) => {
      if (file.startsWith(ASSETS)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else if (file === index) res.header('cache-control', 'no-cache');
    },
  });
  app.get('/*', (req, reply) => {
    if (req.url.startsWith('/api/')) return reply.code(404).send(fail(404, MESSAGES.notFound, 'notFound'));
    return reply.sendFile('index.html');
  });
});
