import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";

/**
 * public/sw.js run as a browser runs a service worker (its global `self`), with the parts of the platform it uses
 * stood in: what a push shows, and where a tap goes.
 */
function loadWorker(openWindows: { url: string; focused: boolean }[] = []) {
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
  runInNewContext(readFileSync(new URL("../../../public/sw.js", import.meta.url), "utf8"), { self, URL });
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  };
  return { dispatch, shown, opened };
}

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
