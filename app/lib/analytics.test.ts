import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FLUSH_AT } from "#domain/analytics/events.ts";
import { ORDER_FAILED_EVENT } from "#domain/copy.ts";
import { DELIVERY_ADDRESS_SET_EVENT } from "#domain/geo/api.ts";
import { ANALYTICS_DOM_EVENT, flush, installAnalytics, pageView, pendingEvents, track } from "./analytics.ts";

/** A browser enough for the tracker: window and document as event targets, a location, sendBeacon recorded. */
function fakeBrowser() {
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), {
    visibilityState: "visible" as string,
    querySelector: () => null,
  });
  const beacons: { url: string; body: string }[] = [];
  vi.stubGlobal("window", win);
  vi.stubGlobal("document", doc);
  vi.stubGlobal("location", { pathname: "/checkout", search: "" });
  vi.stubGlobal("navigator", {
    sendBeacon: (url: string, body: string) => {
      beacons.push({ url, body });
      return true;
    },
  });
  const sent = () =>
    beacons.flatMap((b) => (JSON.parse(b.body) as { events: { event?: string; type: string }[] }).events);
  return { win, doc, beacons, sent };
}

describe("the storefront's analytics", () => {
  let browser: ReturnType<typeof fakeBrowser>;
  let uninstall: () => void;
  beforeEach(() => {
    browser = fakeBrowser();
    uninstall = installAnalytics();
  });
  afterEach(() => {
    flush();
    uninstall();
    vi.unstubAllGlobals();
  });

  it("keeps events in memory and sends them in one beacon when the page is hidden", () => {
    pageView();
    track("Product Viewed", { sku: "IA-1-750" });
    expect(browser.beacons).toEqual([]);
    expect(pendingEvents()).toHaveLength(2);
    browser.doc.visibilityState = "hidden";
    browser.doc.dispatchEvent(new Event("visibilitychange"));
    expect(browser.beacons).toHaveLength(1);
    expect(browser.beacons[0].url).toBe("/e");
    expect(JSON.parse(browser.beacons[0].body)).toEqual({
      events: [
        { type: "page", path: "/checkout", properties: {}, timestamp: expect.any(Number) },
        {
          type: "track",
          event: "Product Viewed",
          path: "/checkout",
          properties: { sku: "IA-1-750" },
          timestamp: expect.any(Number),
        },
      ],
    });
    expect(pendingEvents()).toHaveLength(0);
  });

  it("sends on pagehide, and at once when the batch is large", () => {
    for (let i = 0; i < FLUSH_AT - 1; i++) track("Product Viewed");
    expect(browser.beacons).toHaveLength(0);
    track("Product Viewed");
    expect(browser.beacons).toHaveLength(1);
    expect(browser.sent()).toHaveLength(FLUSH_AT);
    track("Product Added");
    browser.win.dispatchEvent(new Event("pagehide"));
    expect(browser.beacons).toHaveLength(2);
  });

  it("records the checkout's 'Order Failed' and the address's delivery-address-set from their DOM events", () => {
    browser.win.dispatchEvent(
      new CustomEvent(ANALYTICS_DOM_EVENT, {
        detail: { name: ORDER_FAILED_EVENT, error: "Your card was declined." },
      }),
    );
    browser.win.dispatchEvent(
      new CustomEvent(DELIVERY_ADDRESS_SET_EVENT, {
        detail: { vendor: { store_id: "d-manhattan" }, hasStoreIdChanged: true },
      }),
    );
    // A name the server would refuse is not sent at all (it would cost the whole batch).
    browser.win.dispatchEvent(new CustomEvent(ANALYTICS_DOM_EVENT, { detail: { name: "Bought A Boat" } }));
    flush();
    expect(browser.sent()).toEqual([
      expect.objectContaining({ event: "Order Failed", properties: { error: "Your card was declined." } }),
      expect.objectContaining({
        event: "delivery-address-set",
        properties: { store_id: "d-manhattan", storeChanged: true },
      }),
    ]);
  });

  it("sends only flat, bounded properties", () => {
    track("Product Viewed", {
      sku: "x".repeat(300),
      nested: { a: 1 },
      n: Number.NaN,
      ok: true,
      nothing: null,
    });
    flush();
    expect(browser.sent()[0]).toMatchObject({ properties: { sku: "x".repeat(200), ok: true } });
    expect(Object.keys((browser.sent()[0] as unknown as { properties: object }).properties)).toEqual([
      "sku",
      "ok",
    ]);
  });

  it("falls back to a keepalive fetch when the beacon is refused", () => {
    const fetches: [string, RequestInit][] = [];
    vi.stubGlobal("navigator", { sendBeacon: () => false });
    vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
      fetches.push([url, init]);
      return Promise.resolve(new Response("{}"));
    });
    track("Signed Up");
    flush();
    expect(fetches).toHaveLength(1);
    expect(fetches[0][0]).toBe("/e");
    expect(fetches[0][1]).toMatchObject({ method: "POST", keepalive: true });
  });
});
