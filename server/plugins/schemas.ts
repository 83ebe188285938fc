import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { routeSchemaProblems } from '../lib/schema/check';

/**
 * Every /api route declares a bounded request schema (server/lib/schema); a route without one,
 * or with an unbounded number, string or array in it, stops the server at start-up, as a route
 * without an access rule does (plugins/auth.ts).
 */
export default fp(async function schemasPlugin(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const problems = routeSchemaProblems(route.schema as Record<string, unknown> | undefined);
    if (problems.length)
      throw new Error(`Route ${String(route.method)} ${route.url}: ${problems.slice(0, 5).join('; ')}`);
  });
});
