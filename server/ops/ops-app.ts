import Fastify, { type FastifyInstance } from 'fastify';
import type { EventBus } from '../bus/types';
import type { ServerConfig } from '../config';
import type { DbHandle } from '../db/client';
import { opsRoutes, type OpsState } from './health';
import { echoRequestId, serverLogOptions } from './logging';

/**
 * The only HTTP a gateway node (NODE_ROLE=gateway) serves: /health, /ready and /metrics, on
 * OPS_PORT. No API, no websocket, no web app: those are the API nodes'.
 */
export async function buildOpsApp(opts: {
  config: ServerConfig;
  handle: DbHandle;
  bus: EventBus | null;
  ops: OpsState;
  logger?: boolean;
  /** See OpsOptions.metrics (a gateway cluster's primary sums its processes). */
  metrics?: () => Promise<string>;
}): Promise<FastifyInstance> {
  const app = Fastify(serverLogOptions(opts.config.logLevel, !!opts.logger));
  echoRequestId(app);
  await app.register(opsRoutes, {
    db: opts.handle.db,
    bus: opts.bus,
    state: opts.ops,
    metricsToken: opts.config.metricsToken,
    metrics: opts.metrics,
  });
  return app;
}
