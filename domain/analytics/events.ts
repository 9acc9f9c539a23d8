import { ORDER_FAILED_EVENT } from "../copy.ts";
import { DELIVERY_ADDRESS_SET_EVENT } from "../geo/api.ts";

/**
 * Analytics events (spec §7 `POST /e`, §8; issue 17; docs/adr/0036-analytics-and-banners.md): the names a client may
 * send. Page views are their own kind (`type: "page"`); every other event is a `track` with one of these names.
 */
export const PAGE_VIEWED = "Page Viewed";
export const PRODUCT_VIEWED = "Product Viewed";
export const PRODUCT_ADDED = "Product Added";
export const CHECKOUT_STARTED = "Checkout Started";
export const ORDER_COMPLETED = "Order Completed";
export const PRODUCTS_SEARCHED = "Products Searched";
export const SIGNED_UP = "Signed Up";
export const SIGN_UP_FAILED = "Sign Up Failed";
export const BANNER_CLICKED = "Banner Clicked";

export const TRACK_EVENTS = [
  PRODUCT_VIEWED,
  PRODUCT_ADDED,
  CHECKOUT_STARTED,
  ORDER_COMPLETED,
  ORDER_FAILED_EVENT,
  DELIVERY_ADDRESS_SET_EVENT,
  PRODUCTS_SEARCHED,
  SIGNED_UP,
  SIGN_UP_FAILED,
  BANNER_CLICKED,
] as const;

export type TrackEventName = (typeof TRACK_EVENTS)[number];
export type EventName = TrackEventName | typeof PAGE_VIEWED;

/** Limits of one `POST /e` batch. */
export const MAX_BATCH = 50;
/** The client sends its batch once it holds this many (and on page hide). */
export const FLUSH_AT = 20;
/** Bytes of one event's properties, as JSON. */
export const MAX_PROPERTIES_BYTES = 2048;
/** An event may be this old when it arrives (a tab left hidden overnight still sends its batch) … */
export const MAX_EVENT_AGE_MS = 24 * 60 * 60 * 1000;
/** … and this far ahead of the server's clock (a phone's clock drifts). */
export const MAX_CLOCK_SKEW_MS = 10 * 60 * 1000;

/** A time the server keeps for an event: the client's when sane, else when it arrived. */
export function occurredAt(clientTime: number | undefined, receivedAt: number): number | null {
  if (clientTime === undefined) return receivedAt;
  if (!Number.isFinite(clientTime)) return null;
  if (clientTime < receivedAt - MAX_EVENT_AGE_MS || clientTime > receivedAt + MAX_CLOCK_SKEW_MS) return null;
  return Math.min(clientTime, receivedAt);
}

/** A search as the console groups it: trimmed, lower case, inner spaces collapsed, at most 200 characters. */
export function normalizeSearch(query: string): string {
  return query.trim().toLowerCase().replace(/\s+/g, " ").slice(0, 200);
}
