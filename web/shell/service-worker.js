// The portal's offline copy: a service worker (served at /service-worker.js,
// so that it covers the whole site) that keeps every page, script, style and
// the browser's engine in a cache named after the portal's version. With it
// the portal opens at once, and with no network at all the games against the
// computer and two people on one screen go on in the browser (their rules and
// engines are the WebAssembly engine). The server puts two lines above this
// file: `self.TABULA_VERSION` (a hash of everything below) and
// `self.TABULA_FILES` (the addresses to keep).
//
// Pages are asked of the network first (a new version shows at once) and
// taken from the cache when it does not answer; files under /static/ come
// from the cache first (the cache's name changes with any of them). Of the
// API only the list of games is kept (the play page needs it); nothing that
// concerns a match is ever cached.
//
// Where the browser has static routes (InstallEvent.addRoutes), a page's
// files are taken from the cache by the browser itself, without starting
// this worker or passing each request through it, and a page and the list
// of games are asked of the network and of this worker at once (the first
// good answer wins: the network's while it answers, the kept copy without
// it), so that a visit is no slower for the copy being kept.

/* global self, caches */
const CACHE = `tabula-${self.TABULA_VERSION}`;
const FILES = self.TABULA_FILES || [];

/** The routes the browser takes by itself (see above); the fetch handler below does the same where it has none. */
const ROUTES = [
  { condition: { urlPattern: '/static/*', requestMethod: 'GET' }, source: { cacheName: CACHE } },
  { condition: { requestMode: 'navigate', requestMethod: 'GET' }, source: 'race-network-and-fetch-handler' },
  { condition: { urlPattern: '/api/games', requestMethod: 'GET' }, source: 'race-network-and-fetch-handler' },
];

self.addEventListener('install', (event) => {
  // A browser that refuses the routes (or has none) still has the fetch handler.
  const routed = typeof event.addRoutes === 'function' ? event.addRoutes(ROUTES).catch(() => {}) : null;
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(FILES.map((url) => new Request(url, { cache: 'reload' })));
    await routed;
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('tabula-') && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

/**
 * How long a page waits for the network before the kept copy is shown: a
 * network that neither answers nor fails (a captive portal, a dying link, a
 * server that stopped mid-answer) must not leave the page blank.
 */
const NETWORK_PATIENCE_MS = 4000;

/** `promise`, or a failure if it has not settled within `ms` milliseconds (the timer is cleared either way). */
async function withinMs(promise, ms) {
  let timer;
  const silence = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('the network kept silent')), ms);
  });
  try {
    return await Promise.race([promise, silence]);
  } finally {
    clearTimeout(timer);
  }
}

/** The network's answer, kept in the cache; the cache's copy when the network fails or keeps silent. */
async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    // (A navigation's request cannot be copied with an abort signal, so a
    // silent network is left to finish on its own.)
    const response = await withinMs(fetch(request), NETWORK_PATIENCE_MS);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (err) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw err;
  }
}

/** The cache's copy, or the network's answer (then kept). */
async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // A page: the same page whatever its query (?match=…, ?replay=…).
    event.respondWith(networkFirst(request, url.pathname));
  } else if (url.pathname === '/api/games') {
    event.respondWith(networkFirst(request, url.pathname));
  } else if (url.pathname.startsWith('/static/')) {
    event.respondWith(cacheFirst(request));
  }
});
