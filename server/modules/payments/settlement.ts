import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { type PaymentOperation, paymentTotals } from "#domain/payments/ledger.ts";
import { type SettlementStep, settlement, stanceOf } from "#domain/payments/settlement.ts";
import type { Db } from "#server/platform/db.ts";
import type { JobQueue } from "#server/platform/jobs.ts";
import { type PaymentProvider, ProviderError } from "#server/platform/payments/provider.ts";
import { captureShares } from "./capture-shares.ts";
import { RUN_PAYMENT_OPERATIONS } from "./jobs.ts";

type Tx = Transaction<Database>;

/**
 * Money after checkout (docs/adr/0025-capture-once-per-checkout.md): a change of an order's status decides, in its
 * own transaction and under a lock on the payment, which operations the payment needs (domain/payments/settlement.ts)
 * and writes them pending; after the commit, the pending operations are carried out at the provider in the order
 * they were written. A pending operation already counts against the ledger's limits, so two changes at once can
 * neither capture twice nor refund what is not there; each carries its own idempotency key, so carrying it out
 * again (a second request, a retried job) does it once.
 */

async function lockPayment(tx: Tx, paymentId: string) {
  return tx
    .selectFrom("payments")
    .selectAll()
    .where("id", "=", paymentId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** The payment's ledger and its orders as the settlement rule reads them. Call with the payment locked. */
export async function paymentState(tx: Tx, paymentId: string) {
  const ops = await tx
    .selectFrom("payment_operations")
    .select(["kind", "amount", "status", "order_id"])
    .where("payment_id", "=", paymentId)
    .execute();
  const orders = await tx
    .selectFrom("orders")
    .select([
      "id",
      "order_status",
      "shipping",
      "failed_status",
      "total",
      "captured",
      "extra_charged",
      "kept_fee",
    ])
    .where("payment_id", "=", paymentId)
    .orderBy("order_number")
    .execute();
  const refundedTo = (orderId: string) =>
    ops
      .filter((o) => o.kind === "refund" && o.order_id === orderId && o.status !== "failed")
      .reduce((sum, o) => sum + o.amount, 0);
  return {
    totals: paymentTotals(ops as PaymentOperation[]),
    orders: orders.map((o) => ({
      id: o.id,
      stance: stanceOf({
        order_status: o.order_status as never,
        shipping: o.shipping,
        failed_status: o.failed_status,
      }),
      // What the order charges to this payment: its total less what charges after the order paid.
      total: o.total - o.extra_charged,
      captured: o.captured,
      refunded: refundedTo(o.id),
      kept: o.kept_fee,
    })),
  };
}

async function writeOperation(
  tx: Tx,
  paymentId: string,
  op: { kind: "capture" | "void" | "refund"; amount: number; orderId?: string },
): Promise<void> {
  await tx
    .insertInto("payment_operations")
    .values({
      payment_id: paymentId,
      kind: op.kind,
      amount: op.amount,
      status: "pending",
      idempotency_key: `${paymentId}:${op.kind}:${randomUUID()}`,
      order_id: op.orderId ?? null,
    })
    .execute();
}

/**
 * In the transaction that changed an order: locks the payment and writes what it needs now (a capture for the
 * orders going ahead once none waits, a void when none is, refunds of captured shares of orders that ended
 * undelivered). Returns the steps written.
 */
export async function planSettlement(tx: Tx, paymentId: string): Promise<SettlementStep[]> {
  const payment = await lockPayment(tx, paymentId);
  const state = await paymentState(tx, paymentId);
  const steps = settlement({ ...state, hasIntent: payment.provider_intent_id !== null });
  for (const step of steps) {
    if (step.kind === "capture") {
      await writeOperation(tx, paymentId, { kind: "capture", amount: step.amount });
      await captureShares().planned(tx, step.shares);
    } else if (step.kind === "void") {
      await writeOperation(tx, paymentId, { kind: "void", amount: 0 });
    } else {
      await writeOperation(tx, paymentId, { kind: "refund", amount: step.amount, orderId: step.orderId });
    }
  }
  return steps;
}

/** A refund staff asked for, already checked against the order's limits (domain orderRefund): written pending. */
export async function planRefund(tx: Tx, paymentId: string, orderId: string, amount: number): Promise<void> {
  await writeOperation(tx, paymentId, { kind: "refund", amount, orderId });
}

/**
 * An order ending undelivered after a substitution cost more: each substitution charge made for it is refunded in
 * full (planned here, in the order's transaction). Returns those payments, for the caller to settle after the commit.
 */
export async function planExtraRefunds(
  tx: Tx,
  orderId: string,
): Promise<{ paymentId: string; amount: number }[]> {
  const extras = await tx
    .selectFrom("payments")
    .select("id")
    .where("order_id", "=", orderId)
    .where("purpose", "=", "substitution")
    .execute();
  const planned: { paymentId: string; amount: number }[] = [];
  for (const { id } of extras) {
    await lockPayment(tx, id);
    const { totals } = await paymentState(tx, id);
    const left = totals.captured - totals.refunded;
    if (left > 0) {
      await writeOperation(tx, id, { kind: "refund", amount: left, orderId });
      planned.push({ paymentId: id, amount: left });
    }
  }
  return planned;
}

/** Locks the payment for a decision about its money (a staff refund reads the limits under it). */
export { lockPayment };

/** Carries out the payment's pending operations now; a provider that does not answer leaves them to a job. */
export async function settleMoney(
  ctx: { db: Db; provider: PaymentProvider; jobs: JobQueue },
  paymentId: string,
): Promise<void> {
  try {
    await runPendingOperations(ctx, paymentId);
  } catch {
    await ctx.jobs.send(RUN_PAYMENT_OPERATIONS, { paymentId }, { singletonKey: paymentId });
  }
}

/**
 * After the commit: carries out the payment's pending operations at the provider, oldest first (a refund never
 * goes before the capture it gives back from). A retryable provider failure is thrown with the rest left pending
 * (a job or the next change tries again with the same keys); a refusal marks the operation failed.
 */
export async function runPendingOperations(
  ctx: { db: Db; provider: PaymentProvider },
  paymentId: string,
): Promise<{ failed: string[] }> {
  const payment = await ctx.db
    .selectFrom("payments")
    .select("provider_intent_id")
    .where("id", "=", paymentId)
    .executeTakeFirstOrThrow();
  const pending = await ctx.db
    .selectFrom("payment_operations")
    .select(["id", "kind", "amount", "idempotency_key"])
    .where("payment_id", "=", paymentId)
    .where("status", "=", "pending")
    .where("kind", "in", ["capture", "void", "refund"])
    .orderBy("id")
    .execute();
  const failed: string[] = [];
  const intentId = payment.provider_intent_id;
  if (!intentId) return { failed };
  for (const op of pending) {
    let providerRef: string | null = null;
    let failure: string | null = null;
    try {
      if (op.kind === "capture")
        providerRef = (await ctx.provider.capture(intentId, op.amount, op.idempotency_key)).id;
      else if (op.kind === "void") providerRef = (await ctx.provider.cancel(intentId, op.idempotency_key)).id;
      else {
        const refund = await ctx.provider.refund(intentId, op.amount, op.idempotency_key);
        if (refund.status === "failed") failure = "The provider refused the refund.";
        providerRef = refund.id;
      }
    } catch (err) {
      if (err instanceof ProviderError && err.retryable) throw err;
      failure = (err as Error).message;
    }
    await ctx.db.transaction().execute(async (tx) => {
      await tx
        .updateTable("payment_operations")
        .set({
          status: failure ? "failed" : "succeeded",
          failure,
          provider_ref: providerRef,
          updated_at: new Date(),
        })
        .where("id", "=", op.id)
        .where("status", "=", "pending")
        .execute();
      // A capture the provider refused took nothing: no order's share is held any more.
      if (failure && op.kind === "capture") await captureShares().refused(tx, paymentId);
    });
    if (failure) failed.push(`${op.kind}: ${failure}`);
  }
  return { failed };
}
