import { cardAmount, storeDay } from "./statement.ts";
import type {
  CapturedEvent,
  ChargeParts,
  Funder,
  MoneyEvent,
  PromoPart,
  RefundedEvent,
  RefundReason,
} from "./types.ts";

/**
 * An order's money events read from how its money is kept (issue 34 §3): the payment ledger's succeeded captures and
 * refunds (`payment_operations`) and the order's row. Pure: the statements module reads the rows and records each
 * event once (its id is the operation's), so what a statement counted never changes afterwards.
 *
 * - A checkout payment's capture is the order's `captured` event: its card share (`orders.captured`), with the
 *   order's delivery or shipping fee, the tip given at checkout, its tax, round-up, discount (funded as its promo
 *   says) and credit; the goods are what is left of the card share and of what promo and credit paid, so the event's
 *   card money is exactly the share captured (a substitution before the capture is in the order's figures). An order
 *   refused at the door before its capture puts in only its store's return fee: goods kept by the store.
 * - An order paid wholly by credit and promo has no card payment: its `captured` event (no card money) is dated when
 *   it was delivered.
 * - A capture of a substitution's charge after the order is an `extra_charge` of goods; of a tip after delivery, a
 *   `tip_changed`.
 * - A refund is dated when it succeeded. Its reason: a refund staff made in the console (matched to their `refund`
 *   order event by amount, in order) is `missing_item` or `damaged` when their words say so, else `goodwill`; a refund
 *   of an order that ended undelivered is `cancelled` or `failed`; a tip's refund is `tip_lowered`; another refund of
 *   an order still going ahead is a substitution that lowered its total. The refund that gives back the last of an
 *   undelivered order's card money gives back everything the order was charged (its promo and credit too) but the
 *   return fee the store keeps; any other refund is card money: its tax is what the orders module gave back with it
 *   (`order_tax_refunds`, the tax report's figure), or in proportion to the order's tax when it recorded none (a
 *   substitution's), and the rest goods.
 */

export interface LedgerOrder {
  id: string;
  subtotal: number;
  /** `delivery_fee + shipping_fee` (one of them is 0). */
  fee: number;
  discount: number;
  tip: number;
  credit: number;
  roundUp: number;
  tax: number;
  /** `orders.captured`: the order's share of its checkout payment's capture. */
  captured: number;
  keptFee: number;
  /** How the order ended when it did not go ahead: cancelled, failed (for good); null while it goes ahead. */
  dropped: "cancelled" | "failed" | null;
  promoFunder: Funder;
}

export interface LedgerOperation {
  id: string | number;
  kind: "capture" | "refund";
  amount: number;
  /** When the provider confirmed it. */
  at: Date;
  /** The payment's purpose: the checkout's, or a charge after the order. */
  purpose: "checkout" | "tip" | "substitution";
  /** A refund's tax as the orders module gave it back (`order_tax_refunds`, written with the refund); else unknown. */
  tax?: number;
  /**
   * Not an operation: the delivery of an order paid wholly by credit and promo, which has no card payment to
   * capture. Its `captured` event (card money 0) is dated when it was delivered.
   */
  noCard?: true;
}

/** A refund staff made in the console, oldest first: its amount and their words. */
export interface StaffRefund {
  amount: number;
  reason: string;
}

/** Staff's words for a refund, as a reason the statement groups by. */
export function staffRefundReason(words: string): RefundReason {
  if (/\b(missing|not in the bag|left out|forgot)/i.test(words)) return "missing_item";
  if (/\b(damage|broke|chipped|crack|leak|smash|spill)/i.test(words)) return "damaged";
  return "goodwill";
}

const value = (p: ChargeParts) => p.merchandise + p.deliveryFee + p.tip + p.tax + p.roundUp;

function capturedParts(
  order: LedgerOrder,
  tipsAfter: number,
): Omit<CapturedEvent, "id" | "orderId" | "date"> {
  const card = order.captured;
  const kind = "captured" as const;
  const none = { kind, merchandise: 0, deliveryFee: 0, tip: 0, tax: 0, roundUp: 0, promo: null, credit: 0 };
  if (order.dropped && order.keptFee > 0 && card <= order.keptFee) return { ...none, merchandise: card };
  const tip = Math.max(0, order.tip - tipsAfter);
  const promo: PromoPart | null =
    order.discount > 0 ? { amount: order.discount, funder: order.promoFunder } : null;
  const merchandise = card - order.fee - tip - order.tax - order.roundUp + order.discount + order.credit;
  const parts = {
    kind,
    merchandise,
    deliveryFee: order.fee,
    tip,
    tax: order.tax,
    roundUp: order.roundUp,
    promo,
    credit: order.credit,
  };
  // Figures that cannot be read apart (a change not seen here): the card share as goods, which keeps the books.
  if (merchandise < 0 || order.discount + order.credit > value(parts)) return { ...none, merchandise: card };
  return parts;
}

type Parts = ChargeParts & { promo: number; credit: number };
const zero = (): Parts => ({
  merchandise: 0,
  deliveryFee: 0,
  tip: 0,
  tax: 0,
  roundUp: 0,
  promo: 0,
  credit: 0,
});

/** Card money given back, split: tax in the order's proportion, then goods, then fee, tip and round-up. */
function cardOnly(amount: number, capture: ChargeParts, left: Parts, knownTax?: number): Parts {
  const whole = value(capture);
  const share = knownTax ?? (whole > 0 ? Math.floor((amount * capture.tax) / whole + 0.5) : 0);
  const tax = Math.max(0, Math.min(left.tax, amount, share));
  let rest = amount - tax;
  const take = (available: number) => {
    const n = Math.max(0, Math.min(rest, available));
    rest -= n;
    return n;
  };
  const parts = {
    ...zero(),
    tax,
    merchandise: take(left.merchandise),
    deliveryFee: take(left.deliveryFee),
    tip: take(left.tip),
    roundUp: take(left.roundUp),
  };
  // More back than the parts left (a tip after delivery refunded on the checkout's payment, say): as goods.
  parts.merchandise += rest;
  return parts;
}

/**
 * The order's events, oldest first: those already `recorded` (by id) as they were, and the new ones read from
 * `operations` (succeeded captures and refunds of the order's payments, in the order they were written).
 */
export function orderMoneyEvents(input: {
  order: LedgerOrder;
  operations: readonly LedgerOperation[];
  staffRefunds: readonly StaffRefund[];
  timeZone: string;
  recorded?: ReadonlyMap<string, MoneyEvent>;
}): MoneyEvent[] {
  const { order, timeZone } = input;
  const recorded = input.recorded ?? new Map<string, MoneyEvent>();
  const tipsAfter = input.operations
    .filter((o) => o.kind === "capture" && o.purpose === "tip")
    .reduce((sum, o) => sum + o.amount, 0);
  const staff = [...input.staffRefunds];
  const events: MoneyEvent[] = [];
  let capture = null as CapturedEvent | null;
  const given = zero();
  let cardBack = 0;
  for (const op of input.operations) {
    const base = { orderId: order.id, date: storeDay(op.at, timeZone) };
    let event: MoneyEvent;
    if (op.kind === "capture") {
      if (op.purpose === "checkout") {
        // An order paid wholly by credit and promo has no card payment: it counts once delivered (`noCard`).
        if (op.noCard) event = { id: `cap:none:${order.id}`, ...base, ...capturedParts(order, tipsAfter) };
        else if (order.captured <= 0) continue;
        else event = { id: `cap:${op.id}:${order.id}`, ...base, ...capturedParts(order, tipsAfter) };
      } else if (op.purpose === "substitution") {
        event = { kind: "extra_charge", id: `xc:${op.id}`, ...base, merchandise: op.amount, tax: 0 };
      } else {
        event = { kind: "tip_changed", id: `tip:${op.id}`, ...base, amount: op.amount };
      }
    } else {
      const id = `ref:${op.id}`;
      let reason: RefundReason;
      let parts: Parts;
      if (op.purpose !== "checkout") {
        reason = order.dropped ?? (op.purpose === "tip" ? "tip_lowered" : "substitution");
        parts = op.purpose === "tip" ? { ...zero(), tip: op.amount } : { ...zero(), merchandise: op.amount };
      } else {
        const matched = staff.findIndex((r) => r.amount === op.amount);
        const left: Parts = capture
          ? {
              merchandise: capture.merchandise - given.merchandise,
              deliveryFee: capture.deliveryFee - given.deliveryFee,
              tip: capture.tip - given.tip,
              tax: capture.tax - given.tax,
              roundUp: capture.roundUp - given.roundUp,
              promo: (capture.promo?.amount ?? 0) - given.promo,
              credit: capture.credit - given.credit,
            }
          : { ...zero(), merchandise: op.amount };
        const captureParts: ChargeParts = capture ?? { ...zero(), merchandise: op.amount };
        if (matched >= 0) {
          reason = staffRefundReason(staff[matched].reason);
          staff.splice(matched, 1);
          parts = cardOnly(op.amount, captureParts, left, op.tax);
        } else if (order.dropped) {
          reason = order.dropped;
          parts = cardOnly(op.amount, captureParts, left, op.tax);
          // The last of an undelivered order's card money: everything it was charged goes back but the return fee.
          if (capture && cardBack + op.amount === order.captured - Math.min(order.keptFee, order.captured)) {
            const mirror = { ...left };
            let kept = Math.min(order.keptFee, order.captured);
            for (const part of ["merchandise", "deliveryFee", "tip", "roundUp", "tax"] as const) {
              const n = Math.min(kept, mirror[part]);
              mirror[part] -= n;
              kept -= n;
            }
            const card = value(mirror) - mirror.promo - mirror.credit;
            if (card === op.amount && Object.values(mirror).every((n) => n >= 0)) parts = mirror;
          }
        } else {
          reason = "substitution";
          parts = cardOnly(op.amount, captureParts, left, op.tax);
        }
        cardBack += op.amount;
        for (const k of Object.keys(given) as (keyof Parts)[]) given[k] += parts[k];
      }
      const { promo, credit, ...charge } = parts;
      const funder: Funder = capture?.promo?.funder ?? order.promoFunder;
      event = {
        kind: "refunded",
        id,
        ...base,
        reason,
        ...charge,
        promo: promo > 0 ? { amount: promo, funder } : null,
        credit,
      } satisfies RefundedEvent;
    }
    const kept: MoneyEvent = recorded.get(event.id) ?? event;
    if (kept.kind === "captured") capture = kept;
    if (kept !== event && kept.kind === "refunded" && op.purpose === "checkout") {
      // What was recorded before counts as given back, not what reading it again would say.
      for (const k of ["merchandise", "deliveryFee", "tip", "tax", "roundUp", "credit"] as const) {
        given[k] += kept[k] - (event as RefundedEvent)[k];
      }
      given.promo += (kept.promo?.amount ?? 0) - ((event as RefundedEvent).promo?.amount ?? 0);
    }
    events.push(kept);
  }
  return events;
}

/** Card money an event moved, signed: charges add, refunds take off. */
export const signedCard = (e: MoneyEvent) => (e.kind === "refunded" ? -cardAmount(e) : cardAmount(e));
