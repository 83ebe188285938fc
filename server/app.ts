import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import websocket from '@fastify/websocket';
import type { ServerConfig } from './config';
import type { DbHandle, Db } from './db/client';
import authPlugin from './plugins/auth';
import docsPlugin from './plugins/docs';
import errorsPlugin from './plugins/errors';
import schemasPlugin from './plugins/schemas';
import { boundedKeywords } from './lib/schema/ajv';
import webPlugin from './plugins/web';
import authRoutes from './routes/auth';
import deviceCountRoutes from './routes/device-count';
import publicRoutes from './routes/public';
import userReadRoutes from './routes/user/read';
import userWriteRoutes from './routes/user/write';
import { LoginLimiter } from './services/login-limiter';
import type { EventBus } from './bus/types';
import expiryJobs from './jobs/expiry-plugin';
import { RealtimeHub } from './realtime/hub';
import { publishScopeChanges } from './realtime/scope-changes';
import { createMemoryBus } from './bus/memory';
import commandRoutes from './routes/command';
import payRoutes from './routes/pay';
import factoryRoutes from './routes/factory';
import deviceLocationRoutes from './routes/device/locations';
import deviceImportRoutes from './routes/device/import';
import deviceListRoutes from './routes/device/list';
import deviceBatchRoutes from './routes/device/batch';
import deviceInfoRoutes from './routes/device/info';
import agentDeviceRoutes from './routes/user/agent-devices';
import { setReadCacheTtl } from './lib/read-cache';
import wsRoutes from './routes/ws';
import mapRoutes from './routes/map/index';
import trackRoutes from './routes/track/index';
import statsRoutes from './routes/stats/index';
import tireRoutes from './routes/tire/index';
import fenceRoutes from './routes/fence/index';
import areaRoutes from './routes/areas/index';
import notifyRoutes from './routes/notify/index';
import notifyWorker from './notify/plugin';
import alarmRoutes from './routes/alarm/index';
import systemRoutes from './routes/system/index';
import apiKeyRoutes from './routes/apikey/index';
import publicApiV1Routes from './routes/v1/index';
import deviceMoreRoutes from './routes/device/more';
import probeRoutes from './routes/probe/index';
import tileRoutes from './routes/tiles/index';
import type { MapSources } from './services/map/csp';
import { cachedMapSources } from './services/map/csp-cache';
import { opsRoutes, type OpsState } from './ops/health';
import { echoRequestId, serverLogOptions } from './ops/logging';
import { watchRealtime } from './ops/metrics';

/** The raw request carries the CSP's map hosts from the onRequest hook to helmet's directives. */
type MapCspRequest = { mapSources?: MapSources };

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbHandle: DbHandle;
    config: ServerConfig;
    limiter: LoginLimiter;
    bus: EventBus;
  }
}

export interface BuildOptions {
  config: ServerConfig;
  handle: DbHandle;
  logger?: boolean;
  /** Where log lines go (default stdout); tests read them. */
  logStream?: NodeJS.WritableStream;
  /** The process's shutdown flag, which /ready reports; a fresh one when not given. */
  ops?: OpsState;
  /** Serve the built web app from config.staticDir (off in API tests). */
  web?: boolean;
  /** The cluster bus (commands, live events); an in-process one when not given. */
  bus?: EventBus;
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  setReadCacheTtl(opts.config.readCacheMs);
  const app = Fastify({
    ...serverLogOptions(opts.config.logLevel, !!opts.logger, opts.logStream),
    // Only the proxies named in TRUST_PROXY may state the client's address (X-Forwarded-For), scheme
    // and host; anyone else could choose their address and slip past every per-address limit.
    trustProxy: opts.config.trustProxy.length ? opts.config.trustProxy : false,
    bodyLimit: 20 * 1024 * 1024,
    ajv: {
      customOptions: { removeAdditional: true, coerceTypes: 'array', useDefaults: true },
      plugins: [boundedKeywords],
    },
  });
  // Response schemas document the answers (server/lib/schema/response.ts); they must not drop
  // fields, so answers are written as they are instead of by fast-json-stringify.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.decorate('db', opts.handle.db);
  app.decorate('dbHandle', { getter: () => opts.handle });
  app.decorate('config', opts.config);
  app.decorate('limiter', new LoginLimiter(opts.config.loginRate));
  const bus = opts.bus ?? createMemoryBus();
  app.decorate('bus', { getter: () => bus });

  echoRequestId(app);
  // The map hosts of the configured providers, for the CSP below (helmet's directive functions
  // are synchronous: the setting is read here first).
  app.addHook('onRequest', async (req) => {
    // Without the database (a probe while it is down) the policy allows no map host: fail closed.
    (req.raw as MapCspRequest).mapSources = await cachedMapSources(opts.handle.db).catch(() => undefined);
  });
  const hosts = (d: keyof MapSources) => (req: unknown) =>
    ((req as MapCspRequest).mapSources?.[d] ?? []).join(' ');
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Keyed map providers (mapKey setting): their scripts, tiles and calls.
        scriptSrc: ["'self'", hosts('script')],
        // antd writes its styles at run time (CSS-in-JS).
        styleSrc: ["'self'", "'unsafe-inline'", hosts('style')],
        imgSrc: ["'self'", 'data:', 'blob:', hosts('img')],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:', hosts('connect')],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(errorsPlugin);
  await app.register(schemasPlugin);
  await app.register(docsPlugin);
  await app.register(authPlugin);
  await app.register(opsRoutes, {
    db: opts.handle.db,
    bus,
    state: opts.ops ?? { stopping: false },
    metricsToken: opts.config.metricsToken,
  });
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    // 1001 "going away" (the plugin's default sends no code): browsers reconnect, to another node.
    preClose: async function (this: FastifyInstance) {
      for (const client of this.websocketServer.clients) client.close(1001, 'server shutting down');
    },
  });
  // The alarm notifier worker; at the root so `app.notify` (its provider) is reachable everywhere.
  await app.register(notifyWorker);
  // The daily expiry reminders go through the same alarm path (storeAlarms: notices, bus).
  await app.register(expiryJobs);
  await app.register(
    async (api) => {
      publishScopeChanges(api, bus);
      await api.register(publicRoutes);
      await api.register(authRoutes);
      await api.register(userReadRoutes);
      await api.register(userWriteRoutes);
      await api.register(deviceCountRoutes);
      await api.register(commandRoutes);
      await api.register(deviceLocationRoutes);
      await api.register(deviceImportRoutes);
      await api.register(mapRoutes);
      await api.register(deviceListRoutes);
      await api.register(deviceBatchRoutes);
      await api.register(deviceInfoRoutes);
      await api.register(agentDeviceRoutes);
      await api.register(trackRoutes);
      await api.register(statsRoutes);
      await api.register(tireRoutes);
      await api.register(fenceRoutes);
      await api.register(areaRoutes);
      await api.register(notifyRoutes);
      await api.register(alarmRoutes);
      await api.register(payRoutes);
      await api.register(factoryRoutes);
      await api.register(systemRoutes);
      await api.register(apiKeyRoutes);
      await api.register(deviceMoreRoutes);
      await api.register(probeRoutes);
      await api.register(tileRoutes);
      await api.register(publicApiV1Routes, { prefix: '/v1' });
      const hub = new RealtimeHub(opts.handle.db, bus);
      const unwatch = watchRealtime(hub);
      api.addHook('onClose', async () => {
        unwatch();
        hub.close();
      });
      await api.register(wsRoutes, { hub });
    },
    { prefix: '/api' },
  );
  if (opts.web) await app.register(webPlugin, { dir: opts.config.staticDir });
  return app;
}
