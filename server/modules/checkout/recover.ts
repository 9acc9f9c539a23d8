import { sql } from "kysely";
import type { CheckoutAnswer, CheckoutContext } from "./context.ts";
import { RECOVER_CHECKOUT_AFTER_SECONDS } from "./jobs.ts";
import { releaseCheckout, releaseDeclined, settleAuthorised } from "./settle.ts";

export const CHECKOUT_CUT_OFF =
  "Your order could not be completed, and nothing was charged. Please try again.";

/**
 * A checkout still processing after its request should long have settled it (the instance died between
 * reserving and settling): settled or released by what the provider holds of its authorisation, through the
 * same idempotent functions, under the same lock, as the request would have. Authorised: the orders go ahead.
 * Declined, or never made: released (stock, promo and credit back). Left at a 3-D Secure challenge the shopper
 * was never shown: the hold is voided, then released. Anything already settled, or waiting for a challenge the
 * shopper was shown, is left alone; running it again changes nothing.
 */
export async function recoverCheckout(
  ctx: CheckoutContext,
  checkoutId: string,
): Promise<CheckoutAnswer | null> {
  const checkout = await ctx.db
    .selectFrom("checkouts as c")
    .innerJoin("payments as p", "p.id", "c.payment_id")
    .select(["c.state", "c.created_at", "p.id as payment_id", "p.amount"])
    .where("c.id", "=", checkoutId)
    .executeTakeFirst();
  if (checkout?.state !== "processing") return null;
  const paymentId = checkout.payment_id;
  if (checkout.amount === 0) return settleAuthorised(ctx, paymentId, null);

  const intent = await ctx.provider.findAuthorisation({
    idempotencyKey: `${checkoutId}:authorise`,
    checkoutId,
  });
  const cutOff = { code: "checkout_interrupted", message: CHECKOUT_CUT_OFF, http: 502 };
  if (!intent) {
    // A provider whose lookup lags its writes (Stripe's search) may not show a fresh authorisation yet: tried again.
    const age = Date.now() - new Date(checkout.created_at).getTime();
    if (age < (ctx.provider.findLagMs ?? 0))
      throw new Error(`checkout ${checkoutId}: no authorisation found yet; the provider's lookup may lag`);
    return releaseCheckout(ctx, paymentId, cutOff);
  }
  switch (intent.status) {
    case "requires_capture":
    case "succeeded":
      return settleAuthorised(ctx, paymentId, intent);
    case "requires_action":
      await ctx.provider.cancel(intent.id, `${checkoutId}:recover-void`);
      return releaseCheckout(ctx, paymentId, cutOff, intent.id);
    case "processing":
      // The provider has not decided yet: the job is tried again later.
      throw new Error(`checkout ${checkoutId}: its payment is still processing at the provider`);
    default:
      return releaseDeclined(ctx, paymentId, intent);
  }
}

/** How many cut-off checkouts one sweep takes on; the next sweep takes the rest. */
const SWEEP_BATCH = 100;

/**
 * Every instance that works jobs sweeps every RECOVER_SWEEP_SECONDS: checkouts still processing
 * RECOVER_CHECKOUT_AFTER_SECONDS after they were claimed were cut off (their instance died). Reserved ones are
 * recovered (above); one claimed but never reserved held nothing, and its id is freed for the shopper's retry. Two
 * instances sweeping at once do each thing once: recovery settles under the checkout's lock, and its provider calls
 * carry idempotency keys. One that fails (the provider away, an answer still processing) waits for the next sweep.
 */
export async function sweepCutOffCheckouts(
  ctx: CheckoutContext,
  onError: (err: unknown, checkoutId: string) => void,
): Promise<number> {
  const cutOff = await ctx.db
    .selectFrom("checkouts")
    .select(["id", "payment_id"])
    .where("state", "=", "processing")
    .where("created_at", "<", sql<Date>`now() - make_interval(secs => ${RECOVER_CHECKOUT_AFTER_SECONDS})`)
    .orderBy("created_at")
    .limit(SWEEP_BATCH)
    .execute();
  for (const { id, payment_id } of cutOff) {
    try {
      if (payment_id) await recoverCheckout(ctx, id);
      else
        await ctx.db
          .deleteFrom("checkouts")
          .where("id", "=", id)
          .where("state", "=", "processing")
          .where("payment_id", "is", null)
          .execute();
    } catch (err) {
      onError(err, id);
    }
  }
  return cutOff.length;
}
