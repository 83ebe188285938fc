import { SW_URL } from './constants';

/**
 * Registers the service worker (src/pwa/sw.ts) in production builds only: the dev server has no
 * sw.js, and Vite's unhashed dev modules must never be cached. After the load event, so the
 * worker's precache does not compete with the first page's own downloads.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SW_URL, { scope: '/' }).catch((err: unknown) => {
      // No worker only means no offline start and no install; the app works as before.
      console.warn('service worker registration failed', err);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
