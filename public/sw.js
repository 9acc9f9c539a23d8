/*
 * Nightcap's service worker (docs/adr/0030-order-notifications.md, docs/adr/0037-installable-storefront.md). It
 * makes the storefront installable and says so clearly when there is no connection: a page that cannot be loaded
 * is answered with the offline page kept at install. It caches nothing else: pages, the cart, prices and order
 * statuses always come from the network, so nothing stale is ever shown as current. It also shows Web Push
 * notifications of an order's status changes and opens the order's tracking page when one is tapped. The push
 * payload is the server's JSON: { title, body, url, tag }.
 */
const OFFLINE_CACHE = "nightcap-offline-v1";
const OFFLINE_PAGE = "/offline.html";
const OFFLINE_FILES = [OFFLINE_PAGE, "/offline.css", "/offline.js", "/favicon.svg"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(OFFLINE_CACHE);
      await cache.addAll(OFFLINE_FILES);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== OFFLINE_CACHE) await caches.delete(name);
      // The page's request starts while the worker wakes up, so having a worker costs a navigation no time.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

/** The offline page's own files, from the cache first (they are needed exactly when the network is not there). */
function isOfflineFile(url) {
  return url.origin === self.location.origin && OFFLINE_FILES.includes(url.pathname);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (request.mode === "navigate") {
    event.respondWith(
      (async () => {
        try {
          return (await event.preloadResponse) ?? (await fetch(request));
        } catch {
          return (await caches.match(OFFLINE_PAGE)) ?? Response.error();
        }
      })(),
    );
    return;
  }
  if (isOfflineFile(url)) event.respondWith(caches.match(request).then((hit) => hit ?? fetch(request)));
  // Everything else goes to the network as if there were no worker.
});

/** A path on our own origin, or null: a tap never opens another site. */
function ownPath(url) {
  if (typeof url !== "string") return null;
  try {
    const resolved = new URL(url, self.location.origin);
    return resolved.origin === self.location.origin ? resolved.pathname + resolved.search : null;
  } catch {
    return null;
  }
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const url = ownPath(data.url) ?? "/tracking";
  event.waitUntil(
    self.registration.showNotification(data.title || "Nightcap", {
      body: data.body || "",
      icon: "/favicon.svg",
      tag: data.tag || undefined,
      renotify: Boolean(data.tag),
      data: { url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || "/tracking", self.location.origin).href;
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const client of open) {
        if (client.url === target && "focus" in client) return client.focus();
      }
      return self.clients.openWindow(target);
    })(),
  );
});
