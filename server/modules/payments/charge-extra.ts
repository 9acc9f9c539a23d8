import { randomUUID } from "node:crypto";
import type { PaymentPurpose } from "#db/schema-payments.ts";
import { AppError } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import {
  type IntentState,
  type PaymentProvider,
  type PaymentSource,
  ProviderError,
} from "#server/platform/payments/provider.ts";
import { addCard, customerFor, ownCard } from "./cards.ts";

/**
 * A charge after the order (docs/adr/0028-tips-feedback-reviews.md, 0052-tips-on-the-shoppers-card.md): a tip, a
 * substitution's price difference. It is a payment of its own, authorised and captured at once, on the card the
 * shopper chose (a saved card, or a new card's token), else on the card the order was paid with when that was a
 * saved card, else on the shopper's primary saved card. It is ledgered like a checkout's payment: the payment and
 * its operations are written pending before the provider is called, each call carries a key derived from the
 * caller's idempotency key, so the same key again never charges twice: it answers the first outcome, or carries on
 * where a lost answer (or a 3-D Secure challenge) left off.
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
  /** The card the shopper chose; without one, the order's saved card, else the primary one. */
  source?: ExtraChargeSource;
  /**
   * Where the shopper comes back to after a 3-D Secure challenge (a path under `origin`, `/3dscb?…`). With it, a
   * charge the bank wants to check answers the challenge; without it (nobody is on a page to pass one), it is
   * refused and its hold released.
   */
  challengeReturnPath?: string;
}

/** A saved card of the shopper's (our id), or a new card's token from the provider's own page (saved first if asked). */
export type ExtraChargeSource =
  | { kind: "card"; cardId: string }
  | { kind: "token"; token: string; save: boolean };

export type ExtraChargeOutcome =
  | { status: "succeeded"; paymentId: string; amount: number; card: { brand: string; last4: string } }
  /** The bank wants the shopper to authenticate on the provider's page first; the charge waits for it. */
  | { status: "requires_action"; paymentId: string; intentId: string; redirectUrl: string }
  /** The provider refused, in its own words (spec §5: card errors show the provider's message). */
  | { status: "failed"; paymentId: string; code: string; message: string };

export const NO_CARD =
  "We don't have a card on your account we can charge. Add one under Account › Payment methods, then try again.";
export const CHARGE_IN_PROGRESS = "This charge is already going through. One moment, please.";
export const CHARGE_UNAVAILABLE =
  "The card provider did not answer. Nothing was charged yet: please try again.";
export const CHARGE_NEEDS_ACTION =
  "Your bank wants to confirm this charge, which we can't do here. Make another card your primary card and try again.";
export const CHARGE_ABANDONED = "Not completed: another card was chosen.";

/**
 * A pending charge untouched this long (wall time, not the app's clock) is taken up again by the next request with
 * its key: the request that started it died or lost the provider's answer.
 */
const LEASE_MS = 30_000;

type Ctx = { db: Db; provider: PaymentProvider };
type PaymentRow = NonNullable<Awaited<ReturnType<typeof paymentByKey>>>;

const paymentByKey = (db: Db, key: string) =>
  db.selectFrom("payments").selectAll().where("idempotency_key", "=", key).executeTakeFirst();

/**
 * One charge after the order. Throws AppError: 404 a chosen card not the shopper's, 409 no card or already going
 * through, 422 key reused, 502 no answer.
 */
export async function chargeExtra(ctx: Ctx, charge: ExtraCharge): Promise<ExtraChargeOutcome> {
  if (!Number.isInteger(charge.amount) || charge.amount <= 0)
    throw new AppError(400, "invalid_amount", "A charge must be a positive whole number of cents.");
  const earlier = await paymentByKey(ctx.db, charge.idempotencyKey);
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
    // Still pending: going through in another request, left by one that died (then we carry it on), or waiting
    // for the shopper's challenge (its request let go of it).
    if (!(await claimLease(ctx.db, payment.id)))
      throw new AppError(409, "charge_in_progress", CHARGE_IN_PROGRESS);
  }
  return proceed(ctx, payment, charge, await authorise(ctx, payment, charge, Boolean(earlier)));
}

/**
 * Gives up the charge under `key` when it has not gone through: a challenge the shopper left (the shopper chose
 * another card), or a refusal. Its intent is cancelled at the provider (no hold stays on the card) and the charge
 * marked failed. False when it went through or may still: the caller must not start another.
 */
export async function abandonExtraCharge(ctx: Ctx, key: string): Promise<boolean> {
  const payment = await paymentByKey(ctx.db, key);
  if (!payment) return true;
  const known = await outcomeOf(ctx.db, payment.id);
  if (known) return known.status === "failed";
  // Not yet answered by the provider, or in another request's hands: it may still go through.
  if (!payment.provider_intent_id || !(await claimLease(ctx.db, payment.id))) return false;
  const intent = await retrieve(ctx, payment);
  if (intent.status === "requires_action" || intent.status === "requires_capture") {
    await ctx.provider.cancel(intent.id, `${key}:void`).catch((err) => {
      throw unavailable(err);
    });
    await refuse(ctx.db, payment.id, CHARGE_ABANDONED);
    return true;
  }
  if (intent.status === "failed" || intent.status === "canceled") {
    await refuse(ctx.db, payment.id, intent.failure?.message ?? "Your card was declined.");
    return true;
  }
  // It went through meanwhile: the next request with its key records it.
  await releaseLease(ctx.db, payment.id);
  return false;
}

/** The charge a provider's intent belongs to, when it is one of the user's charges after an order. */
export async function extraChargeByIntent(db: Db, userId: string, intentId: string) {
  return db
    .selectFrom("payments")
    .select(["id", "order_id", "purpose", "idempotency_key", "amount", "card_id"])
    .where("provider_intent_id", "=", intentId)
    .where("user_id", "=", userId)
    .where("purpose", "!=", "checkout")
    .executeTakeFirst();
}

/** The saved card (our id) the charge under `key` uses; null for a one-off token; undefined when there is no charge. */
export async function extraChargeCard(db: Db, key: string): Promise<string | null | undefined> {
  const payment = await paymentByKey(db, key);
  return payment ? payment.card_id : undefined;
}

/** A charge handed to the shopper's challenge is in no request's hands: the next request may take it up at once. */
async function releaseLease(db: Db, paymentId: string): Promise<void> {
  await db
    .updateTable("payments")
    .set({ updated_at: new Date(Date.now() - LEASE_MS) })
    .where("id", "=", paymentId)
    .execute();
}

async function claimLease(db: Db, paymentId: string): Promise<boolean> {
  const claimed = await db
    .updateTable("payments")
    .set({ updated_at: new Date() })
    .where("id", "=", paymentId)
    .where("updated_at", "<=", new Date(Date.now() - LEASE_MS))
    .returning("id")
    .executeTakeFirst();
  return Boolean(claimed);
}

/** The card to charge: the one chosen (a new card's token saved first when asked), else the order's, else the primary. */
async function cardFor(
  ctx: Ctx,
  charge: ExtraCharge,
): Promise<{ id: string; brand: string; last4: string } | { token: string } | null> {
  const { db } = ctx;
  const chosen = charge.source;
  if (chosen?.kind === "card") return ownCard(db, charge.userId, chosen.cardId);
  if (chosen?.kind === "token") {
    if (!chosen.save) return { token: chosen.token };
    const saved = await addCard(db, ctx.provider, charge.userId, chosen.token);
    return ownCard(db, charge.userId, saved.id);
  }
  const live = db
    .selectFrom("cards")
    .select(["id", "brand", "last4"])
    .where("user_id", "=", charge.userId)
    .where("removed_at", "is", null);
  const paidWith = await db
    .selectFrom("orders as o")
    .innerJoin("payments as p", "p.id", "o.payment_id")
    .select("p.card_id")
    .where("o.id", "=", charge.orderId)
    .where("o.user_id", "=", charge.userId)
    .executeTakeFirst();
  const same = paidWith?.card_id
    ? await live.where("id", "=", paidWith.card_id).executeTakeFirst()
    : undefined;
  return same ?? (await live.where("is_primary", "=", true).executeTakeFirst()) ?? null;
}

async function createPayment(ctx: Ctx, charge: ExtraCharge) {
  const card = await cardFor(ctx, charge);
  if (!card) throw new AppError(409, "no_card", NO_CARD);
  const key = charge.idempotencyKey;
  const saved = "id" in card ? card : null;
  const written = await ctx.db.transaction().execute(async (tx) => {
    const payment = await tx
      .insertInto("payments")
      .values({
        id: `pay_${randomUUID()}`,
        checkout_id: null,
        purpose: charge.purpose,
        order_id: charge.orderId,
        card_id: saved?.id ?? null,
        // A one-off token is kept so that carrying the charge on asks the provider the very same thing.
        source_token: saved ? null : (card as { token: string }).token,
        idempotency_key: key,
        user_id: charge.userId,
        provider: ctx.provider.name,
        method: "card",
        amount: charge.amount,
        card_brand: saved?.brand ?? null,
        card_last4: saved?.last4 ?? null,
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

const unavailable = (err: unknown) => {
  if (err instanceof ProviderError && err.retryable)
    return new AppError(502, "payment_provider_unavailable", CHARGE_UNAVAILABLE);
  return err;
};

async function mark(
  db: Db,
  paymentId: string,
  kind: "authorisation" | "capture",
  status: "succeeded" | "failed",
  extra: { failure?: string; providerRef?: string } = {},
) {
  await db
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
}

/** Marks what is still pending of the charge failed, with the words the shopper is shown. */
async function refuse(db: Db, paymentId: string, message: string) {
  await mark(db, paymentId, "authorisation", "failed", { failure: message });
  await mark(db, paymentId, "capture", "failed", { failure: "Not authorised." });
  await db
    .updateTable("payments")
    .set({ failure_message: message, updated_at: new Date() })
    .where("id", "=", paymentId)
    .execute();
}

async function retrieve(ctx: Ctx, payment: PaymentRow): Promise<IntentState> {
  try {
    return await ctx.provider.retrieve(payment.provider_intent_id!);
  } catch (err) {
    throw unavailable(err);
  }
}

/**
 * Asks the provider to authorise, with the key derived from ours and the card recorded on the payment, so a request
 * carrying the charge on asks exactly what the first one asked (the provider answers a repeated key with its first
 * answer). A refusal is an outcome, recorded; no answer is a 502, the charge left pending for a retry.
 */
async function authorise(
  ctx: Ctx,
  payment: PaymentRow,
  charge: ExtraCharge,
  carriedOn: boolean,
): Promise<IntentState | { refused: ProviderError }> {
  let source: PaymentSource;
  if (payment.card_id) {
    const card = await ctx.db
      .selectFrom("cards")
      .select("provider_card_id")
      .where("id", "=", payment.card_id)
      .executeTakeFirstOrThrow();
    source = { kind: "saved", cardId: card.provider_card_id };
  } else source = { kind: "token", token: payment.source_token! };
  let intent: IntentState;
  try {
    intent = await ctx.provider.authorise({
      amount: charge.amount,
      currency: "usd",
      customerId: await customerFor(ctx.db, ctx.provider, charge.userId),
      source,
      returnUrl: `${charge.origin}${charge.challengeReturnPath ?? "/3dscb"}`,
      description: charge.description,
      metadata: { order_id: charge.orderId, user_id: charge.userId, purpose: charge.purpose },
      idempotencyKey: `${charge.idempotencyKey}:authorise`,
    });
  } catch (err) {
    if (err instanceof ProviderError && !err.retryable) return { refused: err };
    throw unavailable(err);
  }
  await ctx.db
    .updateTable("payments")
    .set({
      provider_intent_id: intent.id,
      ...(intent.card ? { card_brand: intent.card.brand, card_last4: intent.card.last4 } : {}),
      updated_at: new Date(),
    })
    .where("id", "=", payment.id)
    .execute();
  // A repeated key answers the first answer: a challenge the shopper may have passed since. Read it as it stands.
  if (carriedOn && intent.status === "requires_action")
    return ctx.provider.retrieve(intent.id).catch(() => intent);
  return intent;
}

/** Takes the intent where it stands: waits for a challenge, refuses, or captures and marks the charge done. */
async function proceed(
  ctx: Ctx,
  payment: PaymentRow,
  charge: ExtraCharge,
  answer: IntentState | { refused: ProviderError },
): Promise<ExtraChargeOutcome> {
  const key = charge.idempotencyKey;
  const failed = async (code: string, message: string): Promise<ExtraChargeOutcome> => {
    await refuse(ctx.db, payment.id, message);
    return { status: "failed", paymentId: payment.id, code, message };
  };
  if ("refused" in answer) return failed(answer.refused.code, answer.refused.message);
  let intent = answer;
  if (intent.status === "requires_action" && charge.challengeReturnPath && intent.nextActionUrl) {
    await releaseLease(ctx.db, payment.id);
    return {
      status: "requires_action",
      paymentId: payment.id,
      intentId: intent.id,
      redirectUrl: intent.nextActionUrl,
    };
  }
  if (intent.status === "requires_action" || intent.status === "processing") {
    // Nobody is here to pass a challenge for this charge: the hold, if any, is released.
    await ctx.provider.cancel(intent.id, `${key}:void`).catch(() => undefined);
    return failed("authentication_required", CHARGE_NEEDS_ACTION);
  }
  if (intent.status !== "requires_capture" && intent.status !== "succeeded")
    return failed(
      intent.failure?.code ?? "card_declined",
      intent.failure?.message ?? "Your card was declined.",
    );
  await mark(ctx.db, payment.id, "authorisation", "succeeded", { providerRef: intent.id });
  if (intent.status === "requires_capture") {
    try {
      intent = await ctx.provider.capture(intent.id, charge.amount, `${key}:capture`);
    } catch (err) {
      if (err instanceof ProviderError && !err.retryable) {
        await ctx.provider.cancel(intent.id, `${key}:void`).catch(() => undefined);
        await mark(ctx.db, payment.id, "capture", "failed", { failure: err.message });
        await ctx.db
          .updateTable("payments")
          .set({ failure_message: err.message, updated_at: new Date() })
          .where("id", "=", payment.id)
          .execute();
        return { status: "failed", paymentId: payment.id, code: err.code, message: err.message };
      }
      throw unavailable(err);
    }
  }
  await mark(ctx.db, payment.id, "capture", "succeeded", { providerRef: intent.id });
  return (await outcomeOf(ctx.db, payment.id))!;
}
