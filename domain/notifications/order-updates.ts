import { formatCents } from "../money.ts";
import type { OrderEvent } from "../orders/status.ts";

/**
 * What a shopper hears when their order's status changes (docs/adr/0030-order-notifications.md): which change is
 * worth telling, on which channels, and the short texts (SMS, push). One table, read by the one job that turns an
 * `order_events` row into messages; the emails' longer bodies are rendered beside that job.
 */
export type OrderUpdate =
  | "placed"
  | "scheduled"
  | "giftClaimed"
  | "accepted"
  | "dispatched"
  | "delivered"
  | "failed"
  | "cancelled"
  | "refunded";

/** An `order_events` row as the rule reads it. */
export interface OrderEventFacts {
  type: string;
  from: number | null;
  to: number | null;
  actor: string;
}

/** The writer whose gift expiry tells the sender itself (its own email, about the recipient). */
export const GIFT_EXPIRY_ACTOR = "gift-expiry";

/** The status change an event is, when it is one the shopper is told of; null for the rest. */
export function orderUpdateOf(event: OrderEventFacts): OrderUpdate | null {
  const type = event.type as OrderEvent["type"];
  switch (type) {
    case "paymentAuthorised":
      return event.to === 7 ? "scheduled" : "placed";
    case "giftClaimed":
      return "giftClaimed";
    case "accept":
      return "accepted";
    case "dispatch":
      return "dispatched";
    case "deliver":
      return "delivered";
    case "fail":
      return "failed";
    // An order whose payment never went through was never placed: the checkout page said so.
    case "cancel":
      return event.from === -1 ? null : "cancelled";
    case "refund":
      return "refunded";
    // Payment failed at checkout (the shopper is on the page), a scheduled order released to its store.
    case "paymentFailed":
    case "release":
      return null;
    default:
      // Not a status change (substitutions' review steps…): their own module speaks for them.
      return null;
  }
}

/**
 * Whose email a change gets: `writer` when the change's writer sends its own (checkout's confirmation covering the
 * whole checkout, the gift sender's notices), `preference` when it follows the shopper's email preference, `always`
 * for the changes that say what happens to their money (a failure, a cancellation, a refund).
 */
type EmailRule = "writer" | "preference" | "always";

const EMAIL: Record<OrderUpdate, EmailRule> = {
  placed: "writer",
  scheduled: "writer",
  giftClaimed: "writer",
  accepted: "preference",
  dispatched: "preference",
  delivered: "preference",
  failed: "always",
  cancelled: "always",
  refunded: "always",
};

export interface ContactChoices {
  email: boolean;
  sms: boolean;
  push: boolean;
}

export interface Channels {
  email: boolean;
  sms: boolean;
  push: boolean;
}

/**
 * The channels one change goes out on: at most one email; a text only to a shopper with a mobile number who
 * allows texts; Web Push only to one who allows push (to each subscription they registered).
 */
export function channelsFor(
  update: OrderUpdate,
  actor: string,
  prefs: ContactChoices,
  reach: { mobile: boolean },
): Channels {
  const rule = update === "cancelled" && actor === GIFT_EXPIRY_ACTOR ? "writer" : EMAIL[update];
  return {
    email: rule === "always" || (rule === "preference" && prefs.email),
    sms: reach.mobile && prefs.sms,
    push: prefs.push,
  };
}

/** What the short texts say about an order. */
export interface UpdateContext {
  orderNumber: number;
  store: string;
  shipping: boolean;
  /** The refund's amount (cents), for `refunded`. */
  amount?: number;
}

export interface PushText {
  title: string;
  body: string;
}

/** The push notification's title and body. */
export function pushText(update: OrderUpdate, o: UpdateContext): PushText {
  const n = `#${o.orderNumber}`;
  switch (update) {
    case "placed":
      return { title: `Order ${n} placed`, body: `${o.store} has your order.` };
    case "scheduled":
      return { title: `Order ${n} scheduled`, body: `${o.store} has your order for later.` };
    case "giftClaimed":
      return { title: `Your gift ${n} was claimed`, body: "The recipient chose when it comes." };
    case "accepted":
      return { title: `Order ${n} is being prepared`, body: `${o.store} is getting it ready.` };
    case "dispatched":
      return o.shipping
        ? { title: `Order ${n} has shipped`, body: `${o.store} has shipped your order.` }
        : {
            title: `Order ${n} is on its way`,
            body: "Have your ID ready: the driver checks it at the door.",
          };
    case "delivered":
      return { title: `Order ${n} is delivered`, body: "Enjoy, responsibly." };
    case "failed":
      return { title: `We couldn't deliver order ${n}`, body: "Tap to see what happens next." };
    case "cancelled":
      return { title: `Order ${n} is cancelled`, body: "Tap to see what happens to your payment." };
    case "refunded":
      return {
        title: `A refund on order ${n}`,
        body: `${formatCents(o.amount ?? 0, true)} is on its way back to your card.`,
      };
  }
}

/** The text message: the same news, with the order's tracking link. */
export function smsText(update: OrderUpdate, o: UpdateContext, trackingUrl: string): string {
  const push = pushText(update, o);
  return `Nightcap: ${push.title}. ${push.body} ${trackingUrl}`;
}
