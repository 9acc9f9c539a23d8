import { formatCents } from "../money.ts";
import { type OrderState, ORDER_STATUS as S } from "../orders/status.ts";
import { mayCapture, type PaymentTotals } from "./ledger.ts";

/**
 * One payment, several orders (a split cart: one order per store, docs/adr/0025-capture-once-per-checkout.md).
 * A card authorisation is captured once (on Stripe a partial capture releases the rest of the hold), so:
 * - while any order of the payment still waits for its store (awaiting payment, placed, scheduled, awaiting
 *   fulfilment), nothing is captured;
 * - an order refused at the door keeps its store's return fee (`kept`, docs/adr/0062-the-handover-at-the-door.md):
 *   it is captured with the orders going ahead and never refunded;
 * - once none waits, the payment is captured once for the orders going ahead, or voided when none is;
 * - after the capture, an order that ends without being delivered (cancelled, failed hard, a shipped order
 *   failed) gets back what it put into the capture, less what was already refunded to it.
 */
export type MoneyStance = "open" | "charged" | "dropped";

/** Where an order stands for its payment. */
export function stanceOf(
  order: Pick<OrderState, "order_status" | "shipping" | "failed_status">,
): MoneyStance {
  switch (order.order_status) {
    case S.awaitingPayment:
    case S.placed:
    case S.scheduled:
      return "open";
    case S.cancelled:
      return "dropped";
    case S.failed:
      // A shipped order's failure is final (the shipping table has no way on from Failed); a soft on-demand
      // failure may be dispatched again.
      return order.shipping || order.failed_status?.state !== "soft" ? "dropped" : "charged";
    default:
      return "charged";
  }
}

export interface SettlementOrder {
  id: string;
  stance: MoneyStance;
  /** What the order is charged on the card (its share of the payment). */
  total: number;
  /** What it put into the capture (0 until captured). */
  captured: number;
  /** What was refunded to it so far (pending refunds included). */
  refunded: number;
  /** What an order ending undelivered keeps of its charge (the return fee), at most `total`; 0 when absent. */
  kept?: number;
}

/** What a dropped order still owes the capture: its kept fee, within its total. */
const keptOf = (o: SettlementOrder) => (o.stance === "dropped" ? Math.min(o.kept ?? 0, o.total) : 0);

export type SettlementStep =
  | { kind: "capture"; amount: number; shares: { orderId: string; amount: number }[] }
  | { kind: "void" }
  | { kind: "refund"; orderId: string; amount: number };

/** What the payment needs now, given its orders and its ledger. Applying the steps and asking again gives []. */
export function settlement(input: {
  orders: readonly SettlementOrder[];
  totals: PaymentTotals;
  /** Whether there is a card payment at all (an order paid wholly by credit has none). */
  hasIntent: boolean;
}): SettlementStep[] {
  const { orders, totals } = input;
  if (!input.hasIntent || totals.authorised === 0 || totals.voided) return [];
  if (totals.captured === 0) {
    if (orders.some((o) => o.stance === "open")) return [];
    const shares = orders
      .map((o) => ({ orderId: o.id, amount: o.stance === "charged" ? o.total : keptOf(o) }))
      .filter((s) => s.amount > 0);
    const amount = shares.reduce((sum, s) => sum + s.amount, 0);
    if (amount === 0) return [{ kind: "void" }];
    if (!mayCapture(totals, amount).ok) return [];
    return [{ kind: "capture", amount, shares }];
  }
  return orders
    .filter((o) => o.stance === "dropped" && o.captured - o.refunded - keptOf(o) > 0)
    .map((o) => ({ kind: "refund" as const, orderId: o.id, amount: o.captured - o.refunded - keptOf(o) }));
}

export type RefundAllowed = { ok: true; amount: number } | { ok: false; message: string };

/**
 * A refund staff ask for on one order: never more than the order put into the capture less what it got back,
 * nor than the payment still holds captured. No amount means all that is left.
 */
export function orderRefund(
  order: Pick<SettlementOrder, "captured" | "refunded">,
  totals: PaymentTotals,
  amount: number | undefined,
): RefundAllowed {
  if (order.captured === 0)
    return {
      ok: false,
      message: "Nothing of this order has been captured yet, so there is nothing to refund.",
    };
  const left = Math.min(order.captured - order.refunded, totals.captured - totals.refunded);
  if (left <= 0) return { ok: false, message: "This order has been refunded in full." };
  const wanted = amount ?? left;
  if (!Number.isInteger(wanted) || wanted <= 0)
    return { ok: false, message: "A refund must be a positive amount." };
  if (wanted > left)
    return {
      ok: false,
      message: `Only ${formatCents(left, true)} of this order can still be refunded.`,
    };
  return { ok: true, amount: wanted };
}
