import type { Insertable } from "kysely";
import type { PromosTable } from "#db/schema-checkout.ts";
import type { Db } from "#server/platform/db.ts";

let n = 0;

/** A promo straight in the database: 10% off by default, with a unique code unless one is given. */
export async function createPromo(db: Db, over: Partial<Insertable<PromosTable>> = {}): Promise<string> {
  const code = (over.code ?? `TEST${Date.now().toString(36)}${n++}`).toUpperCase();
  await db
    .insertInto("promos")
    .values({ kind: "percent", value: 10, description: "10% off", ...over, code })
    .execute();
  return code;
}
