import { giftState } from "#domain/gifts/claim.ts";
import { lockOrder, moveOrder, releaseOrderGoods } from "../orders/index.ts";
import { planSettlement, runPendingOperations } from "../payments/index.ts";
import type { GiftsContext } from "./context.ts";
import { GIFT_EXPIRY } from "./jobs.ts";
import { giftExpiredNotice } from "./messages.ts";

/**
 * A gift's expiry (the GIFT_EXPIRY job checkout sends with the claim link, due at the expiry): a gift still waiting
 * for its recipient is cancelled as the console's cancel does it (docs/adr/0025-capture-once-per-checkout.md): the
 * status machine's cancel and its event, its stock back on the shelves, the credit it spent back, the promo once
 * none of its checkout goes ahead, and the payment settled by the one rule (the hold voided, or captured for the
 * checkout's other orders and nothing taken for this one, or its captured share refunded); the sender is told. The
 * payment's operations are carried out after the commit; a provider that does not answer fails the job, which
 * tries again with the same keys. A claimed, cancelled or sender-scheduled gift is left alone.
 */
export async function expireGift(ctx: GiftsContext, orderId: string): Promise<"cancelled" | "left"> {
  const now = ctx.now();
  const outcome = await ctx.db.transaction().execute(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const claim = await tx
      .selectFrom("gift_claims")
      .selectAll()
      .where("order_id", "=", orderId)
      .forUpdate()
      .executeTakeFirst();
    if (!order || !claim) return null;
    const expiresAt = new Date(claim.expires_at);
    const waiting = order.scheduled !== null && "byRecipient" in order.scheduled;
    const state = giftState(
      {
        claimedAt: claim.claimed_at ? new Date(claim.claimed_at) : null,
        expiresAt,
        order_status: order.order_status,
        shipping: order.shipping,
        byRecipient: waiting,
      },
      now,
    );
    if (state === "open") {
      // Run early (a clock ahead of ours): due again at the expiry.
      await ctx.jobs.send(GIFT_EXPIRY, { orderId }, { tx, startAfter: expiresAt });
      return { paymentId: order.payment_id, cancelled: false };
    }
    if (state !== "expired" || order.order_status !== 7 || !waiting)
      return { paymentId: order.payment_id, cancelled: false };
    const reason = "The gift was not claimed in time";
    if (!(await moveOrder(ctx, tx, order, { type: "cancel" }, "gift-expiry", { reason })))
      return { paymentId: order.payment_id, cancelled: false };
    await releaseOrderGoods(tx, order, { restock: true, reason: "Your gift was not claimed in time" });
    const steps = await planSettlement(tx, order.payment_id);
    const sender = await tx
      .selectFrom("users as u")
      .innerJoin("checkouts as c", "c.user_id", "u.id")
      .innerJoin("stores as s", (join) => join.on("s.id", "=", order.store_id))
      .select(["u.email", "u.firstname", "c.origin", "s.name as store"])
      .where("c.id", "=", order.checkout_id)
      .executeTakeFirstOrThrow();
    const gift = order.gift_info as { recipient: string };
    await ctx.outbox.enqueue(
      tx,
      giftExpiredNotice(
        {
          email: sender.email,
          firstname: sender.firstname,
          recipient: gift.recipient,
          orderNumber: Number(order.order_number),
          store: sender.store,
          orderUrl: `${sender.origin}/orders/${order.id}`,
          expires: expiresAt,
        },
        {
          card: steps
            .filter((s) => s.kind === "refund" && s.orderId === order.id)
            .reduce((n, s) => n + ("amount" in s ? s.amount : 0), 0),
          released: steps.some((s) => s.kind === "void") || (order.captured === 0 && order.total > 0),
          credit: order.credit,
        },
      ),
    );
    return { paymentId: order.payment_id, cancelled: true };
  });
  if (!outcome) return "left";
  await runPendingOperations(ctx, outcome.paymentId);
  return outcome.cancelled ? "cancelled" : "left";
}
