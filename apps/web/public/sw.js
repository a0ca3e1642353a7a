/**
 * FleetFuel's service worker: the app opens with no network (the station screen must survive a bad
 * one). It keeps the app shell: index.html, network first (a new release is picked up at once), and
 * the hashed files under /assets/, cache first (a name never changes content). API replies are
 * never kept, except the public coupon keys, answered from the cache while a fresh copy is fetched.
 * Served with `Cache-Control: no-cache`, so a new version of this file is found on the next visit.
 */
/* global self, caches -- a service worker's own globals */
const SHELL = 'fleetfuel-shell-v1';
const ASSETS = 'fleetfuel-assets-v1';
const API = 'fleetfuel-api-v1';
const CACHES = [SHELL, ASSETS, API];
const INDEX = '/';
const COUPON_KEYS = '/api/coupons/keys';
/** Files that keep their name from build to build; kept for offline use, refreshed when online. */
const STATIC_FILES = ['/favicon.svg', '/manifest.webmanifest', '/icon-192.png', '/icon-512.png', '/icon.svg'];

/** The /assets/ files an index.html loads (its entry script, styles and preloaded chunks). */
function assetsOf(html) {
  return [...new Set(Array.from(html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g), (match) => match[1]))];
}

/** Keeps a fresh index.html and the assets it names; assets no release uses any more are dropped. */
async function keepShell(response) {
  const html = await response.clone().text();
  const wanted = assetsOf(html);
  const shell = await caches.open(SHELL);
  const previous = await shell.match(INDEX);
  await shell.put(INDEX, response);
  const assets = await caches.open(ASSETS);
  await Promise.all(wanted.map(async (url) => (await assets.match(url)) ?? assets.add(url)));
  if (previous) {
    const before = assetsOf(await previous.text());
    const changed = before.length !== wanted.length || before.some((url) => !wanted.includes(url));
    if (changed) {
      // A new release: the old chunks go; the new lazy ones are kept as pages load them.
      for (const request of await assets.keys()) {
        if (!wanted.includes(new URL(request.url).pathname)) await assets.delete(request);
      }
    }
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const response = await fetch(INDEX, { cache: 'no-cache' });
      if (response.ok) await keepShell(response);
      await (await caches.open(SHELL)).addAll(STATIC_FILES).catch(() => undefined);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (!CACHES.includes(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** The page lists the chunks it loaded before this worker controlled it, so that they are kept too. */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type !== 'keep-assets' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url) => typeof url === 'string' && url.startsWith('/assets/'));
  event.waitUntil(caches.open(ASSETS).then((assets) => Promise.all(urls.map(async (url) => (await assets.match(url)) ?? assets.add(url)))));
});

async function networkFirstIndex(event) {
  try {
    const response = await fetch(event.request);
    if (response.ok && (response.headers.get('content-type') ?? '').includes('text/html')) {
      event.waitUntil(keepShell(response.clone()).catch(() => undefined));
    }
    return response;
  } catch (error) {
    const cached = await caches.match(INDEX, { cacheName: SHELL });
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirstAsset(request) {
  const assets = await caches.open(ASSETS);
  const cached = await assets.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await assets.put(request, response.clone());
  return response;
}

async function networkFirstStatic(request) {
  const shell = await caches.open(SHELL);
  try {
    const response = await fetch(request);
    if (response.ok) await shell.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await shell.match(request);
    if (cached) return cached;
    throw error;
  }
}

function staleWhileRevalidate(event) {
  const fresh = caches.open(API).then(async (api) => {
    const response = await fetch(event.request);
    if (response.ok) await api.put(COUPON_KEYS, response.clone());
    return response;
  });
  event.waitUntil(fresh.catch(() => undefined));
  return caches.match(COUPON_KEYS, { cacheName: API }).then((cached) => cached ?? fresh);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname === COUPON_KEYS) {
    event.respondWith(staleWhileRevalidate(event));
    return;
  }
  // Every other API call goes to the network as if no worker were here.
  if (url.pathname.startsWith('/api/')) return;
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirstAsset(request));
    return;
  }
  if (request.mode === 'navigate' || url.pathname === '/index.html') {
    event.respondWith(networkFirstIndex(event));
    return;
  }
  if (STATIC_FILES.includes(url.pathname)) event.respondWith(networkFirstStatic(request));
});
