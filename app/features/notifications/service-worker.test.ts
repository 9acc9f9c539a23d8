import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";

/**
 * public/sw.js run as a browser runs a service worker (its global `self`), with the parts of the platform it uses
 * stood in: what a push shows, and where a tap goes.
 */
function loadWorker(
  openWindows: { url: string; focused: boolean }[] = [],
  network: (request: FakeRequest) => Promise<string> = async (r) => `network:${r.url}`,
) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const self = {
    location: { origin: "https://nightcap.example" },
    addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn),
    skipWaiting: () => Promise.resolve(),
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      },
    },
    clients: {
      claim: () => Promise.resolve(),
      matchAll: async () =>
        openWindows.map((w) => ({
          url: w.url,
          focus: async () => {
            w.focused = true;
          },
        })),
      openWindow: async (url: string) => {
        opened.push(url);
      },
    },
  };
  // The Cache Storage stand-in keeps URLs and answers the text "cached:<path>" for a kept one.
  const stores = new Map<string, Set<string>>();
  const caches = {
    open: async (name: string) => {
      const kept = stores.get(name) ?? new Set<string>();
      stores.set(name, kept);
      return {
        addAll: async (paths: string[]) => {
          for (const path of paths) kept.add(path);
        },
      };
    },
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    match: async (request: string | FakeRequest) => {
      const path = new URL(typeof request === "string" ? request : request.url, self.location.origin)
        .pathname;
      return [...stores.values()].some((kept) => kept.has(path)) ? `cached:${path}` : undefined;
    },
  };
  const Response = { error: () => "error" };
  runInNewContext(readFileSync(new URL("../../../public/sw.js", import.meta.url), "utf8"), {
    self,
    URL,
    caches,
    fetch: network,
    Response,
  });
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  };
  /** A fetch event: what the worker answered, or null when it let the browser go to the network itself. */
  const fetchEvent = async (request: FakeRequest): Promise<unknown> => {
    let answered: Promise<unknown> | null = null;
    listeners.get("fetch")?.({ request, respondWith: (p: Promise<unknown>) => (answered = p) });
    return answered === null ? null : await answered;
  };
  return { dispatch, fetchEvent, shown, opened, stores };
}

interface FakeRequest {
  url: string;
  method: string;
  mode: "navigate" | "cors" | "no-cors" | "same-origin";
}

const page = (path: string): FakeRequest => ({
  url: `https://nightcap.example${path}`,
  method: "GET",
  mode: "navigate",
});

const pushOf = (payload: unknown) => ({
  data: {
    json: () => JSON.parse(typeof payload === "string" ? payload : JSON.stringify(payload)),
    text: () => String(payload),
  },
});

describe("the service worker", () => {
  it("shows the order's notification, one per order (its tag), and a tap opens its tracking page", async () => {
    const sw = loadWorker();
    await sw.dispatch(
      "push",
      pushOf({
        title: "Order #1042 is on its way",
        body: "Have your ID ready.",
        url: "/tracking/o1",
        tag: "order-o1",
      }),
    );
    expect(sw.shown).toEqual([
      {
        title: "Order #1042 is on its way",
        options: {
          body: "Have your ID ready.",
          icon: "/favicon.svg",
          tag: "order-o1",
          renotify: true,
          data: { url: "/tracking/o1" },
        },
      },
    ]);
    let closed = false;
    await sw.dispatch("notificationclick", {
      notification: { data: sw.shown[0].options.data, close: () => (closed = true) },
    });
    expect(closed).toBe(true);
    expect(sw.opened).toEqual(["https://nightcap.example/tracking/o1"]);
  });

  it("focuses the tracking page when it is already open instead of opening another", async () => {
    const windows = [{ url: "https://nightcap.example/tracking/o1", focused: false }];
    const sw = loadWorker(windows);
    await sw.dispatch("notificationclick", {
      notification: { data: { url: "/tracking/o1" }, close: () => {} },
    });
    expect(windows[0].focused).toBe(true);
    expect(sw.opened).toEqual([]);
  });

  it("never opens another site: a url off our origin becomes the tracking list", async () => {
    const sw = loadWorker();
    await sw.dispatch("push", pushOf({ title: "Hi", body: "x", url: "https://evil.example/" }));
    expect(sw.shown[0].options.data).toEqual({ url: "/tracking" });
    await sw.dispatch("push", pushOf({ title: "Hi", body: "x", url: "//evil.example/" }));
    expect(sw.shown[1].options.data).toEqual({ url: "/tracking" });
  });
});

describe("the service worker offline", () => {
  it("keeps the offline page at install and drops the caches of older versions at activation", async () => {
    const sw = loadWorker();
    sw.stores.set("nightcap-offline-v0", new Set());
    await sw.dispatch("install", {});
    await sw.dispatch("activate", {});
    expect([...sw.stores.keys()]).toEqual(["nightcap-offline-v1"]);
    expect([...(sw.stores.get("nightcap-offline-v1") ?? [])]).toEqual([
      "/offline.html",
      "/offline.css",
      "/offline.js",
      "/favicon.svg",
    ]);
  });

  it("answers a page from the network while there is one, and the offline page when there is none", async () => {
    let online = true;
    const sw = loadWorker([], async (r) => {
      if (!online) throw new TypeError("Failed to fetch");
      return `network:${r.url}`;
    });
    await sw.dispatch("install", {});
    expect(await sw.fetchEvent(page("/checkout"))).toBe("network:https://nightcap.example/checkout");
    online = false;
    expect(await sw.fetchEvent(page("/checkout"))).toBe("cached:/offline.html");
    expect(await sw.fetchEvent(page("/tracking/o1"))).toBe("cached:/offline.html");
  });

  it("never answers the API, scripts or images itself: carts, prices and statuses are never served from a cache", async () => {
    const sw = loadWorker();
    await sw.dispatch("install", {});
    for (const url of ["/menu/cart/v2", "/order/status/o1", "/assets/entry.js", "/images/p.webp"])
      expect(
        await sw.fetchEvent({ url: `https://nightcap.example${url}`, method: "GET", mode: "cors" }),
      ).toBeNull();
    expect(
      await sw.fetchEvent({ url: "https://nightcap.example/order/v3", method: "POST", mode: "cors" }),
    ).toBeNull();
  });
});
