import { MAX_LINE_QUANTITY } from "#domain/cart/constants.ts";
import { mergeCartLines } from "#domain/cart/merge.ts";
import { isSplitCart } from "#domain/cart/split.ts";
import { cartLines, lockCart, type StoredLine, saveLines, type Tx } from "./repository.ts";

/**
 * Moves a guest's cart to the account at login or signup (spec §4, §6), inside the caller's transaction.
 * Without a saved cart the guest cart simply changes hands; otherwise the guest lines merge into the saved
 * cart by the merge rule (quantities capped at stock) and the guest cart is deleted. Only the cart owned by
 * this anonymous id moves: another user's cart is never touched.
 */
export async function transferCart(tx: Tx, anonymousId: string, userId: string): Promise<void> {
  const guestOwner = `anon:${anonymousId}`;
  const userOwner = `user:${userId}`;
  const guest = await tx
    .selectFrom("carts")
    .select(["id"])
    .where("owner", "=", guestOwner)
    .forUpdate()
    .executeTakeFirst();
  if (!guest) return;
  const existing = await tx
    .selectFrom("carts")
    .select(["id"])
    .where("owner", "=", userOwner)
    .executeTakeFirst();
  if (!existing) {
    await tx
      .updateTable("carts")
      .set({ owner: userOwner, updated_at: new Date() })
      .where("id", "=", guest.id)
      .execute();
    return;
  }
  const target = await lockCart(tx, userOwner);
  const before = await cartLines(tx, target.id);
  const incoming = await cartLines(tx, guest.id);
  let lines: StoredLine[] = before;
  for (const line of incoming) {
    const sameStore = lines.filter((l) => l.store_id === line.store_id);
    lines = [...lines.filter((l) => l.store_id !== line.store_id), ...mergeCartLines(sameStore, line)];
  }
  const stock = await stockOf(tx, lines);
  lines = lines.map((l) => ({
    ...l,
    qty: Math.max(1, Math.min(l.qty, MAX_LINE_QUANTITY, stock.get(`${l.store_id}|${l.sku}`) ?? l.qty)),
  }));
  // Guest lines keep their ids: delete the guest cart first so they can move.
  await tx.deleteFrom("carts").where("id", "=", guest.id).execute();
  await saveLines(tx, target.id, before, lines);
  const split = isSplitCart(lines);
  await tx
    .updateTable("carts")
    .set({
      split,
      multi_store_id: split ? (target.multi_store_id ?? guest.id) : null,
      updated_at: new Date(),
    })
    .where("id", "=", target.id)
    .execute();
}

async function stockOf(tx: Tx, lines: StoredLine[]) {
  if (lines.length === 0) return new Map<string, number>();
  const rows = await tx
    .selectFrom("inventory")
    .select(["store_id", "sku_id", "stock"])
    .where("sku_id", "in", [...new Set(lines.map((l) => l.sku))])
    .execute();
  return new Map(rows.map((r) => [`${r.store_id}|${r.sku_id}`, r.stock]));
}
