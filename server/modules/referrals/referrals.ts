import { randomBytes } from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import type { DeliveryAddressDetail } from "#domain/orders/types.ts";
import {
  type CardPrint,
  friendName,
  judgeReferral,
  normalizeReferralCode,
  REFERRAL_CAP,
  REFERRAL_REWARD,
  REFERRAL_STATE_LABELS,
  REFUSAL_MESSAGES,
  type ReferralParty,
  type ReferralState,
  type RefusalReason,
  referralCodeFrom,
  referralState,
} from "#domain/referrals/rules.ts";
import type { Db } from "#server/platform/db.ts";
import type { Outbox } from "../messages/index.ts";
import { grantCredit } from "../promos/index.ts";
import { referralRewardMessage } from "./messages.ts";

type Tx = Transaction<Database>;

const ANONYMOUS_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The shopper's share code, made the first time they ask (a clash with another's code tries again). */
export async function codeFor(db: Db, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await db
      .selectFrom("referral_codes")
      .select("code")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (existing) return existing.code;
    await db
      .insertInto("referral_codes")
      .values({ user_id: userId, code: referralCodeFrom(randomBytes(8)) })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  throw new Error("no free referral code after 5 tries");
}

/** Keeps a device an account signed in or up on (the sign-in's transaction). */
export async function rememberDevice(tx: Tx, userId: string, deviceId: string): Promise<void> {
  if (!ANONYMOUS_ID.test(deviceId)) return;
  await tx
    .insertInto("referral_devices")
    .values({ user_id: userId, device_id: deviceId.toLowerCase() })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * A signup through a share link (the signup's transaction): the friend is recorded as the code's owner's referral.
 * An unknown code, or one's own, is no referral; nothing is refused for it, the signup goes on.
 */
export async function recordSignup(
  tx: Tx,
  account: { userId: string; referral: string | null },
): Promise<void> {
  const code = normalizeReferralCode(account.referral);
  if (!code) return;
  const owner = await tx
    .selectFrom("referral_codes")
    .select("user_id")
    .where("code", "=", code)
    .executeTakeFirst();
  if (!owner || owner.user_id === account.userId) return;
  await tx
    .insertInto("referrals")
    .values({ referrer_id: owner.user_id, friend_id: account.userId, code })
    .onConflict((oc) => oc.column("friend_id").doNothing())
    .execute();
}

/** Everything the abuse rules compare of one account: who, its cards (removed ones too), devices, addresses. */
async function partyOf(tx: Tx, userId: string): Promise<ReferralParty> {
  const [user, cards, devices, orders] = await Promise.all([
    tx.selectFrom("users").select(["email", "mobile"]).where("id", "=", userId).executeTakeFirstOrThrow(),
    tx
      .selectFrom("cards")
      .select(["brand", "last4", "exp_month", "exp_year"])
      .where("user_id", "=", userId)
      .execute(),
    tx.selectFrom("referral_devices").select("device_id").where("user_id", "=", userId).execute(),
    tx
      .selectFrom("orders")
      .select(["delivery_address_detail", "shipping"])
      .where("user_id", "=", userId)
      .execute(),
  ]);
  return {
    userId,
    email: user.email,
    mobile: user.mobile,
    cards: cards.map(
      (c): CardPrint => ({ brand: c.brand, last4: c.last4, expMonth: c.exp_month, expYear: c.exp_year }),
    ),
    devices: devices.map((d) => d.device_id),
    addresses: orders.flatMap((o) => {
      const a = (
        typeof o.delivery_address_detail === "string"
          ? JSON.parse(o.delivery_address_detail)
          : o.delivery_address_detail
      ) as DeliveryAddressDetail | null;
      return a?.address ? [{ address: a.address, unit: a.unit ?? null, zip: a.zip ?? "" }] : [];
    }),
  };
}

export interface ReferralDeps {
  db: Db;
  outbox: Outbox;
  now: () => Date;
  /** For links in the emails; absent: paths alone. */
  origin: string | null;
}

export type SettleOutcome = "no_referral" | "not_completed" | "already_decided" | "rewarded" | RefusalReason;

/**
 * A completed order of a referred friend: decides their referral once. Locks the referral (a second run waits,
 * then finds it decided) and the referrer's code row (so two friends completing at once count the cap one after
 * the other); the credit goes through the promos module's ledger, and `referral_rewards`' key holds each side to
 * one grant whatever happens.
 */
export async function settleReferral(deps: ReferralDeps, orderId: string): Promise<SettleOutcome> {
  return deps.db.transaction().execute(async (tx) => {
    const order = await tx
      .selectFrom("orders")
      .select(["user_id", "order_status"])
      .where("id", "=", orderId)
      .executeTakeFirst();
    if (!order) return "no_referral";
    const referral = await tx
      .selectFrom("referrals")
      .selectAll()
      .where("friend_id", "=", order.user_id)
      .forUpdate()
      .executeTakeFirst();
    if (!referral) return "no_referral";
    if (referral.state !== "signed_up") return "already_decided";
    if (order.order_status !== 3) return "not_completed";
    await sql`select user_id from referral_codes where user_id = ${referral.referrer_id} for update`.execute(
      tx,
    );
    const [referrer, friend, rewarded] = await Promise.all([
      partyOf(tx, referral.referrer_id),
      partyOf(tx, referral.friend_id),
      tx
        .selectFrom("referrals")
        .select(sql<number>`count(*)::int`.as("n"))
        .where("referrer_id", "=", referral.referrer_id)
        .where("state", "=", "rewarded")
        .executeTakeFirstOrThrow(),
    ]);
    const verdict = judgeReferral(referrer, friend, rewarded.n);
    const now = deps.now();
    const decided = await tx
      .updateTable("referrals")
      .set({
        state: verdict.ok ? "rewarded" : "refused",
        refusal_reason: verdict.ok ? null : verdict.reason,
        order_id: orderId,
        decided_at: now,
      })
      .where("id", "=", referral.id)
      .where("state", "=", "signed_up")
      .returning("id")
      .executeTakeFirst();
    if (!decided) return "already_decided";
    if (!verdict.ok) return verdict.reason;

    const people = await tx
      .selectFrom("users")
      .select(["id", "email", "firstname", "lastname"])
      .where("id", "in", [referral.referrer_id, referral.friend_id])
      .execute();
    const person = (id: string) => people.find((p) => p.id === id)!;
    const friendPerson = person(referral.friend_id);
    const expiresAt = new Date(now.getTime() + REFERRAL_REWARD.validDays * 86_400_000);
    const sides = [
      { side: "referrer" as const, userId: referral.referrer_id, amount: REFERRAL_REWARD.referrerCents },
      { side: "friend" as const, userId: referral.friend_id, amount: REFERRAL_REWARD.friendCents },
    ];
    for (const s of sides) {
      const kept = await tx
        .insertInto("referral_rewards")
        .values({ referral_id: String(referral.id), side: s.side, user_id: s.userId, amount: s.amount })
        .onConflict((oc) => oc.columns(["referral_id", "side"]).doNothing())
        .returning("side")
        .executeTakeFirst();
      if (!kept) continue;
      const who = person(s.userId);
      const name = friendName(friendPerson.firstname, friendPerson.lastname);
      await grantCredit(tx, s.userId, {
        amount: s.amount,
        reason: s.side === "referrer" ? `Referral: ${name} ordered` : "Referral: welcome credit",
        promoCode: null,
        expiresAt,
      });
      await deps.outbox.enqueue(
        tx,
        referralRewardMessage(who.email, who.firstname, s.side, s.amount, name, deps.origin),
      );
    }
    return "rewarded";
  });
}

export interface ReferralView {
  name: string;
  state: ReferralState;
  label: string;
  /** Why it earned nothing, for a refused one. */
  reason: string | null;
  signedUpAt: string;
  decidedAt: string | null;
}

export interface ReferralsAnswer {
  code: string;
  /** The path a friend opens (the page makes it absolute). */
  path: string;
  reward: { referrer: number; friend: number };
  cap: number;
  rewarded: number;
  earned: number;
  referrals: ReferralView[];
}

/** GET /referrals: the shopper's code and link, and the friends who came through it, newest first. */
export async function listReferrals(db: Db, userId: string): Promise<ReferralsAnswer> {
  const code = await codeFor(db, userId);
  const rows = await db
    .selectFrom("referrals as r")
    .innerJoin("users as f", "f.id", "r.friend_id")
    .select([
      "r.state",
      "r.refusal_reason",
      "r.created_at",
      "r.decided_at",
      "f.firstname",
      "f.lastname",
      (eb) =>
        eb
          .selectFrom("orders as o")
          .select(sql<number>`count(*)::int`.as("n"))
          .whereRef("o.user_id", "=", "r.friend_id")
          .where("o.order_status", ">=", 0)
          .as("orders"),
      (eb) =>
        eb
          .selectFrom("referral_rewards as w")
          .select(sql<number>`coalesce(sum(w.amount), 0)::int`.as("n"))
          .whereRef("w.referral_id", "=", "r.id")
          .where("w.side", "=", "referrer")
          .as("earned"),
    ])
    .where("r.referrer_id", "=", userId)
    .orderBy("r.id", "desc")
    .limit(200)
    .execute();
  const referrals = rows.map((r): ReferralView => {
    const state = referralState(r.state, Number(r.orders ?? 0));
    return {
      name: friendName(r.firstname, r.lastname),
      state,
      label: REFERRAL_STATE_LABELS[state],
      reason: r.refusal_reason ? (REFUSAL_MESSAGES[r.refusal_reason as RefusalReason] ?? null) : null,
      signedUpAt: new Date(r.created_at).toISOString(),
      decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
    };
  });
  return {
    code,
    path: `/signup?ref=${code}`,
    reward: { referrer: REFERRAL_REWARD.referrerCents, friend: REFERRAL_REWARD.friendCents },
    cap: REFERRAL_CAP,
    rewarded: rows.filter((r) => r.state === "rewarded").length,
    earned: rows.reduce((s, r) => s + Number(r.earned ?? 0), 0),
    referrals,
  };
}

/** GET /referrals/code/{code}: whose link it is (first name and initial), for the signup page's welcome. */
export async function codeOwner(db: Db, raw: string): Promise<{ code: string; name: string } | null> {
  const code = normalizeReferralCode(raw);
  if (!code) return null;
  const row = await db
    .selectFrom("referral_codes as c")
    .innerJoin("users as u", "u.id", "c.user_id")
    .select(["u.firstname", "u.lastname"])
    .where("c.code", "=", code)
    .executeTakeFirst();
  return row ? { code, name: friendName(row.firstname, row.lastname) } : null;
}
