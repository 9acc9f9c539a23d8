import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { isWeeklyHours } from "#domain/availability/hours.ts";
import { deliveryInterval } from "#domain/checkout/request.ts";
import { type DispatchTiming, dispatchTiming } from "#domain/console/dispatch-timing.ts";
import { type HandoverRefusal, REFUSAL_RULES, returnFee } from "#domain/door/handover.ts";
import {
  nextStatus,
  type OrderEvent,
  type OrderState,
  type OrderStatus,
  type ShippingStatus,
} from "#domain/orders/status.ts";
import { orderRefund, stanceOf } from "#domain/payments/settlement.ts";
import { AppError } from "#server/errors.ts";
import { clockAtLocalTime } from "#server/platform/clock.ts";
import { taxServiceOf } from "#server/platform/tax/index.ts";
import { deliveryLawRefusal } from "../geo/index.ts";
import type { MoneyBack } from "../notifications/index.ts";
import {
  giveBackTax,
  moveOrder,
  recordMoneyBack,
  releaseOrderGoods,
  saleClassesOfOrder,
  setKeptFee,
} from "../orders/index.ts";
import {
  lockPayment,
  paymentState,
  planExtraRefunds,
  planRefund,
  planSettlement,
  settleMoney,
} from "../payments/index.ts";
import { proposeSubstitutions, type ShortReport, settleSubstitutions } from "../substitutions/index.ts";
import { type Staff, staffOrder } from "./access.ts";
import { recordAudit } from "./audit.ts";
import { recordCompliance } from "./compliance.ts";
import type { ConsoleContext } from "./context.ts";
import { startRun } from "./driver.ts";

/** What staff can do to an order from the console. */
export type ConsoleAction =
  | { type: "accept" }
  | { type: "dispatch"; confirm?: boolean }
  /** `whose`: the ID the driver's scan passed (the door check); absent when staff mark it delivered. */
  | { type: "deliver"; whose?: string }
  /** `refusal`: the driver's reason at the door; its rule sets the state, the shopper's words and what goes back. */
  | { type: "fail"; state: "soft" | "hard"; reason: string; refusal?: HandoverRefusal }
  | { type: "cancel"; reason: string }
  | { type: "refund"; amount?: number; reason: string };

type OrderRow = Awaited<ReturnType<typeof staffOrder>>;

const stateOf = (o: OrderRow): OrderState => ({
  order_status: o.order_status as OrderStatus,
  shipping_status: o.shipping_status as ShippingStatus | null,
  shipping: o.shipping,
  failed_status: o.failed_status,
});

const isPending = (status: string | null) => status === "Proposed" || status === "Viewing";

const eventOf = (action: ConsoleAction): OrderEvent =>
  action.type === "fail"
    ? { type: "fail", state: action.state, reason: action.reason }
    : ({ type: action.type } as OrderEvent);

/**
 * One console action, as one sequence: the order row locked; the status machine decides (a move it refuses is
 * 409, so of two staff acting at once the second is told where the order is now); the move and its event
 * (actor: the staff member); what an order ending undelivered gives back (stock on a cancel, spent credit, the
 * promo once none of its checkout goes ahead); the payment's operations written pending by the one settlement
 * rule; the audit row; what goes back, for the email the move's notification job sends the shopper. After the
 * commit the payment's operations are carried out at the provider (a provider that does not answer leaves them to
 * a job).
 */
export async function act(ctx: ConsoleContext, staff: Staff, orderId: string, action: ConsoleAction) {
  const { paymentId, extras } = await ctx.db.transaction().execute(async (tx) => {
    const order = await staffOrder(tx, staff, orderId, true);
    const before = stateOf(order);
    let event = eventOf(action);
    const moved = nextStatus(before, event);
    if (!moved.ok) throw new AppError(409, "order_moved", moved.message);
    // Refused at the door: the goods came back with the driver, and the store keeps its return fee of the card's
    // charge, told to the shopper with the reason (docs/adr/0062-the-handover-at-the-door.md).
    const refusedAtDoor =
      action.type === "fail" &&
      action.refusal !== undefined &&
      stanceOf(before) !== "dropped" &&
      stanceOf(moved.state) === "dropped";
    const kept = refusedAtDoor ? returnFee(order.return_fee, order.total - order.extra_charged) : 0;
    if (kept > 0 && event.type === "fail") event = { ...event, returnFee: kept };
    if (action.type === "accept" && order.scheduled && "byRecipient" in order.scheduled)
      throw new AppError(409, "order_moved", "This gift waits for its recipient to choose when it comes.");
    // The law's hours bind even when staff mean it: an order goes out (or an ASAP one is taken) only when every
    // class of it may be delivered from now until its ETA (docs/adr/0066-legal-hours-in-the-console.md).
    if (goesOutNow(action, order)) {
      const refusal = await sendingOutLawRefusal(ctx, tx, order);
      if (refusal) throw new AppError(409, "delivery_not_allowed", `${refusal} ${NOT_NOW}`);
    }
    // Too early for its slot, or the store closed: staff say they mean it (docs/adr/0051-console-safeguards.md).
    const timing =
      action.type === "dispatch"
        ? await dispatchTimingOf(tx, order, (ctx.now ?? (() => new Date()))())
        : null;
    if (timing && !timing.ok && !(action.type === "dispatch" && action.confirm))
      throw new AppError(409, timing.code, timing.message);
    // Sending it out with substitutions unanswered: the store's default settles them first (the money with it).
    if (action.type === "dispatch" && isPending(order.substitution_status))
      await settleSubstitutions(
        tx,
        { outbox: ctx.outbox, tax: taxServiceOf(ctx.db) },
        order,
        [],
        new Map(),
        staff.userId,
        true,
      );

    let refundAmount = 0;
    if (action.type === "refund") {
      await lockPayment(tx, order.payment_id);
      const state = await paymentState(tx, order.payment_id);
      const mine = state.orders.find((o) => o.id === order.id);
      const allowed = orderRefund(mine ?? { captured: 0, refunded: 0 }, state.totals, action.amount);
      if (!allowed.ok) throw new AppError(409, "refund_refused", allowed.message);
      refundAmount = allowed.amount;
      await planRefund(tx, order.payment_id, order.id, refundAmount);
      const paid = mine ?? { captured: 0, refunded: 0 };
      await giveBackTax(tx, order.id, {
        refunded: refundAmount,
        before: paid.refunded,
        total: paid.captured,
      });
    }

    const detail: Record<string, unknown> = {};
    if ("reason" in action) detail.reason = action.reason;
    if (timing && !timing.ok) detail.confirmed = timing.code;
    if (action.type === "refund") detail.amount = refundAmount;
    if (action.type === "fail" && action.refusal) detail.refusal = action.refusal;
    const after = await moveOrder(ctx, tx, order, event, staff.userId, detail);
    if (!after) throw new AppError(409, "order_moved", "This order was changed by someone else just now.");
    if (action.type === "dispatch") await startRun(tx, order, staff.userId, new Date());

    const endsUndelivered = stanceOf(before) !== "dropped" && stanceOf(after) === "dropped";
    if (kept > 0) await setKeptFee(tx, order.id, kept);
    // Substitutions charged after the order go back with it.
    const extras = endsUndelivered ? await planExtraRefunds(tx, order.id) : [];
    if (endsUndelivered) {
      await releaseOrderGoods(tx, order, {
        restock: action.type === "cancel" || refusedAtDoor,
        reason: action.type === "cancel" ? "Your order was cancelled" : "Your order could not be delivered",
      });
    }
    if (action.type === "deliver" || action.type === "fail") {
      await recordCompliance(tx, {
        storeId: order.store_id,
        orderId: order.id,
        kind: action.type === "fail" && action.refusal ? "refusal" : "handover",
        outcome: action.type === "deliver" ? "delivered" : (action.refusal ?? `failed_${action.state}`),
        detail:
          action.type === "deliver"
            ? action.whose
              ? { method: "ID scanned", whose: action.whose }
              : { method: "Marked delivered" }
            : { reason: action.reason },
        actorId: staff.userId,
      });
    }
    const steps = await planSettlement(tx, order.payment_id);
    const money: MoneyBack = {
      card: steps
        .filter((s) => s.kind === "refund" && s.orderId === order.id)
        .reduce(
          (n, s) => n + ("amount" in s ? s.amount : 0),
          extras.reduce((n, e) => n + e.amount, 0),
        ),
      released:
        steps.some((s) => s.kind === "void") ||
        (endsUndelivered && order.captured === 0 && order.total > 0 && kept === 0),
      credit: endsUndelivered ? order.credit : 0,
      kept,
    };

    await recordAudit(tx, {
      actorId: staff.userId,
      storeId: order.store_id,
      orderId: order.id,
      action: action.type,
      detail: { ...detail, payment: steps },
      before,
      after,
    });
    // The shopper is told by the move's notification job (email, text, push); an ending's email says the money.
    if (action.type === "fail" || action.type === "cancel") await recordMoneyBack(tx, order.id, money);
    return { paymentId: order.payment_id, extras };
  });
  await settleMoney(ctx, paymentId);
  for (const extra of extras) await settleMoney(ctx, extra.paymentId);
}

/** A refusal at the door as a console action: its rule's failed state and the words the shopper reads. */
export const refusalAction = (refusal: HandoverRefusal): ConsoleAction => ({
  type: "fail",
  state: REFUSAL_RULES[refusal].state,
  reason: REFUSAL_RULES[refusal].reason,
  refusal,
});

const NOT_NOW = "It can't go out now: keep it until the law allows it, or cancel it.";

/** Whether the action starts the order's way to the door now: sending out, or taking an ASAP delivery order. */
const goesOutNow = (action: ConsoleAction, order: OrderRow) =>
  !order.shipping && (action.type === "dispatch" || (action.type === "accept" && !order.scheduled));

/**
 * Why the law where the store sells forbids delivering the order from now until its ETA (the law's clock: the
 * system's, or LAW_CLOCK in tests); null when it allows it.
 */
async function sendingOutLawRefusal(
  ctx: ConsoleContext,
  tx: Transaction<Database>,
  order: OrderRow,
): Promise<string | null> {
  const classes = await saleClassesOfOrder(tx, order);
  if (classes.length === 0) return null;
  const [start, end] = deliveryInterval({ kind: "asap", etaMinutes: order.eta_minutes }, lawNowOf(ctx));
  return start && end ? deliveryLawRefusal(tx, order.store_id, classes, start, end) : null;
}

const lawNowOf = (ctx: ConsoleContext): Date =>
  ctx.config.lawClock
    ? clockAtLocalTime(ctx.config.lawClock.timeZone, ctx.config.lawClock.minute)()
    : (ctx.now ?? (() => new Date()))();

/** Whether the order may go out now by the store's hours and its slot (domain/console/dispatch-timing.ts). */
async function dispatchTimingOf(
  tx: Transaction<Database>,
  order: OrderRow,
  now: Date,
): Promise<DispatchTiming> {
  const store = await tx
    .selectFrom("stores")
    .select(["hours", "timezone"])
    .where("id", "=", order.store_id)
    .executeTakeFirstOrThrow();
  return dispatchTiming({
    now,
    shipping: order.shipping,
    scheduled: order.scheduled,
    store: { hours: isWeeklyHours(store.hours) ? store.hours : {}, timezone: store.timezone },
  });
}

/** Staff report lines short while picking: the substitutions are proposed to the shopper, and audited. */
export async function proposeShortLines(
  ctx: ConsoleContext,
  staff: Staff,
  orderId: string,
  lines: readonly ShortReport[],
): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const order = await staffOrder(tx, staff, orderId, true);
    await proposeSubstitutions(tx, ctx.outbox, order, lines, staff.userId);
    const state = stateOf(order);
    await recordAudit(tx, {
      actorId: staff.userId,
      storeId: order.store_id,
      orderId: order.id,
      action: "propose_substitutions",
      detail: { lines },
      before: state,
      after: state,
    });
  });
}
