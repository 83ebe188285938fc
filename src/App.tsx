import { ConfigProvider } from 'antd';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import '@refinedev/antd/dist/reset.css';
import type { Language } from './domain/constants';
import { useSessionUser } from './hooks/useSession';
import { antdLocaleOf } from './i18n';
import { LoginPage } from './pages/login/LoginPage';
import { brand, loginPaths } from './providers/publicConfig';
import { getSession } from './providers/session';
import { entryDecision } from './shell/entryRoute';
import { loadShell } from './shell/load';
import { prefersReducedMotion } from './lib/reducedMotion';

/** The forced change of a one-time password (after a reset), before anything else. */
const MustChangePasswordPage = lazy(() =>
  import('./pages/login/MustChangePasswordPage').then((m) => ({ default: m.MustChangePasswordPage })),
);

/** Everything behind the login page, loaded when first shown (src/shell). */
const AuthenticatedApp = lazy(() => loadShell());

/**
 * The login page is all the entry chunk renders itself; any other page is the signed-in app,
 * a lazy chunk with refine, the resources and the layout (page weight, issue 18).
 */
function Entry() {
  const { pathname } = useLocation();
  const user = useSessionUser();
  const decision = entryDecision(pathname, user !== null, loginPaths());
  if (decision.kind === 'login') return <LoginPage />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  // The server refuses this session every other call until the one-time password is replaced.
  if (user && getSession()?.mustChangePassword) {
    return (
      <Suspense fallback={null}>
        <MustChangePasswordPage />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={null}>
      <AuthenticatedApp />
    </Suspense>
  );
}

export function App() {
  const { i18n } = useTranslation();
  const b = brand();
  return (
    <BrowserRouter>
      <ConfigProvider
        locale={antdLocaleOf(i18n.language as Language)}
        theme={{ token: { colorPrimary: b.colors.primary, motion: !prefersReducedMotion() } }}
      >
        <Entry />
      </ConfigProvider>
    </BrowserRouter>
  );
}
