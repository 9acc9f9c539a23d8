import type { Config } from "#server/config.ts";
import { isDemoStore } from "#server/config.ts";
import type { Db } from "#server/platform/db.ts";

/**
 * Codes a newcomer can try on the embedded default (docs/TOUR.md "Buying on the embedded default"): store credit to
 * spend at checkout and a percent-off code, so the promo panel and the credit line can be seen working without a
 * store console. Never seeded on a store running on a real database in production.
 */
export const DEMO_PROMOS = [
  {
    code: "TRYNIGHTCAP",
    kind: "credit",
    value: 1000,
    description: "$10 store credit to try Nightcap",
    max_uses_per_customer: 1,
    credit_valid_days: 90,
  },
  {
    code: "TAKE10",
    kind: "percent",
    value: 10,
    description: "10% off orders of $25 or more (up to $20)",
    min_subtotal: 2500,
    max_discount: 2000,
    max_uses_per_customer: 1,
  },
] as const;

export async function ensureDemoPromos(db: Db, config: Config): Promise<void> {
  if (!isDemoStore(config)) return;
  await db
    .insertInto("promos")
    .values(DEMO_PROMOS.map((promo) => ({ ...promo })))
    .onConflict((oc) => oc.column("code").doNothing())
    .execute();
}
