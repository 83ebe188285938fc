import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../bus/types';
import type { Db } from '../db/client';
import { Type } from '../lib/schema/response';
import { isLoopbackAddress } from './loopback';
import { collectProcessMetrics, metricsRegistry } from './metrics';

/**
 * Liveness, readiness and metrics of a process, for load balancers, orchestrators and
 * Prometheus. Outside /api and public (no session): a probe has no login. /metrics tells a lot
 * about the fleet, so it wants a token (METRICS_TOKEN) or, without one, a loopback client.
 * Every role serves them: API nodes on PORT, gateway nodes on OPS_PORT.
 */

/** What the process tells its probes about itself; `stopping` is set the moment shutdown starts. */
export interface OpsState {
  stopping: boolean;
}

export interface OpsOptions {
  db: Db;
  /** null: a process without a bus (a gateway cluster's primary); its check reads `off`. */
  bus: EventBus | null;
  state: OpsState;
  metricsToken: string | null;
  /** The metrics text; default this process's (a cluster primary gives its workers' sum, cluster-metrics.ts). */
  metrics?: () => Promise<string>;
}

/** A check that takes longer than this is a failure: a probe must not hang with the database. */
export const READY_TIMEOUT_MS = 2000;

type CheckResult = 'ok' | 'failed' | 'timeout' | 'off';

async function check(run: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((r) => (timer = setTimeout(() => r('timeout'), READY_TIMEOUT_MS)));
  try {
    return await Promise.race([run().then((): CheckResult => 'ok'), timeout]);
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

const checkSchema = (description: string) =>
  Type.Union([Type.Literal('ok'), Type.Literal('failed'), Type.Literal('timeout'), Type.Literal('off')], {
    description,
  });
const ReadySchema = Type.Object(
  {
    status: Type.Union([Type.Literal('ready'), Type.Literal('not ready')]),
    checks: Type.Object({
      database: checkSchema('SELECT 1'),
      bus: checkSchema("a NATS ping; off: no NATS_URL (this process's own bus)"),
      process: Type.Union([Type.Literal('running'), Type.Literal('stopping')]),
    }),
  },
  { description: 'Which part is ready; 503 when any is not' },
);

/** Registers GET /health, /ready and /metrics. */
export async function opsRoutes(app: FastifyInstance, opts: OpsOptions) {
  collectProcessMetrics();
  app.get(
    '/health',
    {
      schema: {
        tags: ['ops'],
        description: 'Liveness: the process answers. No database or bus is asked.',
        security: [],
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['ops'],
        description:
          `Readiness: the database answers SELECT 1 and, with NATS, the bus answers a ping, each ` +
          `within ${READY_TIMEOUT_MS} ms; 503 from the moment the process starts shutting down.`,
        security: [],
        response: { 200: ReadySchema, 503: ReadySchema },
      },
    },
    async (_req, reply) => {
      const [database, bus] = await Promise.all([
        check(() => opts.db.execute(sql`SELECT 1`)),
        opts.bus?.kind === 'nats' ? check(() => opts.bus!.flush()) : Promise.resolve<CheckResult>('off'),
      ]);
      const process = opts.state.stopping ? 'stopping' : 'running';
      const ready = database === 'ok' && (bus === 'ok' || bus === 'off') && process === 'running';
      return reply
        .code(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'not ready', checks: { database, bus, process } });
    },
  );

  const wanted = opts.metricsToken
    ? createHash('sha256').update(`Bearer ${opts.metricsToken}`).digest()
    : null;
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['ops'],
        description:
          'Prometheus metrics of this process (text exposition format). With METRICS_TOKEN set, ' +
          'send `Authorization: Bearer <token>`; without it, only loopback clients may read them.',
        security: [],
        response: {
          200: {
            description: 'Metrics',
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
          401: {
            description:
              'METRICS_TOKEN is set and the request did not send it, or it is unset and the client is not on loopback',
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
        },
      },
    },
    async (req, reply) => {
      if (wanted) {
        const got = createHash('sha256')
          .update(req.headers.authorization ?? '')
          .digest();
        if (!timingSafeEqual(got, wanted)) return reply.code(401).type('text/plain').send('unauthorized');
      } else if (!isLoopbackAddress(req.socket.remoteAddress)) {
        // The socket's peer, not req.ip: a proxy's X-Forwarded-For must not make a client local.
        return reply.code(401).type('text/plain').send('unauthorized');
      }
      const text = await (opts.metrics ?? (() => metricsRegistry.metrics()))();
      return reply.type(metricsRegistry.contentType).send(text);
    },
  );
}
