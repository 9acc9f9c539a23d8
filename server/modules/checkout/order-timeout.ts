import { randomUUID } from "node:crypto";
import { mayVoid, type PaymentOperation, paymentTotals } from "../../../domain/payments/ledger.ts";
import { ProviderError } from "../../platform/payments/provider.ts";
import type { CheckoutContext } from "./context.ts";
import { moveOrder } from "./settle.ts";

/**
 * An order no store accepted in time is cancelled. When none of its payment's orders is left to capture, the
 * hold is released (voided): the void is written first, the provider is called, and the row says how it went.
 */
export async function expireUnaccepted(ctx: CheckoutContext, orderId: string): Promise<void> {
  const outcome = await ctx.db.transaction().execute(async (tx) => {
    const order = await tx
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", orderId)
      .forUpdate()
      .executeTakeFirst();
    if (!order) return null;
    // A void written by an earlier run whose provider call failed is tried again with its own key.
    const pending = await tx
      .selectFrom("payment_operations as op")
      .innerJoin("payments as p", "p.id", "op.payment_id")
      .select(["op.idempotency_key", "p.provider_intent_id"])
      .where("op.payment_id", "=", order.payment_id)
      .where("op.kind", "=", "void")
      .where("op.status", "=", "pending")
      .executeTakeFirst();
    if (pending?.provider_intent_id)
      return { intentId: pending.provider_intent_id, key: pending.idempotency_key };
    if (order.order_status !== 0) return null;
    await moveOrder(tx, order, { type: "cancel" }, "timeout");
    const live = await tx
      .selectFrom("orders")
      .select("id")
      .where("payment_id", "=", order.payment_id)
      .where("order_status", "not in", [5, -1])
      .execute();
    if (live.length > 0) return null;
    const payment = await tx
      .selectFrom("payments")
      .selectAll()
      .where("id", "=", order.payment_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const ops = await tx
      .selectFrom("payment_operations")
      .select(["kind", "amount", "status"])
      .where("payment_id", "=", payment.id)
      .execute();
    if (!payment.provider_intent_id || !mayVoid(paymentTotals(ops as PaymentOperation[])).ok) return null;
    const key = `${payment.id}:void:${randomUUID()}`;
    await tx
      .insertInto("payment_operations")
      .values({ payment_id: payment.id, kind: "void", amount: 0, status: "pending", idempotency_key: key })
      .execute();
    return { intentId: payment.provider_intent_id, key };
  });
  if (!outcome) return;
  let status: "succeeded" | "failed" = "succeeded";
  let failure: string | null = null;
  try {
    await ctx.provider.cancel(outcome.intentId, outcome.key);
  } catch (err) {
    if (err instanceof ProviderError && err.retryable) throw err;
    status = "failed";
    failure = (err as Error).message;
  }
  await ctx.db
    .updateTable("payment_operations")
    .set({ status, failure, updated_at: new Date() })
    .where("idempotency_key", "=", outcome.key)
    .execute();
}
