import type { CartOffers } from "#domain/cart/compose.ts";
import type { Db } from "#server/platform/db.ts";
import { spendableCredit } from "./credit-ledger.ts";
import { countPlacedCheckouts } from "./history-counts.ts";
import { findPromo, promoUses } from "./repository.ts";
import { unusedSignupOffer } from "./service.ts";

/** A cart's checkout choices, as the cart row keeps them. */
export interface CartChoices {
  userId: string | null;
  promoCode: string | null;
  promoRemoved: boolean;
  useCredit: boolean;
  creditLimit: number | null;
  roundUp: boolean;
  /** The user's signup code (users.signup_promo) when the caller has read it already; undefined: read here. */
  signupPromo?: string | null;
}

/**
 * What pricing the cart needs to know of promos and credit: its promo (the one chosen, else the signup offer
 * while unused and not removed) with its uses, the shopper's standing, their credit. An anonymous cart without a
 * code costs no query.
 */
export async function cartOffers(db: Db, choices: CartChoices, now: Date): Promise<CartOffers> {
  const { userId } = choices;
  const promo = choices.promoCode
    ? await findPromo(db, choices.promoCode)
    : userId && !choices.promoRemoved
      ? await unusedSignupOffer(db, userId, choices.signupPromo)
      : null;
  const applicable = promo?.active && promo.kind !== "credit" ? promo : null;
  const [uses, previousOrders, balance] = await Promise.all([
    applicable ? promoUses(db, applicable.code, userId) : null,
    userId && applicable ? countPlacedCheckouts(db, userId) : 0,
    userId && choices.useCredit ? spendableCredit(db, userId, now) : null,
  ]);
  return {
    now,
    signedIn: userId !== null,
    previousOrders,
    promo: applicable && uses ? { rule: applicable, customerUses: uses.mine, totalUses: uses.total } : null,
    credit: balance !== null ? { balance, limit: choices.creditLimit } : null,
    roundUp: choices.roundUp,
  };
}
