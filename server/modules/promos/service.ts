import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { SIGNUP_PROMO } from "#domain/accounts/signup-offer.ts";
import { type PromoKind, promoStanding } from "#domain/promos/engine.ts";
import { AppError, notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { grantCredit, spendableCredit } from "./credit-ledger.ts";
import { countPlacedCheckouts } from "./history-counts.ts";
import { findPromo, promoUses, type StoredPromo } from "./repository.ts";

/** A promo as the shopper's list shows it (spec §3 Promo: code, value_type, desc, balance, val, value). */
export interface PromoEntry {
  code: string;
  value_type: PromoKind;
  desc: string;
  value?: number;
  balance?: number;
}

export const PROMO_NOT_FOUND = "We don't recognise that code. Check it and try again.";
export const STORE_CREDIT = { code: "CREDIT", desc: "Store credit" } as const;

/** The promo for a code the shopper typed, if it exists and is switched on. */
export async function activePromo(db: Db, code: string): Promise<StoredPromo> {
  const promo = await findPromo(db, code);
  if (!promo?.active) throw notFound(PROMO_NOT_FOUND, "promo_not_found");
  return promo;
}

/** Whether the code can be used now by this shopper (dates, uses, first order), whatever the cart holds. */
export async function checkStanding(
  db: Db,
  promo: StoredPromo,
  userId: string | null,
  now: Date,
): Promise<void> {
  const uses = await promoUses(db, promo.code, userId);
  const refusal = promoStanding(promo, {
    now,
    signedIn: userId !== null,
    previousOrders: userId ? await countPlacedCheckouts(db, userId) : 0,
    customerUses: uses.mine,
    totalUses: uses.total,
  });
  if (refusal && !refusal.ok) throw new AppError(400, refusal.reason, refusal.message);
}

/** Grants a credit code's value into the user's store credit (once per user). */
export async function redeemCreditCode(db: Db, promo: StoredPromo, userId: string, now: Date): Promise<void> {
  await checkStanding(db, promo, userId, now);
  const granted = await db.transaction().execute((tx: Transaction<Database>) =>
    grantCredit(tx, userId, {
      amount: promo.value,
      reason: promo.description,
      promoCode: promo.code,
      expiresAt: promo.creditValidDays ? new Date(now.getTime() + promo.creditValidDays * 86_400_000) : null,
    }),
  );
  if (granted === null) throw new AppError(400, "already_used", "You've already used this code.");
}

/**
 * GET /promos: the shopper's codes, newest first (a code added goes to the front), the signup offer while it is
 * unused, and their store credit as a credit-type entry; `credit` is spec §3's sum over credit-type entries.
 */
export async function listPromos(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ promos: PromoEntry[]; credit: number }> {
  const rows = await db
    .selectFrom("user_promos as u")
    .innerJoin("promos as p", "p.code", "u.code")
    .select(["p.code", "p.kind", "p.description", "p.value", "p.expires_at"])
    .where("u.user_id", "=", userId)
    .where("p.active", "=", true)
    .where("p.kind", "!=", "credit")
    .orderBy("u.added_at", "desc")
    .execute();
  const promos: PromoEntry[] = rows
    .filter((r) => !r.expires_at || r.expires_at > now)
    .map((r) => ({ code: r.code, value_type: r.kind, desc: r.description, value: r.value }));
  const offer = await unusedSignupOffer(db, userId);
  if (offer && !promos.some((p) => p.code === offer.code))
    promos.push({ code: offer.code, value_type: offer.kind, desc: offer.description, value: offer.value });
  const balance = await spendableCredit(db, userId, now);
  if (balance > 0)
    promos.push({ code: STORE_CREDIT.code, value_type: "credit", desc: STORE_CREDIT.desc, balance });
  return { promos, credit: balance };
}

/** POST /order/promo {code}: a credit code becomes store credit; any other joins the front of the list. */
export async function addPromo(db: Db, userId: string, code: string, now: Date) {
  const promo = await activePromo(db, code);
  if (promo.kind === "credit") {
    await redeemCreditCode(db, promo, userId, now);
  } else {
    await checkStanding(db, promo, userId, now);
    await db
      .insertInto("user_promos")
      .values({ user_id: userId, code: promo.code, added_at: now })
      .onConflict((oc) => oc.columns(["user_id", "code"]).doUpdateSet({ added_at: now }))
      .execute();
  }
  const list = await listPromos(db, userId, now);
  const added: PromoEntry =
    promo.kind === "credit"
      ? { code: promo.code, value_type: "credit", desc: promo.description, value: promo.value }
      : { code: promo.code, value_type: promo.kind, desc: promo.description, value: promo.value };
  return { promo: added, ...list };
}

/**
 * The signup offer (spec §9), while the user who signed up with it has not redeemed it. `signupPromo`: the user's
 * `signup_promo` when the caller has read it already (undefined: it is read here).
 */
export async function unusedSignupOffer(
  db: Db,
  userId: string,
  signupPromo?: string | null,
): Promise<StoredPromo | null> {
  const code =
    signupPromo !== undefined
      ? signupPromo
      : (await db.selectFrom("users").select("signup_promo").where("id", "=", userId).executeTakeFirst())
          ?.signup_promo;
  if (code?.toUpperCase() !== SIGNUP_PROMO.code) return null;
  const promo = await findPromo(db, SIGNUP_PROMO.code);
  if (!promo?.active) return null;
  const uses = await promoUses(db, promo.code, userId);
  return uses.mine === 0 ? promo : null;
}
