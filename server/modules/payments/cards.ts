import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { SavedCard } from "#domain/payments/types.ts";
import { AppError, notFound } from "#server/errors.ts";

export type { SavedCard };

import type { Db } from "#server/platform/db.ts";
import { type PaymentProvider, ProviderError } from "#server/platform/payments/provider.ts";
import { createTtlCache, type TtlCache } from "#server/platform/ttl-cache.ts";
import { setPaymentCustomerId } from "../accounts/index.ts";

export const CARD_NOT_FOUND = "That card is not on your account.";

/** A provider's refusal, in its own words (spec §5: card errors show the provider's message). */
export function providerRefusal(err: unknown): never {
  if (err instanceof ProviderError) {
    throw err.retryable
      ? new AppError(
          502,
          "payment_provider_unavailable",
          "The payment provider did not answer. Please try again.",
        )
      : new AppError(402, err.code, err.message);
  }
  throw err;
}

/**
 * Customers the provider confirmed in the last ten minutes, per provider: a checkout does not ask again (one call
 * to Stripe, one query on the sandbox). One deleted at the provider meanwhile makes that charge fail in the
 * provider's words, and is asked about again once its entry lapses.
 */
const confirmedCustomers = new WeakMap<PaymentProvider, TtlCache<string>>();

function confirmed(provider: PaymentProvider): TtlCache<string> {
  let cache = confirmedCustomers.get(provider);
  if (!cache) {
    cache = createTtlCache<string>(10 * 60_000, 10_000);
    confirmedCustomers.set(provider, cache);
  }
  return cache;
}

/** The provider's customer for a user, created on first need and kept on the user (spec §3 stripeCustID). */
export async function customerFor(
  db: Db,
  provider: PaymentProvider,
  userId: string,
  /** The user's email and customer id when the caller has read them already. */
  known?: { email: string; payment_customer_id: string | null },
): Promise<string> {
  const user =
    known ??
    (await db
      .selectFrom("users")
      .select(["email", "payment_customer_id"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow());
  const customerId = await confirmed(provider)
    .get(`${userId}|${user.payment_customer_id ?? ""}|${user.email}`, () =>
      provider.ensureCustomer({ userId, email: user.email, existing: user.payment_customer_id }),
    )
    .catch(providerRefusal);
  if (customerId !== user.payment_customer_id) {
    await setPaymentCustomerId(db, userId, customerId);
    // Just made or found by the provider: the next checkout need not ask again.
    await confirmed(provider).get(`${userId}|${customerId}|${user.email}`, async () => customerId);
  }
  return customerId;
}

export async function listCards(db: Db, userId: string): Promise<SavedCard[]> {
  const rows = await db
    .selectFrom("cards")
    .selectAll()
    .where("user_id", "=", userId)
    .where("removed_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toCard);
}

/**
 * POST /order/card {token}: the card the provider's page tokenised, saved on the user's customer. The first card
 * becomes the primary one.
 */
export async function addCard(
  db: Db,
  provider: PaymentProvider,
  userId: string,
  token: string,
): Promise<SavedCard> {
  const customerId = await customerFor(db, provider, userId);
  const card = await provider
    .attachCard({ customerId, token, idempotencyKey: `attach:${userId}:${token}` })
    .catch(providerRefusal);
  return db.transaction().execute(async (tx) => {
    // Serialises a user's card changes, so two first cards cannot both become primary.
    await sql`select id from users where id = ${userId} for update`.execute(tx);
    const hasPrimary = await tx
      .selectFrom("cards")
      .select("id")
      .where("user_id", "=", userId)
      .where("is_primary", "=", true)
      .where("removed_at", "is", null)
      .executeTakeFirst();
    const row = await tx
      .insertInto("cards")
      .values({
        id: `card_${randomUUID()}`,
        user_id: userId,
        provider: provider.name,
        provider_card_id: card.id,
        brand: card.brand,
        last4: card.last4,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        country: card.country,
        is_primary: !hasPrimary,
      })
      .onConflict((oc) => oc.columns(["provider", "provider_card_id"]).doUpdateSet({ removed_at: null }))
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCard(row);
  });
}

/** PATCH /order/card {cardId}: the card checkout offers first. */
export async function setPrimaryCard(db: Db, userId: string, cardId: string): Promise<SavedCard[]> {
  await db.transaction().execute(async (tx) => {
    await sql`select id from users where id = ${userId} for update`.execute(tx);
    await ownCard(tx, userId, cardId);
    await tx
      .updateTable("cards")
      .set({ is_primary: false })
      .where("user_id", "=", userId)
      .where("is_primary", "=", true)
      .execute();
    await tx.updateTable("cards").set({ is_primary: true }).where("id", "=", cardId).execute();
  });
  return listCards(db, userId);
}

/** DELETE /order/card {cardId}: removed at the provider and from the list; the newest other card becomes primary. */
export async function removeCard(
  db: Db,
  provider: PaymentProvider,
  userId: string,
  cardId: string,
): Promise<SavedCard[]> {
  const card = await ownCard(db, userId, cardId);
  const user = await db
    .selectFrom("users")
    .select("payment_customer_id")
    .where("id", "=", userId)
    .executeTakeFirst();
  if (user?.payment_customer_id) {
    await provider
      .detachCard({ customerId: user.payment_customer_id, cardId: card.provider_card_id })
      .catch(providerRefusal);
  }
  await db.transaction().execute(async (tx) => {
    await sql`select id from users where id = ${userId} for update`.execute(tx);
    await tx
      .updateTable("cards")
      .set({ removed_at: sql`now()`, is_primary: false })
      .where("id", "=", cardId)
      .execute();
    if (card.is_primary) {
      const next = await tx
        .selectFrom("cards")
        .select("id")
        .where("user_id", "=", userId)
        .where("removed_at", "is", null)
        .orderBy("created_at", "desc")
        .executeTakeFirst();
      if (next) await tx.updateTable("cards").set({ is_primary: true }).where("id", "=", next.id).execute();
    }
  });
  return listCards(db, userId);
}

/** The user's own card (another user's, or a removed one, is not found). */
export async function ownCard(db: Db, userId: string, cardId: string) {
  const card = await db
    .selectFrom("cards")
    .selectAll()
    .where("id", "=", cardId)
    .where("user_id", "=", userId)
    .where("removed_at", "is", null)
    .executeTakeFirst();
  if (!card) throw notFound(CARD_NOT_FOUND, "card_not_found");
  return card;
}

function toCard(row: {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  country: string | null;
  is_primary: boolean;
  created_at: Date;
}): SavedCard {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    exp_month: row.exp_month,
    exp_year: row.exp_year,
    country: row.country,
    is_primary: row.is_primary,
    created_at: new Date(row.created_at).toISOString(),
  };
}
