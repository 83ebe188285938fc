import { homeOf, type RoleSubject } from '../../config/roles';
import { abilityFor, hasAnyPermission } from './ability';
import { normalizePath, PUBLIC_ROUTES } from './publicRoutes';

// Where they are defined: the login page imports them without the guard's permission checks.
export { normalizePath, PUBLIC_ROUTES };

/** A route behind the login; `permissions` is any-of (one suffices), absent means any user. */
export interface GuardedRoute {
  permissions?: readonly string[];
}

export interface GuardInput {
  /** location.pathname */
  path: string;
  /** The logged-in user from memory or the saved session; null when nobody is logged in. */
  user: RoleSubject | null;
  /** `/login` plus the brand's own login path (e.g. `/bengps/login`). */
  loginPaths: readonly string[];
  /** Finds the protected route declared for a path; undefined when none is. */
  findRoute: (path: string) => GuardedRoute | undefined;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Logged in but with no home page (superAgent): show the "Unauthorized access" message. */
  | { kind: 'noPermission' };

const ALLOW: GuardDecision = { kind: 'allow' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

/** Where a logged-in user starts: their role's home page, or null when the role has none. */
function homeDecision(user: RoleSubject): GuardDecision {
  const home = homeOf(user.role);
  return home ? redirect(home) : { kind: 'noPermission' };
}

/** The route guard of spec section 2, as one pure decision per navigation. */
export function guardRoute({ path, user, loginPaths, findRoute }: GuardInput): GuardDecision {
  const p = normalizePath(path);
  if (p === PUBLIC_ROUTES.loginByCert || p === PUBLIC_ROUTES.notFound) return ALLOW;
  if (p === PUBLIC_ROUTES.root) return redirect(PUBLIC_ROUTES.redirect);
  if (p === PUBLIC_ROUTES.redirect)
    return user ? homeDecision(user) : redirect(loginPaths[0] ?? PUBLIC_ROUTES.login);
  if (loginPaths.includes(p)) return user ? homeDecision(user) : ALLOW;
  if (p === PUBLIC_ROUTES.payResult || p === PUBLIC_ROUTES.sandboxPay || p === PUBLIC_ROUTES.test)
    return ALLOW;

  const route = findRoute(p);
  if (!route) return redirect(PUBLIC_ROUTES.notFound);
  if (!user) return redirect(loginPaths[0] ?? PUBLIC_ROUTES.login);
  if (route.permissions?.length && !hasAnyPermission(abilityFor(user), route.permissions)) {
    return redirect(PUBLIC_ROUTES.notFound);
  }
  return ALLOW;
}
