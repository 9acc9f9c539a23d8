import { type Insertable, type QueryCreator, sql } from "kysely";
import type { Database } from "#db/schema.ts";
import type { IntentState } from "#server/platform/payments/provider.ts";

/**
 * A checkout's payment and its authorisation, as the checkout's steps record them: the rows are written pending in
 * the reservation's statement, then marked by what the provider answered (succeeded, failed, a challenge to pass).
 */

/** The checkout's payment, as a statement's `payment` step (the reservation's one statement). */
export function withPaymentOpened(
  db: QueryCreator<Database>,
  payment: Insertable<Database["payments"]>,
): QueryCreator<Database> {
  return db.with("payment", (q) =>
    q.insertInto("payments").values(payment).returning("id"),
  ) as unknown as QueryCreator<Database>;
}

/** The payment's authorisation, pending, as a statement's `authorisation` step; nothing when nothing is due. */
export function withAuthorisationPending(
  db: QueryCreator<Database>,
  authorisation: { paymentId: string; amount: number; idempotencyKey: string },
): QueryCreator<Database> {
  return db.with("authorisation", (q) =>
    q
      .insertInto("payment_operations")
      .columns(["payment_id", "kind", "amount", "status", "idempotency_key"])
      .expression(
        q
          .selectNoFrom([
            sql<string>`${authorisation.paymentId}::text`.as("payment_id"),
            sql<string>`'authorisation'::text`.as("kind"),
            sql<number>`${authorisation.amount}::int`.as("amount"),
            sql<string>`'pending'::text`.as("status"),
            sql<string>`${authorisation.idempotencyKey}::text`.as("idempotency_key"),
          ])
          // Nothing to pay: no authorisation (the amount compared in the statement, a parameter like the rest).
          .where(sql<boolean>`${authorisation.amount}::int > 0`),
      )
      .returning("id"),
  ) as unknown as QueryCreator<Database>;
}

/**
 * The authorisation succeeded, and the payment names the provider's intent and card (when there is an intent), as
 * steps of the statement that goes on from them (`db`: the transaction; the caller's statement ends with its read).
 */
export function withAuthorisationSucceeded(
  db: QueryCreator<Database>,
  paymentId: string,
  intent: Pick<IntentState, "id" | "card"> | null,
  at: Date,
): QueryCreator<Database> {
  const authorised = db.with("authorisation", (q) =>
    q
      .updateTable("payment_operations")
      .set({ status: "succeeded", provider_ref: intent?.id ?? null, updated_at: at })
      .where("payment_id", "=", paymentId)
      .where("kind", "=", "authorisation")
      .where("status", "=", "pending")
      .returning("id"),
  );
  return intent
    ? (authorised.with("paid", (q) =>
        q
          .updateTable("payments")
          .set({
            provider_intent_id: intent.id,
            ...(intent.card ? { card_brand: intent.card.brand, card_last4: intent.card.last4 } : {}),
            updated_at: at,
          })
          .where("id", "=", paymentId)
          .returning("id"),
      ) as unknown as QueryCreator<Database>)
    : (authorised as unknown as QueryCreator<Database>);
}

/** The authorisation failed: its operation, and the payment's failure (and the provider's payment, when there is one). */
export async function recordAuthorisationFailed(
  db: QueryCreator<Database>,
  paymentId: string,
  failure: string,
  intentId?: string,
): Promise<void> {
  await db
    .updateTable("payment_operations")
    .set({ status: "failed", failure, updated_at: new Date() })
    .where("payment_id", "=", paymentId)
    .where("kind", "=", "authorisation")
    .where("status", "=", "pending")
    .execute();
  await db
    .updateTable("payments")
    .set({
      ...(intentId ? { provider_intent_id: intentId } : {}),
      failure_message: failure,
      updated_at: new Date(),
    })
    .where("id", "=", paymentId)
    .execute();
}

/** The payment's provider intent, kept before the shopper can answer its challenge (its notice finds the payment by it). */
export async function recordIntent(
  db: QueryCreator<Database>,
  paymentId: string,
  intentId: string,
): Promise<void> {
  await db
    .updateTable("payments")
    .set({ provider_intent_id: intentId, updated_at: new Date() })
    .where("id", "=", paymentId)
    .execute();
}
