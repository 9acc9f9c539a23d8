import { randomUUID } from "node:crypto";
import type { PaymentPurpose } from "../../../db/schema-payments.ts";
import { AppError } from "../../errors.ts";
import type { Db } from "../../platform/db.ts";
import { type IntentState, type PaymentProvider, ProviderError } from "../../platform/payments/provider.ts";
import { customerFor } from "../payments/index.ts";

/**
 * A charge after the order (docs/adr/0028-tips-feedback-reviews.md): a tip today, a substitution's price difference
 * tomorrow. It is a payment of its own, authorised and captured at once, on the card the order was paid with when
 * that was a saved card, else on the shopper's primary saved card. It is ledgered like a checkout's payment: the
 * payment and its operations are written pending before the provider is called, each call carries a key derived
 * from the caller's idempotency key, so the same key again never charges twice: it answers the first outcome, or
 * carries on where a lost answer left off.
 */
export interface ExtraCharge {
  userId: string;
  orderId: string;
  /** Cents, more than 0. */
  amount: number;
  purpose: Exclude<PaymentPurpose, "checkout">;
  /** The caller's key for this charge: the same key is the same charge. */
  idempotencyKey: string;
  /** What the shopper's statement says. */
  description: string;
  /** Where a provider would send the shopper back after a challenge (the store's origin). */
  origin: string;
}

export type ExtraChargeOutcome =
  | { status: "succeeded"; paymentId: string; amount: number; card: { brand: string; last4: string } }
  /** The provider refused, in its own words (spec §5: card errors show the provider's message). */
  | { status: "failed"; paymentId: string; code: string; message: string };

export const NO_CARD =
  "We don't have a card on your account we can charge. Add one under Account › Payment methods, then try again.";
export const CHARGE_IN_PROGRESS = "This charge is already going through. One moment, please.";
export const CHARGE_UNAVAILABLE =
  "The card provider did not answer. Nothing was charged yet: please try again.";
export const CHARGE_NEEDS_ACTION =
  "Your bank wants to confirm this charge, which we can't do here. Make another card your primary card and try again.";

/**
 * A pending charge untouched this long (wall time, not the app's clock) is taken up again by the next request with
 * its key: the request that started it died or lost the provider's answer.
 */
const LEASE_MS = 30_000;

/** One charge after the order. Throws AppError: 409 no card or already going through, 422 key reused, 502 no answer. */
export async function chargeExtra(
  ctx: { db: Db; provider: PaymentProvider },
  charge: ExtraCharge,
): Promise<ExtraChargeOutcome> {
  if (!Number.isInteger(charge.amount) || charge.amount <= 0)
    throw new AppError(400, "invalid_amount", "A charge must be a positive whole number of cents.");
  const earlier = await ctx.db
    .selectFrom("payments")
    .selectAll()
    .where("idempotency_key", "=", charge.idempotencyKey)
    .executeTakeFirst();
  const payment = earlier ?? (await createPayment(ctx, charge));
  if (
    payment.user_id !== charge.userId ||
    payment.order_id !== charge.orderId ||
    payment.amount !== charge.amount
  )
    throw new AppError(422, "idempotency_key_reused", "This charge was already made with other details.");
  if (earlier) {
    const known = await outcomeOf(ctx.db, payment.id);
    if (known) return known;
    // Still pending: going through in another request, or left by one that died (then we carry it on).
    const claimed = await ctx.db
      .updateTable("payments")
      .set({ updated_at: new Date() })
      .where("id", "=", payment.id)
      .where("updated_at", "<=", new Date(Date.now() - LEASE_MS))
      .returning("id")
      .executeTakeFirst();
    if (!claimed) throw new AppError(409, "charge_in_progress", CHARGE_IN_PROGRESS);
  }
  return carryOut(ctx, payment.id, charge);
}

/** The saved card to charge for an order: the one it was paid with, else the primary one; null when there is none. */
async function cardFor(db: Db, userId: string, orderId: string) {
  const live = db
    .selectFrom("cards")
    .select(["id", "provider_card_id", "brand", "last4"])
    .where("user_id", "=", userId)
    .where("removed_at", "is", null);
  const paidWith = await db
    .selectFrom("orders as o")
    .innerJoin("payments as p", "p.id", "o.payment_id")
    .select("p.card_id")
    .where("o.id", "=", orderId)
    .where("o.user_id", "=", userId)
    .executeTakeFirst();
  const same = paidWith?.card_id
    ? await live.where("id", "=", paidWith.card_id).executeTakeFirst()
    : undefined;
  return same ?? (await live.where("is_primary", "=", true).executeTakeFirst()) ?? null;
}

async function createPayment(ctx: { db: Db; provider: PaymentProvider }, charge: ExtraCharge) {
  const card = await cardFor(ctx.db, charge.userId, charge.orderId);
  if (!card) throw new AppError(409, "no_card", NO_CARD);
  const key = charge.idempotencyKey;
  const written = await ctx.db.transaction().execute(async (tx) => {
    const payment = await tx
      .insertInto("payments")
      .values({
        id: `pay_${randomUUID()}`,
        checkout_id: null,
        purpose: charge.purpose,
        order_id: charge.orderId,
        card_id: card.id,
        idempotency_key: key,
        user_id: charge.userId,
        provider: ctx.provider.name,
        method: "card",
        amount: charge.amount,
        card_brand: card.brand,
        card_last4: card.last4,
        updated_at: new Date(),
      })
      .onConflict((oc) => oc.column("idempotency_key").doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!payment) return null;
    await tx
      .insertInto("payment_operations")
      .values([
        {
          payment_id: payment.id,
          kind: "authorisation",
          amount: charge.amount,
          status: "pending",
          idempotency_key: `${key}:authorise`,
          order_id: charge.orderId,
        },
        {
          payment_id: payment.id,
          kind: "capture",
          amount: charge.amount,
          status: "pending",
          idempotency_key: `${key}:capture`,
          order_id: charge.orderId,
        },
      ])
      .execute();
    return payment;
  });
  // Another request with the same key wrote it first: it is carrying the charge out.
  if (!written) throw new AppError(409, "charge_in_progress", CHARGE_IN_PROGRESS);
  return written;
}

/** What a charge came to, once its operations are settled; null while any is pending. */
async function outcomeOf(db: Db, paymentId: string): Promise<ExtraChargeOutcome | null> {
  const payment = await db
    .selectFrom("payments")
    .select(["amount", "card_brand", "card_last4", "failure_message"])
    .where("id", "=", paymentId)
    .executeTakeFirstOrThrow();
  const ops = await db
    .selectFrom("payment_operations")
    .select(["kind", "status", "failure"])
    .where("payment_id", "=", paymentId)
    .orderBy("id")
    .execute();
  const failed = ops.find((o) => o.status === "failed");
  if (failed)
    return {
      status: "failed",
      paymentId,
      code: "payment_failed",
      message: payment.failure_message ?? failed.failure ?? "Your card was declined.",
    };
  if (ops.some((o) => o.status === "pending")) return null;
  return {
    status: "succeeded",
    paymentId,
    amount: payment.amount,
    card: { brand: payment.card_brand ?? "card", last4: payment.card_last4 ?? "" },
  };
}

/** Authorises and captures, marking each operation as the provider answers; a refusal is an outcome, not an error. */
async function carryOut(
  ctx: { db: Db; provider: PaymentProvider },
  paymentId: string,
  charge: ExtraCharge,
): Promise<ExtraChargeOutcome> {
  const key = charge.idempotencyKey;
  const payment = await ctx.db
    .selectFrom("payments as p")
    .innerJoin("cards as c", "c.id", "p.card_id")
    .select(["p.provider_intent_id", "c.provider_card_id"])
    .where("p.id", "=", paymentId)
    .executeTakeFirstOrThrow();
  const mark = async (
    kind: "authorisation" | "capture",
    status: "succeeded" | "failed",
    extra: { failure?: string; providerRef?: string } = {},
  ) => {
    await ctx.db
      .updateTable("payment_operations")
      .set({
        status,
        failure: extra.failure ?? null,
        provider_ref: extra.providerRef ?? null,
        updated_at: new Date(),
      })
      .where("payment_id", "=", paymentId)
      .where("kind", "=", kind)
      .where("status", "=", "pending")
      .execute();
  };
  const refuse = async (code: string, message: string): Promise<ExtraChargeOutcome> => {
    await mark("authorisation", "failed", { failure: message });
    await mark("capture", "failed", { failure: "Not authorised." });
    await ctx.db
      .updateTable("payments")
      .set({ failure_message: message, updated_at: new Date() })
      .where("id", "=", paymentId)
      .execute();
    return { status: "failed", paymentId, code, message };
  };
  const unavailable = (err: unknown) => {
    if (err instanceof ProviderError && err.retryable)
      return new AppError(502, "payment_provider_unavailable", CHARGE_UNAVAILABLE);
    return err;
  };

  let intent: IntentState;
  try {
    intent = await ctx.provider.authorise({
      amount: charge.amount,
      currency: "usd",
      customerId: await customerFor(ctx.db, ctx.provider, charge.userId),
      source: { kind: "saved", cardId: payment.provider_card_id },
      returnUrl: `${charge.origin}/3dscb`,
      description: charge.description,
      metadata: { order_id: charge.orderId, user_id: charge.userId, purpose: charge.purpose },
      idempotencyKey: `${key}:authorise`,
    });
  } catch (err) {
    if (err instanceof ProviderError && !err.retryable) return refuse(err.code, err.message);
    throw unavailable(err);
  }
  await ctx.db
    .updateTable("payments")
    .set({ provider_intent_id: intent.id, updated_at: new Date() })
    .where("id", "=", paymentId)
    .execute();
  if (intent.status === "requires_action" || intent.status === "processing") {
    // Nobody is here to pass a challenge for an extra charge: the hold, if any, is released.
    await ctx.provider.cancel(intent.id, `${key}:void`).catch(() => undefined);
    return refuse("authentication_required", CHARGE_NEEDS_ACTION);
  }
  if (intent.status !== "requires_capture" && intent.status !== "succeeded")
    return refuse(
      intent.failure?.code ?? "card_declined",
      intent.failure?.message ?? "Your card was declined.",
    );
  await mark("authorisation", "succeeded", { providerRef: intent.id });
  if (intent.status === "requires_capture") {
    try {
      intent = await ctx.provider.capture(intent.id, charge.amount, `${key}:capture`);
    } catch (err) {
      if (err instanceof ProviderError && !err.retryable) {
        await ctx.provider.cancel(intent.id, `${key}:void`).catch(() => undefined);
        await mark("capture", "failed", { failure: err.message });
        await ctx.db
          .updateTable("payments")
          .set({ failure_message: err.message, updated_at: new Date() })
          .where("id", "=", paymentId)
          .execute();
        return { status: "failed", paymentId, code: err.code, message: err.message };
      }
      throw unavailable(err);
    }
  }
  await mark("capture", "succeeded", { providerRef: intent.id });
  return (await outcomeOf(ctx.db, paymentId))!;
}
