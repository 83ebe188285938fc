import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLE } from '../../config/roles';
import { abilityFor, hasAnyPermission, type AppAbility } from '../../src/domain/ability';
import type { UserRow } from '../db/schema/users';
import type { MessageKey } from '../../src/domain/messages';
import { AppError, demoForbidden, forbidden, sessionExpired } from '../lib/errors';
import { clearReadCaches, ReadCache } from '../lib/read-cache';
import { findSession, hashToken } from '../services/sessions';
import { demoAbility, loadDemoSetting } from '../services/system/demo-setting';

/**
 * Every /api route declares its access in `config.access`; a route without one fails at
 * start-up, so no route can be added unguarded by mistake.
 *   { public: true }                         no login needed
 *   { permission: 'authenticated' }          any logged-in account
 *   { permission: ['agent:add', ...] }       any one of these (admin's wildcard passes)
 *   write: true                              refused for the demo account and device logins
 *   demoKey: 'demoCommand'                   the key a write refused to demo answers (default demoForbidden)
 */
export type RouteAccess =
  | { public: true }
  | { permission: 'authenticated' | string | readonly string[]; write?: boolean; demoKey?: MessageKey };

export interface AuthContext {
  user: UserRow;
  ability: AppAbility;
  tokenHash: string;
  /** Set for a device login: the session sees only this device and its owner. */
  deviceId: number | null;
  /** The demo account (system setting demoAccount, default id 6): read-only, restricted areas. */
  demo: boolean;
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

/** The logged-in context of a guarded route (set by the guard). */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw sessionExpired();
  return req.auth;
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
    const token = bearerToken(req);
    if ('public' in access) {
      if (token) req.auth = await resolveAuth(app, token);
      return;
    }
    if (!token) throw sessionExpired();
    const auth = await resolveAuth(app, token);
    if (!auth) throw sessionExpired();
    req.auth = auth;
    const { permission } = access;
    if (permission !== 'authenticated') {
      const list = typeof permission === 'string' ? [permission] : permission;
      if (!hasAnyPermission(auth.ability, list)) throw forbidden();
    }
    if (access.write) {
      if (auth.demo) throw access.demoKey ? new AppError(403, access.demoKey) : demoForbidden();
      if (auth.deviceId != null) throw forbidden();
    }
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
  // A device login acts as an end user whatever the owner's role.
  const role = s.deviceId != null ? ROLE.user : s.user.role;
  const setting = await loadDemoSetting(app.db);
  const demo = s.user.id === setting.userId;
  return {
    user: s.user,
    ability: demo ? demoAbility(role, setting.areas) : abilityFor({ id: s.user.id, role }),
    tokenHash: s.tokenHash,
    deviceId: s.deviceId,
    demo,
  };
}
