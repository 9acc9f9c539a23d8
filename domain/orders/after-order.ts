import { formatCents } from "../money.ts";
import { ORDER_STATUS, type OrderStatus, SHIPPING_STATUS, type ShippingStatus } from "./status.ts";

/**
 * What a shopper may do with an order after placing it (issue 15; docs/adr/0028-tips-feedback-reviews.md): tip
 * and rate it once delivered, tell us how it went once it has ended, rate the products it brought, and change the
 * few details a store has not yet acted on. Pure rules: the server refuses with these words, the pages offer
 * only what they allow.
 */

type Checked<T = true> = { ok: true; value: T } | { ok: false; message: string };
const no = (message: string) => ({ ok: false as const, message });

export interface OrderFacts {
  order_status: OrderStatus;
  shipping: boolean;
  shipping_status: ShippingStatus | null;
}

const S = ORDER_STATUS;

/** Delivered: completed, or completed and refunded afterwards (the goods still came). */
export const isDelivered = (o: Pick<OrderFacts, "order_status">) =>
  o.order_status === S.completed || o.order_status === S.refunded;

/** Ended: delivered, failed or cancelled. */
const isEnded = (o: Pick<OrderFacts, "order_status">) =>
  isDelivered(o) || o.order_status === S.failed || o.order_status === S.cancelled;

// ── Tips ────────────────────────────────────────────────────────────────────────────────────────────────────────

/** The tip choices the tip page offers, as a share of the order's subtotal (and a custom amount). */
export const TIP_PERCENTS = [15, 18, 20] as const;

/** The lowest cap: any tip up to $100 is taken, whatever the order. */
export const TIP_FLOOR_CAP = 100_00;
/** The highest cap: never more than $500 on one order. */
export const TIP_CEILING = 500_00;

/** Each percentage's amount in cents, rounded to the cent. */
export function tipChoices(subtotal: number): { percent: number; amount: number }[] {
  return TIP_PERCENTS.map((percent) => ({ percent, amount: Math.round((subtotal * percent) / 100) }));
}

/** The most one tip may be: the order's subtotal, but at least $100 and at most $500 (a typo, not a tip). */
export function maxTip(subtotal: number): number {
  return Math.min(TIP_CEILING, Math.max(TIP_FLOOR_CAP, subtotal));
}

/** What may still be added after delivery when `alreadyTipped` was given at checkout: the cap is on the tips in all. */
export function maxTipToAdd(subtotal: number, alreadyTipped: number): number {
  return Math.max(0, maxTip(subtotal) - alreadyTipped);
}

/** What the tip page offers to add to a tip given at checkout, in cents (and a custom amount). */
export const TIP_ADDITIONS = [200, 500, 1000] as const;

export const TIP_AFTER_DELIVERY = "You can tip once your order is delivered.";
export const TIP_NOT_DELIVERED = "This order wasn't delivered, so there's nothing to tip for.";
export const TIP_SHIPPED =
  "Shipped orders travel by carrier, so there's no driver to tip. Thanks all the same!";

/**
 * May this order take a tip (amount > 0) or a rating (amount 0)? Only once delivered: en route the order may still
 * fail, and the driver's work is judged when it is done. A shipped order has no driver to tip; it may be rated.
 */
export function mayTip(order: OrderFacts, amount: number): Checked {
  if (!isDelivered(order)) return no(isEnded(order) ? TIP_NOT_DELIVERED : TIP_AFTER_DELIVERY);
  if (amount > 0 && order.shipping) return no(TIP_SHIPPED);
  return { ok: true, value: true };
}

/**
 * The tip and rating as sent after delivery: amount in whole cents, 0 (no tip: a rating alone) up to the cap, which
 * counts the tip given at checkout (`alreadyTipped`); rating 1–5.
 */
export function checkTip(input: {
  amount: number;
  rating: number | null;
  subtotal: number;
  alreadyTipped?: number;
}): Checked<{ amount: number; rating: number | null }> {
  const { amount, rating, subtotal } = input;
  const alreadyTipped = input.alreadyTipped ?? 0;
  if (!Number.isInteger(amount) || amount < 0) return no("A tip must be a whole number of cents, 0 or more.");
  const cap = maxTipToAdd(subtotal, alreadyTipped);
  if (amount > cap)
    return no(
      alreadyTipped > 0
        ? `You can add at most ${formatCents(cap, true)} to your tip on this order.`
        : `A tip on this order can be at most ${formatCents(cap, true)}.`,
    );
  if (rating !== null && (!Number.isInteger(rating) || rating < 1 || rating > 5))
    return no("A rating is 1 to 5 stars.");
  if (amount === 0 && rating === null) return no("Choose a tip or a star rating.");
  return { ok: true, value: { amount, rating } };
}

// ── The tip chosen at checkout ──────────────────────────────────────────────────────────────────────────────────

export const CHECKOUT_TIP_CAPTURED =
  "Your order's payment has been taken, so the tip you chose at checkout can't be changed now. You can add to it once your order is delivered.";
export const CHECKOUT_TIP_NO_CARD = "This order was paid without a card, so its tip can't be changed.";
export const CHECKOUT_TIP_AWAITING_PAYMENT = "This order is still waiting for its payment.";

/** Where the checkout's payment stands, as the rule for changing its tip reads it. */
export interface CheckoutTipPayment {
  /** Paid by a card or wallet held at the provider (not wholly by store credit). */
  byCard: boolean;
  /** Its one capture is planned or done, or its hold was released. */
  settled: boolean;
  /** What the hold still covers beyond the orders going ahead: authorised less their totals. */
  room: number;
}

/** A refusal to change the checkout's tip: a bad amount (invalid_tip), or a change the order no longer allows. */
export type CheckoutTipRefusal = { ok: false; message: string; code: "invalid_tip" | "tip_not_changeable" };

/**
 * May the tip chosen at checkout be changed, and to `wanted`? It is part of the checkout's one payment (ADR 21, 25),
 * so it may change until that payment is captured: to any amount up to the cap that the card's hold still covers
 * (lowering always; raising only as far as the hold goes, which is what checkout authorised). Never on a shipped
 * order (no driver), one that never went ahead, or one paid without a card.
 */
export function checkCheckoutTip(input: {
  order: OrderFacts;
  payment: CheckoutTipPayment;
  subtotal: number;
  current: number;
  wanted: number;
}): { ok: true; value: { amount: number; difference: number } } | CheckoutTipRefusal {
  const { order, payment, subtotal, current, wanted } = input;
  const refuse = (message: string, code: CheckoutTipRefusal["code"] = "tip_not_changeable") =>
    ({ ok: false, message, code }) as const;
  if (order.shipping) return refuse(TIP_SHIPPED);
  if (order.order_status === S.awaitingPayment) return refuse(CHECKOUT_TIP_AWAITING_PAYMENT);
  if (order.order_status === S.cancelled || order.order_status === S.failed) return refuse(TIP_NOT_DELIVERED);
  if (!payment.byCard) return refuse(CHECKOUT_TIP_NO_CARD);
  if (payment.settled) return refuse(CHECKOUT_TIP_CAPTURED);
  if (!Number.isInteger(wanted) || wanted < 0)
    return refuse("A tip must be a whole number of cents, 0 or more.", "invalid_tip");
  const cap = maxTip(subtotal);
  if (wanted > cap)
    return refuse(`A tip on this order can be at most ${formatCents(cap, true)}.`, "invalid_tip");
  const difference = wanted - current;
  if (difference > payment.room)
    return refuse(
      `Your card's hold covers a tip of at most ${formatCents(current + payment.room, true)} on this order. You can add more once it's delivered.`,
    );
  return { ok: true, value: { amount: wanted, difference } };
}

// ── Feedback ────────────────────────────────────────────────────────────────────────────────────────────────────

/** What went well: the chips the tip page offers (the API takes only these). */
export const POSITIVE_TAGS = [
  "On time",
  "Friendly driver",
  "Well packed",
  "Cold drinks",
  "Easy to find",
] as const;
/** What went wrong. */
export const NEGATIVE_TAGS = [
  "Late",
  "Missing item",
  "Damaged",
  "Wrong item",
  "Warm drinks",
  "Rude driver",
] as const;
export const FEEDBACK_NOTES_MAX = 500;

export type Thumb = "up" | "down";

export interface Feedback {
  positive: string[];
  negative: string[];
  thumb: Thumb | null;
  notes: string | null;
}

/** Feedback is for an order that has ended (delivered, failed or cancelled): how it went. */
export function mayGiveFeedback(order: OrderFacts): Checked {
  if (!isEnded(order)) return no("You can tell us how it went once your order has arrived.");
  return { ok: true, value: true };
}

/** Tags from the fixed lists (each once), a thumb, plain-text notes of at most 500 characters; something at all. */
export function checkFeedback(input: Feedback): Checked<Feedback> {
  const unknown = (list: readonly string[], tags: string[]) => tags.find((t) => !list.includes(t));
  const badPositive = unknown(POSITIVE_TAGS, input.positive);
  if (badPositive !== undefined) return no(`"${badPositive}" isn't one of the things we ask about.`);
  const badNegative = unknown(NEGATIVE_TAGS, input.negative);
  if (badNegative !== undefined) return no(`"${badNegative}" isn't one of the things we ask about.`);
  // Plain text: control characters other than line breaks and tabs go, spaces at the ends too.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  const notes = input.notes?.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "").trim() || null;
  if (notes && [...notes].length > FEEDBACK_NOTES_MAX)
    return no(`Notes can be at most ${FEEDBACK_NOTES_MAX} characters.`);
  const positive = [...new Set(input.positive)];
  const negative = [...new Set(input.negative)];
  if (!positive.length && !negative.length && !input.thumb && !notes)
    return no("Tell us something about your order: a thumb, a chip or a note.");
  return { ok: true, value: { positive, negative, thumb: input.thumb, notes } };
}

// ── Product reviews ─────────────────────────────────────────────────────────────────────────────────────────────

export const REVIEW_TEXT_MAX = 1000;
export const REVIEW_NOT_BOUGHT = "Only shoppers who received this product in an order can rate it.";
export const REVIEW_ALREADY = "You've already rated this product.";

/** Which of the shopper's orders entitles them to rate `sku`: the latest delivered one that brought it. */
export function reviewingOrder<O extends Pick<OrderFacts, "order_status"> & { skus: string[] }>(
  orders: O[],
  sku: string,
): O | null {
  return orders.find((o) => isDelivered(o) && o.skus.includes(sku)) ?? null;
}

export function checkReview(input: {
  rating: number;
  text: string | null;
}): Checked<{ rating: number; text: string | null }> {
  if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5)
    return no("A rating is 1 to 5 stars.");
  const text = input.text?.trim() || null;
  if (text && [...text].length > REVIEW_TEXT_MAX)
    return no(`A review can be at most ${REVIEW_TEXT_MAX} characters.`);
  return { ok: true, value: { rating: input.rating, text } };
}

/** How a review is signed: "Ana P." (first name, last initial), or "A Nightcap shopper". */
export function reviewAuthor(firstname: string | null, lastname: string | null): string {
  const first = firstname?.trim();
  const initial = lastname?.trim().charAt(0).toUpperCase();
  if (!first) return "A Nightcap shopper";
  return initial ? `${first} ${initial}.` : first;
}

/** A product's rating after one more review, as the product shows it (one decimal is the page's business). */
export function averageAfter(average: number | null, count: number, rating: number): number {
  return ((average ?? 0) * count + rating) / (count + 1);
}

// ── Editing an order ────────────────────────────────────────────────────────────────────────────────────────────

export const EDIT_TOO_LATE =
  "Your order is already on its way, so it can't be changed now. Call the store instead.";
export const EDIT_ENDED = "This order has ended, so it can't be changed.";

/**
 * What may still change before dispatch: the delivery notes, the unit or apartment, and a gift's note to its
 * recipient. Placed, in progress (being picked) or scheduled; a shipped order until it ships. Never once en route,
 * ended, or while the payment is outstanding.
 */
export function mayEdit(order: OrderFacts): Checked {
  if (order.shipping) {
    if (order.shipping_status === SHIPPING_STATUS.awaitingFulfillment) return { ok: true, value: true };
    return no(order.shipping_status === SHIPPING_STATUS.shipped ? EDIT_TOO_LATE : EDIT_ENDED);
  }
  const s = order.order_status;
  if (s === S.placed || s === S.inProgress || s === S.scheduled) return { ok: true, value: true };
  if (s === S.enRoute) return no(EDIT_TOO_LATE);
  if (s === S.awaitingPayment) return no("This order is still waiting for its payment.");
  return no(EDIT_ENDED);
}
