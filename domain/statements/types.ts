/**
 * A store's statement input (issue 34 §3): each order's money history as dated events, and the store's terms.
 * Money is integer cents (domain/money.ts); rates are integer parts per million (10% is 100_000), as in
 * domain/tax/types.ts, so no rate is a float.
 *
 * The events mirror how an order's money is kept today (db/schema-checkout.ts `orders`, db/schema-payments.ts
 * `payments` and `payment_operations`): an order is charged `subtotal + delivery_fee − discount + tip − credit +
 * round_up + tax` at the checkout's capture; substitutions may charge more afterwards (`extra_charged`, payments
 * with purpose "substitution"); a tip may be added after delivery (purpose "tip"); refunds give card money back per
 * order. Tax is the order's (`orders.tax`, domain/tax), and a refund's tax is what the orders module gave back with it
 * (`order_tax_refunds`): domain/statements/ledger.ts reads the events from those rows.
 */

/** A calendar day in the store's time zone, "YYYY-MM-DD" (see `storeDay`). */
export type DayKey = string;

/** Who pays for a promo's discount: the platform makes the store whole, or the store takes it off its own sales. */
export type Funder = "platform" | "store";

/** Why money went back to the shopper. */
export type RefundReason =
  | "cancelled" // the order ended before delivery (settlement.ts gives back what it put into the capture)
  | "failed" // a delivery that failed for good
  | "substitution" // a substitution lowered the order's total (substitution.ts `recharge`, difference < 0)
  | "missing_item"
  | "damaged"
  | "tip_lowered"
  | "goodwill"; // staff gave money back without another reason

export const REFUND_REASONS: readonly RefundReason[] = [
  "cancelled",
  "failed",
  "substitution",
  "missing_item",
  "damaged",
  "tip_lowered",
  "goodwill",
];

/** The parts an order's charge is made of, each in cents, never negative. */
export interface ChargeParts {
  /** Goods sold (`orders.subtotal`). */
  merchandise: number;
  /** `orders.delivery_fee` (or `shipping_fee` for a shipped order). */
  deliveryFee: number;
  tip: number;
  /** Tax collected on the order (`orders.tax`; a refund's: what it gave back). */
  tax: number;
  /** The shopper's round-up for charity (`orders.round_up`): neither the store's nor the platform's. */
  roundUp: number;
}

export interface PromoPart {
  /** Cents off (`orders.discount`). */
  amount: number;
  funder: Funder;
}

interface EventBase {
  /** Stable id of what happened (a payment operation's id, say): a closed statement remembers the ids it counted. */
  id: string;
  orderId: string;
  /** The day it happened, in the store's time zone. */
  date: DayKey;
  /** Set when a closed statement already covered `date`: the day it actually happened (see `nextPeriodCarries`). */
  lateFrom?: DayKey;
}

/** The checkout's capture of the order's share. Card amount: parts − promo − credit. */
export interface CapturedEvent extends EventBase, ChargeParts {
  kind: "captured";
  promo: PromoPart | null;
  /** Store credit spent on the order (`orders.credit`); credit is funded by the platform. */
  credit: number;
}

/**
 * Money given back. `parts` is the value the order gives back, split by component; `promo` and `credit` are the part
 * of it that the shopper had not paid by card (a discount no longer applied, credit returned to the shopper's
 * ledger). Card amount refunded: parts − promo − credit.
 */
export interface RefundedEvent extends EventBase, ChargeParts {
  kind: "refunded";
  reason: RefundReason;
  promo: PromoPart | null;
  credit: number;
}

/** A substitution's charge after the order (a payment with purpose "substitution"): more goods, and their tax. */
export interface ExtraChargeEvent extends EventBase {
  kind: "extra_charge";
  merchandise: number;
  tax: number;
}

/** A tip added after the order (a payment with purpose "tip"): a card charge of `amount` > 0. Lowering is a refund. */
export interface TipChangedEvent extends EventBase {
  kind: "tip_changed";
  amount: number;
}

export type MoneyEvent = CapturedEvent | RefundedEvent | ExtraChargeEvent | TipChangedEvent;

/** What the platform and the store agreed. */
export interface StoreTerms {
  /** Commission on what the store sold, parts per million (15% is 150_000). */
  commissionPpm: number;
  /** Commission per order, cents, charged once when the order is captured. */
  commissionPerOrder: number;
  /** Card processing, per captured charge: parts per million of the charge plus fixed cents (2.9% + 30¢). */
  processingPpm: number;
  processingFixed: number;
  /** Who keeps delivery fees: the store (its own drivers) or the platform (the platform's drivers). */
  deliveryFeesTo: "store" | "platform";
  /**
   * Who keeps tips: the store (its own drivers) or the platform's drivers. Tips are never the platform's and never
   * in the commission's base.
   */
  tipsTo: "store" | "driver";
}

export interface Period {
  /** First and last day, both included, in the store's time zone. */
  from: DayKey;
  to: DayKey;
}
