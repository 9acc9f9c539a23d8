/*
 * Nightcap's service worker (docs/adr/0030-order-notifications.md): it only shows Web Push notifications of an
 * order's status changes and opens the order's tracking page when one is tapped. It caches nothing and handles no
 * fetches, so pages load exactly as without it. The payload is the server's JSON: { title, body, url, tag }.
 */
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

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
