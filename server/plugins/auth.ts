import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLE } from '../../config/roles';
import { abilityFor, hasAnyPermission, writeRefusal, type AppAbility } from '../../src/domain/ability';
import type { UserRow } from '../db/schema/users';
import { AppError, forbidden, sessionExpired } from '../lib/errors';
import { clearReadCaches, ReadCache } from '../lib/read-cache';
import { findSession, hashToken } from '../services/sessions';
import { demoAbility, loadDemoSetting } from '../services/system/demo-setting';
import { isApiKeyToken } from '../../src/domain/api-keys';
import { findApiKey, type KeyAuth } from '../services/apikey/resolve';

/**
 * Every /api route declares its access in `config.access`; a route without one fails at
 * start-up, so no route can be added unguarded by mistake.
 *   { public: true }                         no login needed
 *   { permission: 'authenticated' }          any logged-in account
 *   { permission: ['agent:add', ...] }       any one of these (admin's wildcard passes)
 *   write: true                              refused for the demo account (always demoForbidden) and device logins
 *   passwordChange: true                     open to a session that must change its password first
 */
export type RouteAccess =
  | { public: true }
  | {
      permission: 'authenticated' | string | readonly string[];
      write?: boolean;
      passwordChange?: boolean;
    };

export interface AuthContext {
  user: UserRow;
  ability: AppAbility;
  tokenHash: string;
  /** Set for a device login: the session sees only this device and its owner. */
  deviceId: number | null;
  /** The demo account (system setting demoAccount, default id 6): read-only, restricted areas. */
  demo: boolean;
  /** Set when the request came with an API key (/api/v1 only): its scope and rate. */
  apiKey?: KeyAuth;
  /**
   * The session's password was drawn by the platform (an account reset, a device import or
   * reset): only routes marked passwordChange answer until it is changed.
   */
  mustChangePassword?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every /api route's access rule by `METHOD url` (the role x route tests read it). */
    routeAccess: Map<string, RouteAccess>;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (h?.startsWith('Bearer ')) return h.slice(7).trim() || null;
  return null;
}

/** The caller's credential: a bearer token, or an API key in `X-API-Key` (docs/api/public-api.md). */
export function credentialOf(req: FastifyRequest): string | null {
  const key = req.headers['x-api-key'];
  return bearerToken(req) ?? ((typeof key === 'string' && key.trim()) || null);
}

/** API keys reach the public API only; elsewhere a login is needed. */
const PUBLIC_API = '/api/v1/';

/** The logged-in context of a guarded route (set by the guard). */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw sessionExpired();
  return req.auth;
}

/**
 * Why a caller may not use a route whatever the request holds, or null. Decided before the
 * body is read, so a caller without the permission learns nothing of the request's shape.
 */
export function accessRefusal(
  access: Exclude<RouteAccess, { public: true }>,
  auth: Pick<AuthContext, 'ability' | 'demo' | 'deviceId' | 'apiKey' | 'mustChangePassword'>,
): AppError | null {
  // A password the platform drew (a reset, an import) opens only the routes that change it.
  if (auth.mustChangePassword && !access.passwordChange)
    return new AppError(403, auth.deviceId != null ? 'devicePasswordChangeRequired' : 'passwordChangeRequired');
  const { permission } = access;
  if (permission !== 'authenticated') {
    const list = typeof permission === 'string' ? [permission] : permission;
    if (!hasAnyPermission(auth.ability, list)) return forbidden();
  }
  if (access.write) {
    if (auth.apiKey?.scope === 'read') return new AppError(403, 'apiKeyReadOnly');
    // The ability's write rule, the one the UI disables write buttons by: the demo's refusal.
    const refused = writeRefusal(auth.ability);
    if (refused) return new AppError(403, refused);
    if (auth.deviceId != null) return forbidden();
  }
  return null;
}

export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.decorate('routeAccess', new Map<string, RouteAccess>());

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    if (!route.config?.access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    for (const method of [route.method].flat()) app.routeAccess.set(`${method} ${route.url}`, route.config.access);
  });

  // Before validation: a caller without the permission learns nothing of the request's shape.
  app.addHook('preValidation', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access) return;
    const token = credentialOf(req);
    const isKey = token != null && isApiKeyToken(token);
    if ('public' in access) {
      if (token && !isKey) req.auth = await resolveAuth(app, token);
      return;
    }
    if (!token) throw sessionExpired();
    if (isKey && !req.routeOptions.url?.startsWith(PUBLIC_API)) throw new AppError(403, 'apiKeyNotHere');
    const auth = isKey ? await keyAuth(app, token) : await resolveAuth(app, token);
    if (!auth) throw sessionExpired();
    req.auth = auth;
    const refusal = accessRefusal(access, auth);
    if (refusal) throw refusal;
  });

  // A write may change accounts, sessions or scopes: cached reads must not outlive it.
  app.addHook('onResponse', async (req) => {
    const access = req.routeOptions.config?.access;
    if (access && 'permission' in access && access.write) clearReadCaches();
  });
});

const authCache = new ReadCache<AuthContext | null>();

/** The context of a token (shared briefly between requests, see server/lib/read-cache.ts). */
export function resolveAuth(app: FastifyInstance, token: string): Promise<AuthContext | null> {
  return authCache.get(hashToken(token), () => loadAuth(app, token));
}

/** Forgets a token's cached context (logout). */
export function forgetAuth(tokenHash: string) {
  authCache.delete(tokenHash);
}

async function loadAuth(app: FastifyInstance, token: string): Promise<AuthContext | null> {
  const s = await findSession(app.db, token);
  if (!s) return null;
  const mustChangePassword = s.deviceId != null ? s.deviceMustChangePassword : s.user.mustChangePassword;
  return { ...(await contextOf(app, s.user, s.deviceId, s.tokenHash)), mustChangePassword };
}

/** The context a user acts in: its role's ability (restricted for the demo), its subtree. */
async function contextOf(
  app: FastifyInstance,
  user: UserRow,
  deviceId: number | null,
  tokenHash: string,
): Promise<AuthContext> {
  // A device login acts as an end user whatever the owner's role.
  const role = deviceId != null ? ROLE.user : user.role;
  const setting = await loadDemoSetting(app.db);
  const demo = user.id === setting.userId;
  return {
    user,
    ability: demo ? demoAbility(role, setting.areas) : abilityFor({ id: user.id, role, demo: false }),
    tokenHash,
    deviceId,
    demo,
  };
}

/** An API key acts as its owner, with the key's scope and rate; unknown or revoked: a 401 naming why. */
async function keyAuth(app: FastifyInstance, secret: string): Promise<AuthContext> {
  const { key, user, hash } = await findApiKey(app.db, secret);
  return { ...(await contextOf(app, user, null, `key:${hash}`)), apiKey: key };
}
