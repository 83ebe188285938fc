import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { RouteGuard } from './components/RouteGuard';
import { TextGroupsGate } from './components/TextGroupsGate';
import { MainLayout } from './components/layout/MainLayout';
import { PUBLIC_ROUTES } from './domain/routeGuard';
import { LoginPage } from './pages/login/LoginPage';
import { loginPaths } from './providers/publicConfig';
import { RESOURCES, type ResourceDescriptor } from './resources';

// Where payment providers send the buyer back, and the sandbox provider's own checkout.
const PayResultPage = lazy(() => import('./pages/pay/PayResultPage'));
const SandboxPayPage = lazy(() => import('./pages/pay/SandboxPayPage'));
const ProbePage = lazy(() => import('./pages/probe/ProbePage'));
// antd's Result brings its three pictures (about 9 KB gzip): loaded when one of these is shown.
const ComingSoonPage = lazy(() => import('./pages/ComingSoonPage').then((m) => ({ default: m.ComingSoonPage })));
const LoginByCertPage = lazy(() => import('./pages/LoginByCertPage').then((m) => ({ default: m.LoginByCertPage })));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

/** Public pages have no layout (and no Suspense of its own) around them. */
const Lazy = ({ children }: { children: ReactNode }) => <Suspense fallback={null}>{children}</Suspense>;

const screens = RESOURCES.filter((r): r is ResourceDescriptor & { path: string } => Boolean(r.path));

function Screen({ resource }: { resource: ResourceDescriptor }) {
  const Page = resource.page;
  return Page ? <Page /> : <ComingSoonPage labelKey={resource.labelKey} />;
}

/**
 * Every route of spec section 2. The guard wraps them all: `/`, `/redirect` and unknown paths
 * never render, they are redirected (see src/domain/routeGuard.ts).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RouteGuard />}>
        {loginPaths().map((path) => (
          <Route key={path} path={path} element={<LoginPage />} />
        ))}
        <Route
          path={PUBLIC_ROUTES.loginByCert}
          element={
            <Lazy>
              <LoginByCertPage />
            </Lazy>
          }
        />
        <Route
          path={PUBLIC_ROUTES.notFound}
          element={
            <Lazy>
              <NotFoundPage />
            </Lazy>
          }
        />
        <Route
          path={PUBLIC_ROUTES.payResult}
          element={
            <Lazy>
              <PayResultPage />
            </Lazy>
          }
        />
        <Route
          path={PUBLIC_ROUTES.sandboxPay}
          element={
            <Lazy>
              <SandboxPayPage />
            </Lazy>
          }
        />
        {/* /_test is the probe page. */}
        <Route
          path={PUBLIC_ROUTES.test}
          element={
            <Lazy>
              {/* Outside the layout, so its device texts are waited for here. */}
              <TextGroupsGate groups={['screens']} />
              <ProbePage />
            </Lazy>
          }
        />
        <Route element={<MainLayout />}>
          {screens.map((r) => (
            <Route key={r.path} path={r.path} element={<Screen resource={r} />} />
          ))}
        </Route>
        <Route path="*" element={null} />
      </Route>
    </Routes>
  );
}
