import { sql, type Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import type { Db } from "#server/platform/db.ts";
import { invalidateCatalogueCache } from "./catalogue-cache.ts";
import { forgetStoreList } from "./store-resolution.ts";

/**
 * Answers kept in process (product answers and the front door's replays, ADR 0007 and 0013; the store list of store
 * resolution; menu data) must not outlive a console change to a store's shelf or terms (docs/adr/0032-store-admin.md).
 * A writer calls `announceShelfChange` inside its transaction: at commit the database tells every instance
 * (`pg_notify` on `shelf_changes_<schema>`, heard by each instance's one LISTEN), and `forgetShelf` after the commit
 * clears this instance's copies at once, so the staff member's next page already reads the new values.
 */
export type ShelfChange = "shelf" | "store";

type Forgetter = (change: ShelfChange) => void;
const forgetters = new WeakMap<Db, Set<Forgetter>>();

/** Runs `forget` whenever a shelf or store of `db` changes (this instance's or another's); returns the unsubscribe. */
export function onShelfChange(db: Db, forget: Forgetter): () => void {
  const set = forgetters.get(db) ?? new Set<Forgetter>();
  forgetters.set(db, set);
  set.add(forget);
  return () => set.delete(forget);
}

/** Clears what this instance holds for `db` after a change (stores: the store list and menu data too). */
export function forgetShelf(db: Db, change: ShelfChange): void {
  if (change === "store") {
    forgetStoreList(db);
    invalidateCatalogueCache(db);
  }
  for (const forget of forgetters.get(db) ?? []) forget(change);
}

/** The channel every instance of one schema listens on. */
export const shelfChannel = (schema: string) => `shelf_changes_${schema}`;

/** Tells every instance at commit (nothing if the transaction rolls back). */
export async function announceShelfChange(tx: Transaction<Database>, change: ShelfChange): Promise<void> {
  await sql`select pg_notify('shelf_changes_' || current_schema(), ${change})`.execute(tx);
}

export const parseShelfChange = (payload: string): ShelfChange => (payload === "store" ? "store" : "shelf");
