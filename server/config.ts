import { hostname } from 'node:os';
import path from 'node:path';
import { loadNotifyConfig, type NotifyConfig } from './notify/config';
import { TEXT_FAMILY_PORTS, type TextFamily } from './gateway/port-settings';

/** Server settings from the environment. Every variable is listed in the README. */
/** What a process runs (NODE_ROLE): everything, the HTTP side only, or the tracker side only. */
export const NODE_ROLES = ['all', 'api', 'gateway'] as const;
export type NodeRole = (typeof NODE_ROLES)[number];

export interface ServerConfig {
  /**
   * all: API, websocket, web app and tracker ports. api: no tracker ports. gateway: tracker
   * ports, position writer and alarm engine, and only /health, /ready, /metrics on `opsPort`.
   */
  role: NodeRole;
  port: number;
  /** A gateway node's HTTP port for /health, /ready and /metrics (OPS_PORT; default PORT). */
  opsPort: number;
  /** When set, /metrics wants `Authorization: Bearer <token>`; unset, it is public. */
  metricsToken: string | null;
  /** Hard deadline of a graceful shutdown (SHUTDOWN_TIMEOUT seconds): past it the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Monthly position partitions entirely older than this many months are dropped; 0 keeps all. */
  positionRetentionMonths: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  natsUrl?: string;
  brand: string;
  /** 'merged' answers 209 for unknown user and wrong password alike; 'distinct' answers 201/202. */
  loginCodes: 'merged' | 'distinct';
  sessionTtlSeconds: number;
  adminPassword?: string;
  defaultPassword: string;
  simulator: boolean;
  logLevel: string;
  loginRate: {
    perIpPerMinute: number;
    /** Failed logins of one account from one address, and failed password checks of one account. */
    failuresPerUsername: number;
    usernameWindowSeconds: number;
    /** User name existence answers (findUsername, "name taken") per caller and hour. */
    nameLookupsPerHour: number;
  };
  /**
   * The reverse proxies whose X-Forwarded-For/-Proto/-Host are believed (TRUST_PROXY: addresses
   * or CIDRs, comma-separated). Empty: none, the client address is the socket's.
   */
  trustProxy: string[];
  staticDir: string;
  /** How long session and scope reads are shared between requests (server/lib/read-cache.ts). */
  readCacheMs: number;
  gateway: {
    gt06Port: number;
    jt808Port: number;
    /** Teltonika (Codec 8 / 8 Extended) trackers. */
    teltonikaPort: number;
    /** The OsmAnd HTTP listener of phone apps (Traccar Client, OsmAnd; server/gateway/osmand). */
    osmandPort: number;
    /** H02, TK103 and Meitrack text trackers (server/gateway/port-settings.ts). */
    textPorts: Record<TextFamily, number>;
    /**
     * A second listen port per protocol (0: none), e.g. the target of an IP transfer tried on one
     * machine (docs/factory/ip-transfer.md).
     */
    gt06Port2: number;
    jt808Port2: number;
    idleTimeoutSeconds: number;
    identifyTimeoutSeconds: number;
    maxPerAddress: number;
    maxConnections: number;
    claimSilenceSeconds: number;
    commandTimeoutSeconds: number;
    jt808AcceptAnyAuth: boolean;
  };
  frameLogDays: number;
  offlineCommandTtlHours: number;
  /** Command batches (multipleCmd): pacing of this node, shared by every batch it runs. */
  commandBatch: { ratePerSecond: number; concurrency: number };
  /**
   * This node's name in the cluster, stored with the batches it runs so that, restarted, it
   * marks its own unfinished ones interrupted. Stable across restarts: host and HTTP port.
   */
  nodeId: string;
  simulatorDevices: number;
  /** Alarm notifiers: SMS/phone provider and the outbox worker (server/notify/config.ts). */
  notify: NotifyConfig;
  /** Between two runs of the expiry reminders (docs/expiry.md); 0: none on this node. */
  expiryReminderIntervalMs: number;
  /** The address buyers and payment providers reach (return and notify URLs); default: the request's. */
  publicUrl: string | null;
  /** Where NB-IoT platform subscriptions go (server/services/nb): 'sandbox' unless NB_PROVIDER says. */
  nbProvider: string;
  /** Firmware images for OTA (docs/factory/ota.md); default <dataDir>/firmware. */
  firmwareDir: string;
  /** Device pictures (issue 16); default <dataDir>/pictures. */
  pictureDir: string;
  /** OTA engine: between two passes over unfinished devices, and when a silent device fails. */
  ota: { tickMs: number; stallSeconds: number };
  /**
   * The public API (/api/v1, docs/api/public-api.md): requests per window of a key (or session)
   * without a rate of its own, and the window (one minute; tests shorten it). Counted per node.
   */
  apiRate: { perWindow: number; windowMs: number };
  /** Position webhooks of this node: on/off (POSITION_WEBHOOKS=0), flush interval, batch size. */
  positionWebhooks: { enabled: boolean; flushMs: number; batchMax: number };
  /** Street basemaps without a map key (docs/maps.md, "Streets without a key"). */
  tiles: {
    /** Upstream raster template behind /api/tiles/osm (OSM_TILE_URL; `off`: none). */
    osmUrl: string | null;
    /** A local .pmtiles archive served as vector tiles (PMTILES_FILE); it wins over OSM. */
    pmtilesFile: string | null;
    /** Bytes of upstream tiles kept in memory (OSM_TILE_CACHE_MB). */
    osmCacheBytes: number;
  };
}

/** OpenStreetMap's own tile server; its policy asks for a User-Agent naming the app (sent by the proxy). */
export const OSM_DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const osmUrlOf = (v: string | undefined) => (v?.trim() === 'off' ? null : v?.trim() || OSM_DEFAULT_TILE_URL);

const listOf = (v: string | undefined) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);

const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const role = NODE_ROLES.find((r) => r === (env.NODE_ROLE || 'all'));
  // A mistyped role must not quietly start a node that does everything.
  if (!role) throw new Error(`NODE_ROLE must be one of ${NODE_ROLES.join(', ')}, not "${env.NODE_ROLE}"`);
  return {
    role,
    port: int(env.PORT, 8080),
    opsPort: int(env.OPS_PORT, int(env.PORT, 8080)),
    metricsToken: env.METRICS_TOKEN || null,
    shutdownTimeoutMs: int(env.SHUTDOWN_TIMEOUT, 25) * 1000,
    positionRetentionMonths: int(env.POSITION_RETENTION_MONTHS, 6),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    natsUrl: env.NATS_URL || undefined,
    brand: env.BRAND ?? 'default',
    loginCodes: env.LOGIN_CODES === 'distinct' ? 'distinct' : 'merged',
    sessionTtlSeconds: int(env.SESSION_TTL_SECONDS, 7 * 24 * 3600),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    defaultPassword: env.DEFAULT_DEVICE_PASSWORD ?? '123456',
    simulator: env.SIMULATOR !== '0',
    logLevel: env.LOG_LEVEL ?? 'warn',
    loginRate: {
      perIpPerMinute: int(env.LOGIN_RATE_PER_IP, 30),
      failuresPerUsername: int(env.LOGIN_FAILURES_PER_USER, 10),
      usernameWindowSeconds: int(env.LOGIN_FAILURE_WINDOW, 15 * 60),
      nameLookupsPerHour: Math.max(1, int(env.NAME_LOOKUPS_PER_HOUR, 100)),
    },
    trustProxy: listOf(env.TRUST_PROXY),
    staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
    gateway: {
      gt06Port: int(env.GT06_PORT, 5023),
      jt808Port: int(env.JT808_PORT, 5015),
      teltonikaPort: int(env.TELTONIKA_PORT, 5027),
      osmandPort: int(env.OSMAND_PORT, 5055),
      textPorts: Object.fromEntries(
        Object.entries(TEXT_FAMILY_PORTS).map(([family, p]) => [family, int(env[p.env], p.default)]),
      ) as Record<TextFamily, number>,
      gt06Port2: int(env.GT06_PORT_2, 0),
      jt808Port2: int(env.JT808_PORT_2, 0),
      idleTimeoutSeconds: int(env.DEVICE_IDLE_TIMEOUT, 300),
      identifyTimeoutSeconds: int(env.GATEWAY_IDENTIFY_TIMEOUT, 30),
      maxPerAddress: int(env.GATEWAY_MAX_PER_ADDRESS, 1000),
      maxConnections: int(env.GATEWAY_MAX_CONNECTIONS, 100_000),
      claimSilenceSeconds: int(env.GATEWAY_CLAIM_SILENCE, 120),
      commandTimeoutSeconds: int(env.COMMAND_TIMEOUT, 30),
      jt808AcceptAnyAuth: env.JT808_ACCEPT_ANY_AUTH === '1',
    },
    frameLogDays: int(env.FRAME_LOG_DAYS, 7),
    offlineCommandTtlHours: int(env.OFFLINE_COMMAND_TTL_HOURS, 72),
    commandBatch: {
      ratePerSecond: Math.max(1, int(env.COMMAND_BATCH_RATE, 200)),
      concurrency: Math.max(1, int(env.COMMAND_BATCH_CONCURRENCY, 500)),
    },
    nodeId: (env.NODE_ID || `${hostname()}:${int(env.PORT, 8080)}`).slice(0, 64),
    simulatorDevices: int(env.SIMULATOR_DEVICES, 60),
    readCacheMs: int(env.READ_CACHE_MS, 2000),
    notify: loadNotifyConfig(env),
    expiryReminderIntervalMs: int(env.EXPIRY_REMINDER_INTERVAL_MS, 86_400_000),
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') || null,
    nbProvider: env.NB_PROVIDER?.trim() || 'sandbox',
    firmwareDir: path.resolve(env.FIRMWARE_DIR ?? path.join(env.DATA_DIR ?? 'data', 'firmware')),
    pictureDir: path.resolve(env.PICTURE_DIR ?? path.join(env.DATA_DIR ?? 'data', 'pictures')),
    ota: { tickMs: int(env.OTA_TICK_MS, 5000), stallSeconds: int(env.OTA_STALL_SECONDS, 600) },
    apiRate: {
      perWindow: Math.max(1, int(env.API_RATE_PER_MINUTE, 120)),
      windowMs: Math.max(1000, int(env.API_RATE_WINDOW_MS, 60_000)),
    },
    positionWebhooks: {
      enabled: env.POSITION_WEBHOOKS !== '0',
      flushMs: Math.max(100, int(env.POSITION_WEBHOOK_FLUSH_MS, 2000)),
      batchMax: Math.max(1, int(env.POSITION_WEBHOOK_BATCH, 500)),
    },
    tiles: {
      osmUrl: osmUrlOf(env.OSM_TILE_URL),
      pmtilesFile: env.PMTILES_FILE?.trim() ? path.resolve(env.PMTILES_FILE.trim()) : null,
      osmCacheBytes: int(env.OSM_TILE_CACHE_MB, 64) * 1024 * 1024,
    },
  };
}
