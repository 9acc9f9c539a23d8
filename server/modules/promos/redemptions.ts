import { sql, type Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { AppError } from "#server/errors.ts";
import { findPromo, promoUses } from "./repository.ts";

const conflict = (code: string, message: string) => new AppError(409, code, message);

/** Redeems the promo for this checkout, under a lock on the promo: its limits are counted with every redemption seen. */
export async function redeemPromo(
  tx: Transaction<Database>,
  code: string,
  userId: string,
  checkoutId: string,
  amount: number,
): Promise<void> {
  await sql`select code from promos where code = ${code} for update`.execute(tx);
  const promo = await findPromo(tx, code);
  if (!promo?.active)
    throw conflict("promo_changed", "Your promo code can no longer be used. Please review your order.");
  const uses = await promoUses(tx, code, userId);
  if (promo.maxUses !== null && uses.total >= promo.maxUses)
    throw conflict("promo_used_up", "Your promo code was just fully redeemed. Please review your order.");
  if (promo.maxUsesPerCustomer !== null && uses.mine >= promo.maxUsesPerCustomer)
    throw conflict("promo_already_used", "You've already used this code. Please review your order.");
  await tx
    .insertInto("promo_redemptions")
    .values({ code, user_id: userId, checkout_id: checkoutId, amount })
    .execute();
}

/** A checkout's promo redemption undone (its payment failed, or none of its orders goes ahead): the code counts it no more. */
export async function releaseRedemptions(tx: Transaction<Database>, checkoutId: string): Promise<void> {
  await tx.deleteFrom("promo_redemptions").where("checkout_id", "=", checkoutId).execute();
}
