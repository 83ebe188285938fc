import { PUBLIC_ROUTES, normalizePath } from '../domain/publicRoutes';

export type EntryDecision = { kind: 'login' } | { kind: 'redirect'; to: string } | { kind: 'shell' };

/**
 * What the page shows before the signed-in app is loaded: nobody logged in at a login path sees
 * the login page, and at `/` or `/redirect` is sent there; everything else is the signed-in app
 * (src/shell), whose route guard (src/domain/routeGuard.ts) decides the rest, redirects included.
 */
export function entryDecision(path: string, loggedIn: boolean, loginPaths: readonly string[]): EntryDecision {
  if (loggedIn) return { kind: 'shell' };
  const p = normalizePath(path);
  if (loginPaths.includes(p)) return { kind: 'login' };
  if (p === PUBLIC_ROUTES.root || p === PUBLIC_ROUTES.redirect) return { kind: 'redirect', to: loginPaths[0] ?? PUBLIC_ROUTES.login };
  return { kind: 'shell' };
}
