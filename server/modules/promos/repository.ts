import { type Insertable, sql } from "kysely";
import type { Database } from "#db/schema.ts";
import type { PromoRule } from "#domain/promos/engine.ts";
import type { Db } from "#server/platform/db.ts";

export type StoredPromo = PromoRule & { creditValidDays: number | null; active: boolean };

/** A promo by code, whatever its case. */
export async function findPromo(db: Db, code: string): Promise<StoredPromo | null> {
  const row = await db
    .selectFrom("promos")
    .selectAll()
    .where("code", "=", code.trim().toUpperCase())
    .executeTakeFirst();
  if (!row) return null;
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    description: row.description,
    minSubtotal: row.min_subtotal,
    maxDiscount: row.max_discount,
    firstOrderOnly: row.first_order_only,
    startsAt: row.starts_at,
    expiresAt: row.expires_at,
    maxUses: row.max_uses,
    maxUsesPerCustomer: row.max_uses_per_customer,
    storeIds: row.store_ids,
    tags: row.tags,
    excludedTags: row.excluded_tags,
    creditValidDays: row.credit_valid_days,
    active: row.active,
  };
}

/** How often a code was redeemed: by anyone, and by this user (credit codes count their grants). */
export async function promoUses(db: Db, code: string, userId: string | null) {
  const row = await db
    .selectFrom("promos as p")
    .select([
      sql<number>`(select count(*) from promo_redemptions r where r.code = p.code)
        + (select count(*) from credit_entries c where c.promo_code = p.code and c.kind = 'granted')`.as(
        "total",
      ),
      sql<number>`(select count(*) from promo_redemptions r where r.code = p.code and r.user_id = ${userId})
        + (select count(*) from credit_entries c where c.promo_code = p.code and c.kind = 'granted' and c.user_id = ${userId})`.as(
        "mine",
      ),
    ])
    .where("p.code", "=", code)
    .executeTakeFirst();
  return { total: Number(row?.total ?? 0), mine: Number(row?.mine ?? 0) };
}

/** A new promo (an administrator's, from the console), answered as stored. */
export async function insertPromo(db: Db, values: Insertable<Database["promos"]>) {
  return db.insertInto("promos").values(values).returningAll().executeTakeFirstOrThrow();
}

/** A promo no shopper can use any more, answered as stored (call with its row locked). */
export async function deactivatePromoRow(db: Db, code: string) {
  return db
    .updateTable("promos")
    .set({ active: false })
    .where("code", "=", code)
    .returningAll()
    .executeTakeFirstOrThrow();
}
