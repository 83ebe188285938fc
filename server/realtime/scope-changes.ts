import type { FastifyInstance } from 'fastify';
import { SUBJECT, type EventBus } from '../bus/types';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route may change which devices an account sees live (devices created, moved between
     * accounts or given another expiry; accounts deleted or moved): every node's realtime hub
     * reloads its clients' scopes at once instead of at its next periodic refresh.
     */
    liveScope?: boolean;
  }
}

/** After a successful answer of a `liveScope` route, tells the hubs on the bus. */
export function publishScopeChanges(app: FastifyInstance, bus: EventBus) {
  app.addHook('onResponse', async (req, reply) => {
    if (req.routeOptions.config?.liveScope && reply.statusCode < 400)
      bus.publish(SUBJECT.scopesChanged, { at: Date.now() });
  });
}
