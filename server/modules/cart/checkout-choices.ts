import type { Cart } from "#domain/cart/types.ts";
import { PROMO_MESSAGES } from "#domain/promos/engine.ts";
import { AppError } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { activePromo, redeemCreditCode } from "../promos/index.ts";
import { changeChoices, readCart, type Serving } from "./cart-service.ts";
import { userIdOf } from "./owner.ts";

export type PromoChoice = { code: string | null } | { credit: number | boolean };

const LOGIN_FOR_CREDIT = "Log in to use store credit.";

/**
 * POST /menu/cart/promo/v2 (spec §7): `{code}` applies a code to the cart if it takes something off the cart as it
 * is (else 400 with why, and nothing is kept); a credit code becomes store credit and the cart uses it;
 * `{code: null}` removes the promo (the signup offer included); `{credit}` uses store credit: all of it (true), up
 * to an amount in cents, or none (false, 0).
 */
export async function choosePromo(
  db: Db,
  owner: string,
  serving: Serving,
  choice: PromoChoice,
  now: Date,
): Promise<Cart> {
  const userId = userIdOf(owner);
  if ("credit" in choice) {
    if (!userId) throw new AppError(401, "login_required", LOGIN_FOR_CREDIT);
    const use = choice.credit !== false && choice.credit !== 0;
    return changeChoices(db, owner, serving, {
      use_credit: use,
      credit_limit: typeof choice.credit === "number" && use ? choice.credit : null,
    });
  }
  if (choice.code === null)
    return changeChoices(db, owner, serving, { promo_code: null, promo_removed: true });

  const promo = await activePromo(db, choice.code);
  if (promo.kind === "credit") {
    if (!userId) throw new AppError(401, "login_required", PROMO_MESSAGES.sign_in_required);
    await redeemCreditCode(db, promo, userId, now);
    return changeChoices(db, owner, serving, { use_credit: true, credit_limit: null });
  }
  const trial = await readCart(db, owner, serving, {}, { promo_code: promo.code, promo_removed: false });
  if (!trial.promo?.applied) {
    throw new AppError(400, "promo_not_applicable", trial.promo?.message ?? PROMO_MESSAGES.not_applicable);
  }
  return changeChoices(db, owner, serving, { promo_code: promo.code, promo_removed: false });
}
