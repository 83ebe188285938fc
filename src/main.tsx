import '@ant-design/v5-patch-for-react-19';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n } from './i18n';
import { preferredLanguage } from './i18n/preferred';
import { loadPublicConfig } from './providers/publicConfig';
import { getSessionUser } from './providers/session';
import { loadShell } from './shell/load';

/** Brand first (its language is the last resort), then the language, then the app. */
async function start() {
  const { brand } = await loadPublicConfig();
  document.title = brand.title;
  const user = getSessionUser();
  const lng = preferredLanguage(user?.role);
  // Signed in: the signed-in app's code and texts load alongside the language, not after it.
  if (user) void loadShell(lng).catch(() => undefined);
  await initI18n(lng);
  const root = createRoot(document.getElementById('root') as HTMLElement);
  // A transition renders in slices that yield to the browser: mounting the shell (antd's
  // styles are generated on first use) took one 300-500 ms task when rendered in one go.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  void import('./pwa/register').then((m) => m.registerServiceWorker()); // PWA (docs/mobile.md)
}

void start();
