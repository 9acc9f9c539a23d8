/** The promos module's public face: codes, the signup offer and store credit. */
export { grantCredit, refundCredit, spendableCredit, spendCredit } from "./credit-ledger.ts";
export { ensureDemoPromos } from "./demo.ts";
export { PROMO_LIMITS } from "./limits.ts";
export { type CartChoices, cartOffers } from "./offers.ts";
export { redeemPromo, releaseRedemptions } from "./redemptions.ts";
export { deactivatePromoRow, findPromo, insertPromo, promoUses, type StoredPromo } from "./repository.ts";
export { promoRoutes } from "./routes.ts";
export { activePromo, checkStanding, redeemCreditCode } from "./service.ts";
