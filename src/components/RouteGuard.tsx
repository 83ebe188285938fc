import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { guardRoute } from '../domain/routeGuard';
import { useSessionUser } from '../hooks/useSession';
import { loginPaths } from '../providers/publicConfig';
import { resourceAtPath } from '../resources';

// antd's Result and its pictures load only when the page is shown (page weight, issue 18).
const NoPermissionPage = lazy(() => import('../pages/NoPermissionPage').then((m) => ({ default: m.NoPermissionPage })));

/**
 * Applies the route guard (src/domain/routeGuard.ts) on every navigation and whenever the
 * session changes, so an expired session lands on the login page by itself.
 */
export function RouteGuard() {
  const { pathname } = useLocation();
  const user = useSessionUser();
  const decision = guardRoute({ path: pathname, user, loginPaths: loginPaths(), findRoute: resourceAtPath });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'noPermission')
    return (
      <Suspense fallback={null}>
        <NoPermissionPage />
      </Suspense>
    );
  return <Outlet />;
}
