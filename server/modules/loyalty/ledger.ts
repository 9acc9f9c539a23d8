import { type QueryCreator, sql, type Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import {
  ACTIONS,
  type ActionId,
  actionById,
  currentPoints,
  type LedgerKind,
  type LedgerRow,
  type LoyaltyView,
  lifetimePoints,
  loyaltyView,
  POINTS_LIFETIME_MONTHS,
  pointsForOrder,
  pointsToExpire,
  redemption,
  reversalFor,
  tierFor,
} from "#domain/loyalty/programme.ts";
import {
  ADJUSTMENT_WINDOW_HOURS,
  adjustmentAllowance,
  type StaffAdjustmentLimits,
  staffAdjustmentRefusal,
} from "#domain/loyalty/staff-adjustment.ts";
import { formatCents } from "#domain/money.ts";
import { ORDER_STATUS } from "#domain/orders/status.ts";
import { AppError, notFound } from "#server/errors.ts";
import type { RecordAudit } from "#server/platform/audit.ts";
import type { Db } from "#server/platform/db.ts";
import { grantCredit } from "../promos/index.ts";
import { enterOrder, reverseOrderEntries } from "./giveaway.ts";

type Tx = Transaction<Database>;
type Q = Db | Tx;

/** One row of a shopper's points history, as the page and the console show it. */
export interface LedgerEntry {
  id: number;
  kind: LedgerKind;
  points: number;
  reason: string;
  orderId: string | null;
  action: string | null;
  staffId: string | null;
  createdAt: string;
}

async function rowsOf(db: Q, userId: string): Promise<LedgerRow[]> {
  const rows = await db
    .selectFrom("loyalty_ledger")
    .select(["kind", "points", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ kind: r.kind, points: r.points, createdAt: new Date(r.created_at) }));
}

/**
 * Writes the `expired` row for points past their lifetime (POINTS_LIFETIME_MONTHS), in the caller's transaction
 * under the user's lock; answers the rows as they then stand. Points expire when the ledger is next read or spent:
 * a balance is never shown or redeemed with points that have lapsed.
 */
async function expireLapsed(tx: Tx, userId: string, rows: LedgerRow[], now: Date): Promise<LedgerRow[]> {
  const lapsed = pointsToExpire(rows, now);
  if (lapsed === 0) return rows;
  await tx
    .insertInto("loyalty_ledger")
    .values({
      user_id: userId,
      kind: "expired",
      points: -lapsed,
      reason: `${lapsed} points not used within ${POINTS_LIFETIME_MONTHS} months`,
    })
    .execute();
  return [...rows, { kind: "expired", points: -lapsed, createdAt: now }];
}

/**
 * Whether the shopper's tier waives delivery fees (the cart's and checkout's bill read it): their lifetime points,
 * summed by the database, against the tiers. Anonymous carts: no.
 */
export async function hasFreeDelivery(db: Q, userId: string | null): Promise<boolean> {
  if (!userId) return false;
  const row = await lifetimePointsOf(db, userId).executeTakeFirstOrThrow();
  return freeDeliveryAt(row.lifetime);
}

/** The shopper's lifetime points as a query, to run alone or as a subquery of a statement of the caller's. */
export function lifetimePointsOf(db: QueryCreator<Database>, userId: string) {
  return db
    .selectFrom("loyalty_ledger")
    .select(sql<number>`coalesce(sum(points), 0)::int`.as("lifetime"))
    .where("user_id", "=", userId)
    .where("kind", "not in", ["redeemed", "expired"]);
}

/** Whether the tier held at `lifetime` points waives delivery fees. */
export function freeDeliveryAt(lifetime: number): boolean {
  return tierFor(lifetime).freeDelivery;
}

/** The history, newest first. */
export async function historyOf(db: Q, userId: string, limit = 100): Promise<LedgerEntry[]> {
  const rows = await db
    .selectFrom("loyalty_ledger")
    .select(["id", "kind", "points", "reason", "order_id", "action", "staff_id", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    points: r.points,
    reason: r.reason,
    orderId: r.order_id,
    action: r.action,
    staffId: r.staff_id,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** Awards a one-off action once (the unique index holds it under any race); true when it was new. */
async function awardAction(db: Q, userId: string, id: ActionId): Promise<boolean> {
  const action = actionById(id);
  if (!action) return false;
  const row = await db
    .insertInto("loyalty_ledger")
    .values({ user_id: userId, kind: "action", points: action.points, action: id, reason: action.label })
    .onConflict((oc) => oc.columns(["user_id", "action"]).where("kind", "=", "action").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

const COMPLETED = [ORDER_STATUS.completed, ORDER_STATUS.refunded];

/**
 * Which one-off actions the shopper has done, by what the other modules keep (a completed order, the profile's
 * fields, a rating, the ID check), and which not done they can do now.
 */
async function actionFacts(
  db: Q,
  userId: string,
): Promise<{ done: Set<ActionId>; performable: Set<ActionId> }> {
  const user = await db
    .selectFrom("users")
    .select(["mobile", "gender", "age_verification_status"])
    .where("id", "=", userId)
    .executeTakeFirst();
  const completed = await db
    .selectFrom("orders")
    .select("id")
    .where("user_id", "=", userId)
    .where("order_status", "in", COMPLETED)
    .limit(1)
    .executeTakeFirst();
  const rated = await db
    .selectFrom("order_tips")
    .select("order_id")
    .where("user_id", "=", userId)
    .where("rating", "is not", null)
    .limit(1)
    .executeTakeFirst();
  const reviewed = rated
    ? rated
    : await db
        .selectFrom("product_reviews")
        .select("id")
        .where("user_id", "=", userId)
        .limit(1)
        .executeTakeFirst();
  const done = new Set<ActionId>();
  if (completed) done.add("first_order");
  if (user?.mobile && user.gender) done.add("completed_profile");
  if (reviewed) done.add("rated_order");
  if (user?.age_verification_status === 1) done.add("verified_age");
  const performable = new Set<ActionId>(["first_order", "completed_profile", "verified_age"]);
  if (completed) performable.add("rated_order");
  return { done, performable };
}

/**
 * The shopper's programme (spec §3 Loyalty), from the ledger. Actions the shopper has done but the ledger lacks
 * (done before the programme, or in another module's flow) are awarded first, once each.
 */
export async function loyaltyOf(db: Db, userId: string): Promise<LoyaltyView> {
  const facts = await actionFacts(db, userId);
  const awarded = new Set(
    (
      await db
        .selectFrom("loyalty_ledger")
        .select("action")
        .where("user_id", "=", userId)
        .where("kind", "=", "action")
        .execute()
    ).map((r) => r.action),
  );
  for (const a of ACTIONS)
    if (facts.done.has(a.id) && !awarded.has(a.id) && (await awardAction(db, userId, a.id)))
      awarded.add(a.id);
  const done = new Set([...awarded].filter((a): a is string => a !== null));
  let rows = await rowsOf(db, userId);
  // Rare (points a year old and unspent): only then a transaction, under the user's lock, reads again and expires.
  if (pointsToExpire(rows, new Date()) > 0)
    rows = await db.transaction().execute(async (tx) => {
      await lockUser(tx, userId);
      return expireLapsed(tx, userId, await rowsOf(tx, userId), new Date());
    });
  return loyaltyView(rows, done, facts.performable);
}

/**
 * The hook order moves call (moveOrder in checkout, in the move's transaction): a delivered order earns its points
 * (by the tier held before it), the first-order action and its giveaway entries; a refund takes back points in
 * proportion to the money and the order's entries. Each write is keyed (the order, the event), so running it
 * twice changes nothing.
 */
export async function onOrderMoved(
  tx: Tx,
  move: { orderId: string; eventId: number; type: string; toStatus: number; detail: Record<string, unknown> },
  now: Date,
): Promise<void> {
  if (move.type === "deliver" && move.toStatus === ORDER_STATUS.completed)
    await earnForOrder(tx, move.orderId, now);
  if (move.type === "refund") {
    const amount = typeof move.detail.amount === "number" ? move.detail.amount : 0;
    await reverseForRefund(tx, move.orderId, move.eventId, amount);
  }
}

async function earnForOrder(tx: Tx, orderId: string, now: Date): Promise<void> {
  const order = await tx
    .selectFrom("orders")
    .select(["id", "user_id", "subtotal", "order_number"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const tier = tierFor(lifetimePoints(await rowsOf(tx, order.user_id)));
  const points = pointsForOrder(order.subtotal, tier);
  if (points > 0) {
    await tx
      .insertInto("loyalty_ledger")
      .values({
        user_id: order.user_id,
        kind: "earned",
        points,
        order_id: order.id,
        reason: `Order #${order.order_number} completed`,
      })
      .onConflict((oc) => oc.column("order_id").where("kind", "=", "earned").doNothing())
      .execute();
  }
  await awardAction(tx, order.user_id, "first_order");
  await enterOrder(tx, order.id, order.user_id, now);
}

async function reverseForRefund(
  tx: Tx,
  orderId: string,
  eventId: number,
  refundCents: number,
): Promise<void> {
  const order = await tx
    .selectFrom("orders")
    .select(["id", "user_id", "total", "order_number"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const earned = await tx
    .selectFrom("loyalty_ledger")
    .select("points")
    .where("order_id", "=", orderId)
    .where("kind", "=", "earned")
    .executeTakeFirst();
  if (earned) {
    const before = await tx
      .selectFrom("loyalty_ledger")
      .select([
        sql<number>`coalesce(sum(refund_cents), 0)::int`.as("refunded"),
        sql<number>`coalesce(-sum(points), 0)::int`.as("reversed"),
      ])
      .where("order_id", "=", orderId)
      .where("kind", "=", "reversed")
      .executeTakeFirstOrThrow();
    const back = reversalFor(earned.points, order.total, before.refunded, refundCents, before.reversed);
    if (back > 0) {
      await tx
        .insertInto("loyalty_ledger")
        .values({
          user_id: order.user_id,
          kind: "reversed",
          points: -back,
          order_id: orderId,
          event_id: eventId,
          refund_cents: refundCents,
          reason: `Order #${order.order_number} refunded`,
        })
        .onConflict((oc) => oc.column("event_id").where("kind", "=", "reversed").doNothing())
        .execute();
    }
  }
  await reverseOrderEntries(tx, orderId);
}

/** Holds the user's points (and store credit, the same lock) for this transaction: one change at a time. */
async function lockUser(tx: Tx, userId: string): Promise<void> {
  const row = await sql<{ id: string }>`select id from users where id = ${userId} for update`.execute(tx);
  if (row.rows.length === 0) throw notFound("No such account.", "user_not_found");
}

/**
 * Turns `steps` steps of points into store credit: a `redeemed` row and the credit ledger's grant, in one
 * transaction under the user's lock, so parallel redemptions never spend the same points twice.
 */
export async function redeemPoints(
  db: Db,
  userId: string,
  steps: number,
): Promise<{ points: number; cents: number; balance: number }> {
  return db.transaction().execute(async (tx) => {
    await lockUser(tx, userId);
    const available = currentPoints(await expireLapsed(tx, userId, await rowsOf(tx, userId), new Date()));
    const r = redemption(steps, available);
    if (!r.ok) throw new AppError(r.code === "invalid_steps" ? 400 : 409, r.code, r.message);
    const creditId = await grantCredit(tx, userId, {
      amount: r.cents,
      reason: `${r.points} loyalty points redeemed`,
      promoCode: null,
      expiresAt: null,
    });
    if (creditId === null) throw new Error("redeemPoints: the credit grant was refused");
    await tx
      .insertInto("loyalty_ledger")
      .values({
        user_id: userId,
        kind: "redeemed",
        points: -r.points,
        credit_entry_id: creditId,
        reason: `${r.points} points for ${formatCents(r.cents, true)} of store credit`,
      })
      .execute();
    return { points: r.points, cents: r.cents, balance: available - r.points };
  });
}

/** Who adjusts: a staff member (bounded) or an administrator, with the store their audit row names. */
export interface Adjuster {
  userId: string;
  role: "store_staff" | "admin";
  storeId: string | null;
}

/** Points this staff member added by hand in the last 24 hours, across every customer. */
async function addedBySince(db: Q, staffId: string): Promise<number> {
  const row = await db
    .selectFrom("loyalty_ledger")
    .select(sql<number>`coalesce(sum(points), 0)::int`.as("added"))
    .where("staff_id", "=", staffId)
    .where("kind", "=", "adjusted")
    .where("points", ">", 0)
    .where("created_at", ">", sql<Date>`now() - ${sql.lit(`${ADJUSTMENT_WINDOW_HOURS} hours`)}::interval`)
    .executeTakeFirstOrThrow();
  return Number(row.added);
}

/**
 * Serialises one staff member's adjustments (their daily bound) for this transaction. An advisory lock, not their
 * user row: that row is the lock of their own points and credit (lockUser), which another adjustment may hold.
 */
async function lockAdjuster(tx: Tx, staffId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`loyalty-adjuster:${staffId}`}, 0))`.execute(tx);
}

/** What staff may still add today, for the console's form (null: an administrator, unbounded). */
export async function allowanceOf(db: Db, who: Adjuster, limits: StaffAdjustmentLimits) {
  if (who.role === "admin") return null;
  return adjustmentAllowance(who.role, await addedBySince(db, who.userId), limits);
}

/**
 * A staff member's adjustment, with their id and reason, within the bounds of staffAdjustmentRefusal (never their own
 * account; staff within `limits`, counted under a lock of their own so parallel adjustments cannot pass the daily
 * bound together); a deduction may not take the balance below 0. The console's audit row, with the balance before
 * and after, is written in the same transaction.
 */
export async function adjustPoints(
  db: Db,
  change: { customerId: string; by: Adjuster; points: number; reason: string },
  limits: StaffAdjustmentLimits,
  recordAudit: RecordAudit,
): Promise<{ balance: number }> {
  const { customerId, by, points, reason } = change;
  return db.transaction().execute(async (tx) => {
    if (by.role !== "admin") await lockAdjuster(tx, by.userId);
    const refusal = staffAdjustmentRefusal({
      role: by.role,
      actorId: by.userId,
      customerId,
      points,
      addedInWindow: by.role === "admin" ? 0 : await addedBySince(tx, by.userId),
      limits,
    });
    if (refusal) throw new AppError(403, refusal.code, refusal.message);
    await lockUser(tx, customerId);
    const available = currentPoints(
      await expireLapsed(tx, customerId, await rowsOf(tx, customerId), new Date()),
    );
    if (available + points < 0)
      throw new AppError(
        409,
        "not_enough_points",
        `The customer has ${available} points; ${-points} cannot be taken.`,
      );
    await tx
      .insertInto("loyalty_ledger")
      .values({ user_id: customerId, kind: "adjusted", points, staff_id: by.userId, reason })
      .execute();
    await recordAudit(tx, {
      actorId: by.userId,
      storeId: by.storeId,
      orderId: null,
      action: "loyalty.adjust",
      detail: { customer_id: customerId, points, reason },
      before: { points: available },
      after: { points: available + points },
    });
    return { balance: available + points };
  });
}
