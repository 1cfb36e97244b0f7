/* global self, caches */
// Service worker (SPEC §2: registered on the web; ARCHITECTURE.md: installable PWA).
// - It takes control at once (skipWaiting + clients.claim).
// - Navigations: network first; when the network is unreachable, the offline page.
// - The app shell: the offline page and its files are precached; the hashed build files (/assets/*)
//   are cached on first use and served from the cache after (they never change under a name).
// - Never cached, never intercepted: /api, /graphql (HTTP and websocket), /uploads (private documents
//   included), other origins, and anything but GET.
// - Web Push (alerts while walking, messages): every push shows a notification (a push that shows
//   nothing gets the subscription cancelled on iOS); a click opens the app at the alert's address.
const VERSION = 'v1';
const SHELL_CACHE = `flaneur-shell-${VERSION}`;
const ASSETS_CACHE = `flaneur-assets-${VERSION}`;
const OFFLINE_URL = '/offline.html';
const PRECACHE = [
  OFFLINE_URL,
  '/offline.js',
  '/logo.svg',
  '/favicon.svg',
  '/manifest.webmanifest',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
];
// Enough for a few builds' worth of chunks; older entries go first.
const MAX_ASSETS = 120;
const NEVER = ['/api/', '/graphql', '/uploads/'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('flaneur-') && key !== SHELL_CACHE && key !== ASSETS_CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (NEVER.some((prefix) => url.pathname.startsWith(prefix))) return;

  if (request.mode === 'navigate') {
    event.respondWith(networkFirstNavigation(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirstAsset(request));
  } else if (PRECACHE.includes(url.pathname)) {
    event.respondWith(staleWhileRevalidate(request));
  }
});

async function networkFirstNavigation(request) {
  try {
    return await fetch(request);
  } catch {
    const offline = await caches.match(OFFLINE_URL, { cacheName: SHELL_CACHE });
    return (
      offline ??
      new Response('Vous êtes hors ligne.', { status: 503, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
    );
  }
}

async function cacheFirstAsset(request) {
  const cache = await caches.open(ASSETS_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
    await trim(cache, MAX_ASSETS);
  }
  return response;
}

async function staleWhileRevalidate(request) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request, { ignoreSearch: true });
  const network = fetch(request)
    .then((response) => {
      if (response.ok && response.type === 'basic') void cache.put(request, response.clone());
      return response;
    })
    .catch(() => undefined);
  return cached ?? (await network) ?? Response.error();
}

async function trim(cache, max) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)));
}

/* Web Push ---------------------------------------------------------------------------------------- */

const NOTIFICATION_ICON = '/icons/icon-192.png';
// Android draws the badge in the status bar from its alpha channel only: a white silhouette.
const NOTIFICATION_BADGE = '/icons/badge-96.png';
const GENERIC_NOTIFICATION = { title: 'Flâneur', body: 'Nouvelle activité autour de vous', url: '/dashboard' };
// The page routes a clicked notification's address itself (no reload); see web/src/modules/notifications.
const NAVIGATE_MESSAGE = 'flaneur:notification-click';
// Apollo Server's CSRF rule for /graphql; /api accepts it too, so every POST from here sends it.
const PREFLIGHT_HEADERS = { 'content-type': 'application/json', 'apollo-require-preflight': 'true' };

self.addEventListener('push', (event) => {
  const { title, options } = notificationFor(readPayload(event.data));
  event.waitUntil(self.registration.showNotification(title, options));
});

/** The payload `{ type, title, body, url, count?, propertyIds? }`; null when absent or unreadable. */
function readPayload(data) {
  if (!data) return null;
  try {
    const payload = data.json();
    return payload && typeof payload === 'object' && !Array.isArray(payload) ? payload : null;
  } catch {
    return null;
  }
}

/** Title and options of the notification for a payload; a generic French one when it is unusable. */
function notificationFor(payload) {
  const text = (value, fallback) => (typeof value === 'string' && value.trim() ? value.trim() : fallback);
  const known = payload !== null && (typeof payload.title === 'string' || typeof payload.body === 'string');
  const type = known && typeof payload.type === 'string' ? payload.type : 'generic';
  const title = known ? text(payload.title, GENERIC_NOTIFICATION.title) : GENERIC_NOTIFICATION.title;
  const body = known ? text(payload.body, GENERIC_NOTIFICATION.body) : GENERIC_NOTIFICATION.body;
  const url = sameOriginPath(known ? payload.url : null) ?? GENERIC_NOTIFICATION.url;
  const tag = tagFor(type, url);
  return {
    title,
    options: {
      body,
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
      lang: 'fr',
      dir: 'ltr',
      tag,
      // A newer alert replaces the older one of its tag and rings again, except the test, which only replaces.
      renotify: type !== 'test',
      timestamp: Date.now(),
      data: {
        type,
        url,
        count: known && typeof payload.count === 'number' ? payload.count : undefined,
        propertyIds: known && Array.isArray(payload.propertyIds) ? payload.propertyIds : undefined,
      },
    },
  };
}

/** One notification per kind: all discoveries share one, each conversation has its own. */
function tagFor(type, url) {
  if (type === 'message') {
    const match = /^\/messages\/([^/?#]+)/.exec(url);
    return match ? `message-${match[1]}` : 'message';
  }
  if (type === 'discovery' || type === 'visit-request' || type === 'test') return type;
  return 'flaneur';
}

/** The path (with query and hash) of a same-origin address, else null: a push never opens another site. */
function sameOriginPath(value) {
  if (typeof value !== 'string' || !value) return null;
  try {
    const url = new URL(value, self.location.origin);
    return url.origin === self.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = sameOriginPath(event.notification.data?.url) ?? GENERIC_NOTIFICATION.url;
  event.waitUntil(openApp(path));
});

/**
 * Focuses an open window of the app and asks it to route to `path` (react-router, no reload); with
 * no window open, opens one at that address.
 */
async function openApp(path) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  const client = open.find((c) => c.focused) ?? open.find((c) => c.visibilityState === 'visible') ?? open[0];
  if (!client) {
    await self.clients.openWindow(path);
    return;
  }
  const focused = await client.focus().catch(() => client);
  (focused ?? client).postMessage({ type: NAVIGATE_MESSAGE, url: path });
}

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    renewSubscription(event.oldSubscription ?? null, event.newSubscription ?? null).catch((error) => {
      // Nothing to show: the next visit to Paramètres subscribes this device again.
      console.error('Renouvellement de l’abonnement aux notifications impossible', error);
    }),
  );
});

/** The browser replaced or dropped the subscription: subscribe again with the server's key and tell the server. */
async function renewSubscription(oldSubscription, newSubscription) {
  let subscription = newSubscription;
  if (!subscription) {
    const response = await fetch('/api/push/public-key', { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`public key: ${response.status}`);
    const { publicKey } = await response.json();
    subscription = await self.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(publicKey),
    });
  }
  const saved = await fetch('/api/push/subscriptions', {
    method: 'POST',
    credentials: 'same-origin',
    headers: PREFLIGHT_HEADERS,
    body: JSON.stringify(subscription.toJSON()),
  });
  if (!saved.ok) throw new Error(`subscription: ${saved.status}`);
  if (oldSubscription && oldSubscription.endpoint !== subscription.endpoint) {
    await fetch('/api/push/subscriptions', {
      method: 'DELETE',
      credentials: 'same-origin',
      headers: PREFLIGHT_HEADERS,
      body: JSON.stringify({ endpoint: oldSubscription.endpoint }),
    }).catch(() => undefined);
  }
}

function base64UrlToBytes(value) {
  const base64 = `${value}${'='.repeat((4 - (value.length % 4)) % 4)}`.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}
