import { createHash, randomBytes } from "node:crypto";
import type { QueryCreator, Transaction } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import { CHECKOUT_COLUMNS, columnsOf, ORDER_COLUMNS } from "#db/columns.ts";
import type { Database } from "#db/schema.ts";
import { giftExpiry } from "#domain/checkout/gift.ts";
import { taxRows } from "#domain/tax/summary.ts";
import { compiledOnce } from "#server/platform/db.ts";
import type { IntentState } from "#server/platform/payments/provider.ts";
import { placedColumnsOf, withCartEmptied } from "../cart/index.ts";
import { GIFT_EXPIRY, insertGiftClaim } from "../gifts/index.ts";
import { type OutgoingMessage, QUEUED_MESSAGE_ID, withQueued } from "../messages/index.ts";
import {
  moveOrder,
  ordersAsJson,
  ordersFromJson,
  restockOrder,
  scheduleStoreDeadlines,
} from "../orders/index.ts";
import { recordAuthorisationFailed, recordIntent, withAuthorisationSucceeded } from "../payments/index.ts";
import { refundCredit, releaseRedemptions } from "../promos/index.ts";
import type { CheckoutAnswer, CheckoutContext } from "./context.ts";
import { giftClaimMessage, orderConfirmation, type PlacedOrderSummary } from "./messages.ts";

type Tx = Transaction<Database>;

/**
 * Keeps the checkout's outcome on its row: a retry of the same checkout answers it again (`db`: the transaction, or
 * a statement of it to end with this write).
 */
async function recordAnswer(
  db: QueryCreator<Database>,
  checkoutId: string,
  answer: CheckoutAnswer,
): Promise<CheckoutAnswer> {
  const state = answer.status === "succeeded" ? "completed" : answer.status;
  await answerWrite(db, checkoutId, state, JSON.stringify(answer), new Date()).execute();
  return answer;
}

type CheckoutState = Database["checkouts"]["state"];

function answerWrite(
  db: QueryCreator<Database>,
  checkoutId: string,
  state: CheckoutState,
  answer: string,
  at: Date,
) {
  return db.updateTable("checkouts").set({ state, answer, updated_at: at }).where("id", "=", checkoutId);
}

/**
 * Settling's last statement when it placed orders, compiled once (ADR 77; Kysely built it again for every checkout,
 * the largest of settling's): the cart's lines the orders took deleted and its choices reset, the confirmation queued,
 * the answer kept, and the orders read as the shopper is answered them. Every list is one array parameter.
 */
const settledStatement = compiledOnce(
  (
    db,
    userId: string,
    skus: string[],
    line1: string[],
    line2: string[],
    line3: string[],
    at: Date,
    channel: OutgoingMessage["channel"],
    recipient: string,
    template: string,
    subject: string | null,
    body: string,
    checkoutId: string,
    answer: string,
    orderIds: string[],
  ) => {
    const emptied = withCartEmptied(db, userId, { skus, line1, line2, line3 }, at);
    const queued = withQueued(emptied as unknown as QueryCreator<Database>, {
      channel,
      recipient,
      template,
      subject,
      body,
    });
    return answerWrite(queued as unknown as QueryCreator<Database>, checkoutId, "completed", answer, at)
      .returning(QUEUED_MESSAGE_ID.as("message"))
      .returning(ordersAsJson(db, userId, orderIds).as("orders"));
  },
);

async function lockCheckout(tx: Tx, paymentId: string) {
  return tx
    .selectFrom("checkouts")
    .selectAll()
    .where("payment_id", "=", paymentId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/**
 * The checkout's orders waiting for its payment, locked, with what the confirmation names: the store, the lines
 * (`db`: the transaction, or a statement of it to end with this read).
 */
function ordersToPlace(db: QueryCreator<Database>, paymentId: string) {
  return db
    .selectFrom("orders as o")
    .innerJoin("stores as s", "s.id", "o.store_id")
    .select(columnsOf("o", ORDER_COLUMNS))
    .select("s.name as store_name")
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom("order_lines as l")
          .select(["l.title", "l.qty", "l.sku_id", "l.engraving"])
          .whereRef("l.order_id", "=", "o.id")
          .orderBy("l.id"),
      ).as("lines"),
    )
    .where("o.payment_id", "=", paymentId)
    .where("o.order_status", "=", -1)
    .orderBy("o.order_number")
    .forUpdate(["o"]);
}

/**
 * The authorisation marked succeeded and the orders waiting for it read, in one statement compiled once for each of
 * its three shapes (ADR 77): settling runs it for every paid checkout.
 */
const authorisedOrders = {
  /** Nothing to pay: no provider payment. */
  free: compiledOnce((db, paymentId: string, at: Date) =>
    ordersToPlace(withAuthorisationSucceeded(db, paymentId, null, at), paymentId),
  ),
  /** The provider's payment, with no card named. */
  intent: compiledOnce((db, paymentId: string, at: Date, intentId: string) =>
    ordersToPlace(withAuthorisationSucceeded(db, paymentId, { id: intentId, card: null }, at), paymentId),
  ),
  /** The provider's payment and its card. */
  card: compiledOnce((db, paymentId: string, at: Date, intentId: string, brand: string, last4: string) =>
    ordersToPlace(
      withAuthorisationSucceeded(db, paymentId, { id: intentId, card: { brand, last4 } }, at),
      paymentId,
    ),
  ),
};

function authorisedOrdersOf(tx: Tx, paymentId: string, intent: IntentState | null, at: Date) {
  if (!intent) return authorisedOrders.free(tx, paymentId, at);
  if (!intent.card) return authorisedOrders.intent(tx, paymentId, at, intent.id);
  return authorisedOrders.card(tx, paymentId, at, intent.id, intent.card.brand, intent.card.last4);
}

async function orderIdsOf(tx: Tx, checkoutId: string): Promise<string[]> {
  const rows = await tx
    .selectFrom("orders")
    .select("id")
    .where("checkout_id", "=", checkoutId)
    .orderBy("order_number")
    .execute();
  return rows.map((o) => o.id);
}

async function unpaidOrders(tx: Tx, paymentId: string) {
  return tx
    .selectFrom("orders")
    .selectAll()
    .where("payment_id", "=", paymentId)
    .where("order_status", "=", -1)
    .orderBy("order_number")
    .forUpdate()
    .execute();
}

/**
 * The payment is authorised (or nothing was due): the orders go to the stores (status 0, or 7 when scheduled or
 * waiting for a gift's recipient), the cart empties, the confirmation and any gift link go out, and each order
 * gets its acceptance deadline. Idempotent: a checkout already settled answers what it answered.
 */
export async function settleAuthorised(
  ctx: CheckoutContext,
  paymentId: string,
  intent: IntentState | null,
): Promise<CheckoutAnswer> {
  // The jobs it sends (each order's notification and deadlines, the confirmation's delivery) are written together.
  return ctx.db
    .transaction()
    .execute((tx) => ctx.jobs.gathered(tx, () => settleIn(ctx, tx, paymentId, intent)));
}

async function settleIn(
  ctx: CheckoutContext,
  tx: Tx,
  paymentId: string,
  intent: IntentState | null,
): Promise<CheckoutAnswer> {
  const checkout = await tx
    .selectFrom("checkouts as c")
    .innerJoin("users as u", "u.id", "c.user_id")
    .select(columnsOf("c", CHECKOUT_COLUMNS))
    .select(["u.email", "u.firstname"])
    .where("c.payment_id", "=", paymentId)
    .forUpdate(["c"])
    .executeTakeFirstOrThrow();
  if (checkout.state === "completed" || checkout.state === "failed") return checkout.answer as CheckoutAnswer;
  // The authorisation succeeded, the payment names the provider's intent and card, and the orders waiting for
  // it are locked and read: one statement.
  const now = ctx.now();
  const orders = await authorisedOrdersOf(tx, paymentId, intent, new Date());
  const summaries: PlacedOrderSummary[] = [];
  for (const order of orders) {
    const scheduled = order.scheduled !== null || order.is_gift;
    await moveOrder(
      ctx,
      tx,
      order,
      { type: "paymentAuthorised", scheduled: !order.shipping && scheduled },
      "payment",
    );
    const slot = order.scheduled && "start" in order.scheduled ? order.scheduled : null;
    const byRecipient = order.scheduled && "byRecipient" in order.scheduled;
    if (!byRecipient) await scheduleStoreDeadlines(ctx.jobs, tx, order, now);
    summaries.push({
      id: order.id,
      order_number: Number(order.order_number),
      store: order.store_name,
      when: order.shipping
        ? "shipped"
        : byRecipient
          ? "when the recipient chooses"
          : slot
            ? slot.label
            : `in about ${order.eta_minutes ?? 45} minutes`,
      lines: order.lines,
      tax: order.tax,
      taxes: taxRows(order.tax_lines),
      total: order.total,
    });
    if (order.is_gift) await sendGiftLink(ctx, tx, order, checkout.firstname, checkout.origin, now);
  }
  const answer: CheckoutAnswer = {
    status: "succeeded",
    checkout_id: checkout.id,
    // Every order of a checkout waits for its payment until this settles them together, under the checkout's lock.
    order_ids: orders.length > 0 ? orders.map((o) => o.id) : await orderIdsOf(tx, checkout.id),
  };
  // The cart's lines the orders took go (lines left out, unavailable where the order went, stay), and the
  // confirmation is queued, in the answer's statement.
  const placed = orders.length > 0 ? placedColumnsOf(orders.flatMap((o) => o.lines)) : undefined;
  if (summaries.length === 0) {
    const emptied = withCartEmptied(tx, checkout.user_id, placed, new Date());
    return recordAnswer(emptied as unknown as QueryCreator<Database>, checkout.id, answer);
  }
  const confirmation = orderConfirmation(checkout.email, checkout.firstname, summaries, checkout.origin);
  // The orders as the shopper is answered them, read by the same statement: no read after commit.
  const [{ message, orders: placedOrders }] = await settledStatement(
    tx,
    checkout.user_id,
    placed?.skus ?? [],
    placed?.line1 ?? [],
    placed?.line2 ?? [],
    placed?.line3 ?? [],
    new Date(),
    confirmation.channel,
    confirmation.recipient,
    confirmation.template,
    confirmation.subject ?? null,
    confirmation.body,
    checkout.id,
    JSON.stringify(answer),
    answer.order_ids,
  );
  await ctx.outbox.sendQueued(tx, message);
  return { ...answer, orders: await ordersFromJson(ctx.db, placedOrders) };
}

/**
 * A gift's claim link: 128+ random bits, kept only as a hash, lapsing with the gift; sent to the recipient. A gift
 * left to its recipient to schedule gets its expiry job (the gifts module cancels it then, unless claimed).
 */
async function sendGiftLink(
  ctx: CheckoutContext,
  tx: Tx,
  order: { id: string; user_id: string; gift_info: unknown; created_at: Date; scheduled: unknown },
  sender: string,
  origin: string,
  now: Date,
): Promise<void> {
  const gift = order.gift_info as {
    recipient: string;
    email: string | null;
    mobile: string | null;
    note: string | null;
    occasion: string | null;
    expires: string;
  };
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(gift.expires ?? giftExpiry(now));
  await insertGiftClaim(tx, {
    orderId: order.id,
    tokenHash: createHash("sha256").update(token).digest("hex"),
    expiresAt,
  });
  const byRecipient =
    typeof order.scheduled === "object" && order.scheduled && "byRecipient" in order.scheduled;
  if (byRecipient)
    await ctx.jobs.send(
      GIFT_EXPIRY,
      { orderId: order.id },
      { tx, startAfter: expiresAt, singletonKey: order.id },
    );
  await ctx.outbox.enqueue(
    tx,
    giftClaimMessage(
      { email: gift.email, mobile: gift.mobile },
      {
        from: sender,
        recipient: gift.recipient,
        note: gift.note,
        occasion: gift.occasion,
        expires: new Date(gift.expires),
        byRecipient: Boolean(byRecipient),
      },
      `${origin}/giftclaim/${order.id}?token=${token}`,
    ),
  );
}

/**
 * The payment failed (declined, 3-D Secure failed, the provider refused): in one transaction, the orders are
 * cancelled, their stock is back on the shelves, the promo redemption is undone and spent credit is refunded.
 * Idempotent, like settling.
 */
export async function releaseCheckout(
  ctx: CheckoutContext,
  paymentId: string,
  error: { code: string; message: string; http: number },
  /** The provider's payment that failed, when there is one. */
  intentId?: string,
): Promise<CheckoutAnswer> {
  return ctx.db.transaction().execute(async (tx) => {
    const checkout = await lockCheckout(tx, paymentId);
    if (checkout.state === "completed" || checkout.state === "failed")
      return checkout.answer as CheckoutAnswer;
    await recordAuthorisationFailed(tx, paymentId, error.message, intentId);
    for (const order of await unpaidOrders(tx, paymentId)) {
      await moveOrder(ctx, tx, order, { type: "paymentFailed" }, "payment");
      await restockOrder(tx, order);
    }
    await releaseRedemptions(tx, checkout.id);
    const spent = await tx
      .selectFrom("credit_entries")
      .select("amount")
      .where("checkout_id", "=", checkout.id)
      .where("kind", "=", "spent")
      .executeTakeFirst();
    if (spent)
      await refundCredit(tx, checkout.user_id, spent.amount, checkout.id, "Payment did not go through");
    const answer: CheckoutAnswer = { status: "failed", checkout_id: checkout.id, error };
    return recordAnswer(tx, checkout.id, answer);
  });
}

/** The shopper must pass 3-D Secure: the checkout waits, and says where to go. */
export async function awaitChallenge(
  ctx: CheckoutContext,
  paymentId: string,
  intent: IntentState,
): Promise<CheckoutAnswer> {
  return ctx.db.transaction().execute(async (tx) => {
    const checkout = await lockCheckout(tx, paymentId);
    if (checkout.state !== "processing") return checkout.answer as CheckoutAnswer;
    // Before the shopper can answer the challenge: its notice finds the payment by this id.
    await recordIntent(tx, paymentId, intent.id);
    const answer: CheckoutAnswer = {
      status: "requires_action",
      checkout_id: checkout.id,
      payment_intent_id: intent.id,
      redirect_url: intent.nextActionUrl ?? "",
    };
    return recordAnswer(tx, checkout.id, answer);
  });
}

/** Settles a checkout by what the provider says of its payment now (never by what a return page or event claims). */
export async function settleByIntent(
  ctx: CheckoutContext,
  paymentId: string,
  intent: IntentState,
): Promise<CheckoutAnswer> {
  switch (intent.status) {
    case "requires_capture":
    case "succeeded":
      return settleAuthorised(ctx, paymentId, intent);
    case "requires_action":
      return awaitChallenge(ctx, paymentId, intent);
    case "processing":
      return awaitChallenge(ctx, paymentId, intent);
    default:
      return releaseDeclined(ctx, paymentId, intent);
  }
}

/** Releases a checkout whose authorisation the provider refused, with the provider's reason for the shopper. */
export function releaseDeclined(ctx: CheckoutContext, paymentId: string, intent: IntentState) {
  return releaseCheckout(
    ctx,
    paymentId,
    {
      code: intent.failure?.code ?? "payment_failed",
      message: intent.failure?.message ?? "Your payment did not go through.",
      http: 402,
    },
    intent.id,
  );
}

/** A notice from the provider (webhook, sandbox challenge): re-read the payment and settle its checkout. */
export async function settleNotice(ctx: CheckoutContext, intentId: string): Promise<CheckoutAnswer | null> {
  const payment = await ctx.db
    .selectFrom("payments")
    .select(["id", "purpose"])
    .where("provider_intent_id", "=", intentId)
    .executeTakeFirst();
  // The checkout that made the payment may not have recorded it yet: the job tries again.
  if (!payment) throw new Error(`no payment for intent ${intentId} yet`);
  // A charge after the order (a tip) is settled by the request that makes it (payments/charge-extra.ts), not by notices.
  if (payment.purpose !== "checkout") return null;
  return settleByIntent(ctx, payment.id, await ctx.provider.retrieve(intentId));
}
