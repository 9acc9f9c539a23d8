import {
  FLUSH_AT,
  MAX_BATCH,
  PRODUCTS_SEARCHED,
  TRACK_EVENTS,
  type TrackEventName,
} from "#domain/analytics/events.ts";
import { type AddressResult, DELIVERY_ADDRESS_SET_EVENT } from "#domain/geo/api.ts";
import { currentCsrfToken } from "./csrf.ts";

/**
 * The storefront's analytics (spec §7 `POST /e`; docs/adr/0036-analytics-and-banners.md): events and page views
 * wait in memory and leave as one batch by `navigator.sendBeacon` when the page is hidden (tab switched, closed,
 * navigated away) or when FLUSH_AT are waiting. A beacon is a text/plain POST: no preflight, no custom header;
 * the server reads it as JSON and checks its Origin. Nothing here ever throws into the page.
 *
 * Other parts of the storefront raise a DOM event instead of importing this: `nightcap:event` with
 * `{ name, ...properties }` (the checkout's 'Order Failed'), and delivery-address-set.
 */
export const ANALYTICS_DOM_EVENT = "nightcap:event";

type Props = Record<string, string | number | boolean>;
type Queued =
  | { type: "track"; event: TrackEventName; properties: Props; path: string; timestamp: number }
  | { type: "page"; path: string; properties: Props; timestamp: number };

const queue: Queued[] = [];
let pageViewId = "";

const here = () =>
  typeof location === "undefined" ? "/" : `${location.pathname}${location.search}`.slice(0, 500);

/** Flat, bounded properties: text, numbers, booleans (the server refuses the rest; better drop a value than the batch). */
function clean(input: Record<string, unknown> | undefined): Props {
  const out: Props = {};
  for (const [key, value] of Object.entries(input ?? {}).slice(0, 20)) {
    if (key.length === 0 || key.length > 40) continue;
    if (typeof value === "string") out[key] = value.slice(0, 200);
    else if ((typeof value === "number" && Number.isFinite(value)) || typeof value === "boolean")
      out[key] = value;
  }
  return out;
}

function enqueue(item: Queued) {
  queue.push(item);
  if (queue.length >= FLUSH_AT) flush();
}

/** Records a named event (spec §8's 'Order Failed', §4's delivery-address-set, sign-up…). */
export function track(event: TrackEventName, properties?: Record<string, unknown>): void {
  if (typeof window === "undefined") return;
  enqueue({ type: "track", event, properties: clean(properties), path: here(), timestamp: Date.now() });
}

/** Records a page view and starts a new page view id (banners count one impression per page view). */
export function pageView(): void {
  if (typeof window === "undefined") return;
  pageViewId = newId();
  enqueue({ type: "page", path: here(), properties: {}, timestamp: Date.now() });
}

/** The current page view's id (made by pageView). */
export function currentPageView(): string {
  if (!pageViewId) pageViewId = newId();
  return pageViewId;
}

/** Sends what waits, in batches the server takes. */
export function flush(): void {
  while (queue.length > 0) {
    const body = JSON.stringify({ events: queue.splice(0, MAX_BATCH) });
    try {
      if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon("/e", body)) continue;
      const token = currentCsrfToken();
      void fetch("/e", {
        method: "POST",
        body,
        keepalive: true,
        credentials: "same-origin",
        headers: { "content-type": "text/plain", ...(token ? { "x-csrf-token": token } : {}) },
      }).catch(() => {});
    } catch {
      // Analytics never breaks the page.
    }
  }
}

/** For tests: what waits to be sent. */
export const pendingEvents = (): readonly Queued[] => queue;

const KNOWN = new Set<string>(TRACK_EVENTS);

/** Listens for page hides and the storefront's DOM events; answers the function that stops listening. */
export function installAnalytics(): () => void {
  const onVisibility = () => {
    if (document.visibilityState === "hidden") flush();
  };
  const onDomEvent = (e: Event) => {
    const { name, ...rest } = ((e as CustomEvent).detail ?? {}) as { name?: unknown } & Record<
      string,
      unknown
    >;
    if (typeof name === "string" && KNOWN.has(name)) track(name as TrackEventName, rest);
  };
  const onAddress = (e: Event) => {
    const detail = ((e as CustomEvent).detail ?? {}) as Partial<AddressResult>;
    track(DELIVERY_ADDRESS_SET_EVENT, {
      store_id: detail.vendor?.store_id ?? null,
      storeChanged: detail.hasStoreIdChanged ?? null,
    });
  };
  document.addEventListener("visibilitychange", onVisibility);
  window.addEventListener("pagehide", flush);
  window.addEventListener(ANALYTICS_DOM_EVENT, onDomEvent);
  window.addEventListener(DELIVERY_ADDRESS_SET_EVENT, onAddress);
  return () => {
    document.removeEventListener("visibilitychange", onVisibility);
    window.removeEventListener("pagehide", flush);
    window.removeEventListener(ANALYTICS_DOM_EVENT, onDomEvent);
    window.removeEventListener(DELIVERY_ADDRESS_SET_EVENT, onAddress);
  };
}

/** A search's outcome: the console lists the ones that found nothing. */
export function trackSearch(query: string, results: number, filtered: boolean): void {
  track(PRODUCTS_SEARCHED, { query, results, filtered });
}

function newId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
