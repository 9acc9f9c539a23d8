import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";

/**
 * A gift's claim row, written as its checkout settles (the link's token kept only as its hash); once per order, so a
 * settlement run again leaves the first one.
 */
export async function insertGiftClaim(
  tx: Transaction<Database>,
  claim: { orderId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await tx
    .insertInto("gift_claims")
    .values({
      id: randomUUID(),
      order_id: claim.orderId,
      token_hash: claim.tokenHash,
      expires_at: claim.expiresAt,
    })
    .onConflict((oc) => oc.column("order_id").doNothing())
    .execute();
}
