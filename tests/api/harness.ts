import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import type { DbHandle } from '../../server/db/client';
import { users } from '../../server/db/schema/users';
import { seedDemo } from '../../server/db/seed/index';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';

/**
 * A real server over a real database (openTestDatabase: in-memory PGlite, or a throwaway
 * PostgreSQL database when DATABASE_URL is set). Requests go through `inject`.
 */
export interface Harness {
  app: FastifyInstance;
  handle: DbHandle;
  config: ServerConfig;
  post(url: string, body?: unknown, token?: string): Promise<ApiResponse>;
  get(url: string, token?: string): Promise<ApiResponse>;
  login(username: string, password?: string): Promise<string>;
  idOf(username: string): Promise<number>;
  close(): Promise<void>;
}

export interface ApiResponse {
  status: number;
  meta: { success: boolean; code: number; message: string; key?: string };
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

// One database per test file; every harness of the file shares it. The first harness that
// wants the demo gets it from the seeded template; later ones seed it again.
let shared: TestDatabase | null = null;
let freshSeed = false;

async function database(seed: boolean): Promise<DbHandle> {
  if (!shared) {
    shared = await openTestDatabase({ seed });
    freshSeed = seed;
  }
  return shared.handle;
}

export async function startHarness(
  overrides: Partial<ServerConfig> = {},
  opts: { seed?: boolean } = {},
): Promise<Harness> {
  // The API tests run as the demo does: renewals paid in the payment sandbox (an explicit opt-in).
  process.env.PAYMENT_SANDBOX ??= '1';
  const seed = opts.seed !== false;
  const handle = await database(seed);
  if (seed && !freshSeed) await seedDemo(handle, { reset: true });
  freshSeed = false;
  // OSM_TILE_URL off: no test may fetch from tile.openstreetmap.org (tests/api/tiles.test.ts
  // points the proxy at a local test tile server).
  const base = loadConfig({ ...process.env, LOGIN_RATE_PER_IP: '100000', LOGIN_FAILURES_PER_USER: '100000', NAME_LOOKUPS_PER_HOUR: '100000', OSM_TILE_URL: 'off' });
  // Tests change rows directly and expect the next request to see it: no shared reads unless asked.
  // Nor background expiry reminders: they would add alarms mid-test; tests/api/expiry*.test.ts
  // drive the job with their own clock.
  const config: ServerConfig = { ...base, readCacheMs: 0, expiryReminderIntervalMs: 0, ...overrides };
  const app = await buildApp({ config, handle });
  await app.ready();

  const send = async (
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    token?: string,
  ): Promise<ApiResponse> => {
    const res = await app.inject({
      method,
      url,
      payload: method === 'POST' ? ((body ?? {}) as object) : undefined,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const json = res.json();
    return { status: res.statusCode, meta: json.meta, data: json.data };
  };
  const tokens = new Map<string, string>();
  return {
    app,
    handle,
    config,
    post: (url, body, token) => send('POST', url, body, token),
    get: (url, token) => send('GET', url, undefined, token),
    async login(username, password = '123456') {
      const cached = tokens.get(username + password);
      if (cached) return cached;
      const r = await send('POST', '/api/login', { username, password });
      if (r.meta.code !== 200) throw new Error(`login ${username}: ${r.meta.code} ${r.meta.message}`);
      tokens.set(username + password, r.data.token);
      return r.data.token as string;
    },
    async idOf(username) {
      const [row] = await handle.db.select({ id: users.id }).from(users).where(eq(users.username, username));
      if (!row) throw new Error(`no user ${username}`);
      return row.id;
    },
    close: () => app.close(),
  };
}

/** Closes (and on PostgreSQL drops) the file's database; call it from the file's afterAll. */
export async function closeDatabase() {
  await shared?.dispose();
  shared = null;
}
