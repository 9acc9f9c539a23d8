import { sql, type Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { type CreditEntry, creditBalance, lapsedCredit } from "#domain/promos/credit.ts";
import { AppError } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";

type Tx = Transaction<Database>;

async function entries(db: Db | Tx, userId: string): Promise<CreditEntry[]> {
  const rows = await db
    .selectFrom("credit_entries")
    .select(["kind", "amount", "expires_at"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ kind: r.kind, amount: r.amount, expiresAt: r.expires_at }));
}

/** Cents of credit the user can spend now: the ledger's balance less grants that have lapsed. */
export async function spendableCredit(db: Db | Tx, userId: string, now: Date): Promise<number> {
  const all = await entries(db, userId);
  return creditBalance(all) - lapsedCredit(all, now);
}

/** Holds the user's ledger for this transaction: credit changes of one user happen one at a time. */
async function lockLedger(tx: Tx, userId: string): Promise<void> {
  await sql`select id from users where id = ${userId} for update`.execute(tx);
}

/** Writes off what has lapsed, then spends `amount` for a checkout; refuses to overdraw. Call inside the checkout's transaction. */
export async function spendCredit(
  tx: Tx,
  userId: string,
  amount: number,
  checkoutId: string,
  now: Date,
): Promise<void> {
  if (amount <= 0) return;
  await lockLedger(tx, userId);
  const all = await entries(tx, userId);
  const lapsed = lapsedCredit(all, now);
  if (lapsed > 0) {
    await tx
      .insertInto("credit_entries")
      .values({ user_id: userId, kind: "expired", amount: lapsed, reason: "Credit lapsed" })
      .execute();
  }
  const balance = creditBalance(all) - lapsed;
  if (amount > balance) {
    throw new AppError(
      409,
      "credit_changed",
      "Your store credit changed while you were checking out. Please review your order.",
    );
  }
  await tx
    .insertInto("credit_entries")
    .values({ user_id: userId, kind: "spent", amount, reason: "Spent on an order", checkout_id: checkoutId })
    .execute();
}

/** Gives back what a checkout spent (a payment that failed, an order refunded). */
export async function refundCredit(
  tx: Tx,
  userId: string,
  amount: number,
  checkoutId: string,
  reason: string,
): Promise<void> {
  if (amount <= 0) return;
  await lockLedger(tx, userId);
  await tx
    .insertInto("credit_entries")
    .values({ user_id: userId, kind: "refunded", amount, reason, checkout_id: checkoutId })
    .execute();
}

/**
 * Grants credit (a credit code, staff goodwill, redeemed loyalty points); a code grants once per user (a unique index
 * holds it). The new entry's id, or null when the code had granted already.
 */
export async function grantCredit(
  tx: Tx,
  userId: string,
  grant: { amount: number; reason: string; promoCode: string | null; expiresAt: Date | null },
): Promise<number | null> {
  await lockLedger(tx, userId);
  const row = await tx
    .insertInto("credit_entries")
    .values({
      user_id: userId,
      kind: "granted",
      amount: grant.amount,
      reason: grant.reason,
      promo_code: grant.promoCode,
      expires_at: grant.expiresAt,
    })
    .onConflict((oc) =>
      oc
        .columns(["user_id", "promo_code"])
        .where("kind", "=", "granted")
        .where("promo_code", "is not", null)
        .doNothing(),
    )
    .returning("id")
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}
