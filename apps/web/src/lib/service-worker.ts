/**
 * Registers the service worker (public/sw.js) that lets the app open with no network. Production
 * builds only: under the dev server its caches would serve stale modules, and tests have no worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        // The chunks this first visit loaded came before the worker could see them: it keeps them now.
        const urls = performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => path.startsWith('/assets/'));
        registration.active?.postMessage({ type: 'keep-assets', urls });
      })
      .catch(() => {
        // Without a worker the app still works online; only opening it offline is lost.
      });
  });
}
