import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { LANGUAGE_STORAGE_KEY, resolveLanguage } from './domain/language';
import { initI18n } from './i18n';
import { loadPublicConfig } from './providers/publicConfig';
import { getSessionUser } from './providers/session';

/** Brand first (its language is the last resort), then the language, then the app. */
async function start() {
  const { brand } = await loadPublicConfig();
  document.title = brand.title;
  const lng = resolveLanguage({
    stored: localStorage.getItem(LANGUAGE_STORAGE_KEY),
    browser: navigator.languages ?? [navigator.language],
    role: getSessionUser()?.role,
    fallback: brand.language,
  });
  await initI18n(lng);
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
