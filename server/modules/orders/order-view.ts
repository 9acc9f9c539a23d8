import { type ExpressionBuilder, type QueryCreator, type RawBuilder, sql } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import { columnsOf, ORDER_COLUMNS } from "#db/columns.ts";
import type { Database } from "#db/schema.ts";
import type { CartLineItem } from "#domain/cart/totals.ts";
import { formatCents } from "#domain/money.ts";
import { isActiveOrder, ORDER_STATUS, type OrderStatus, type ShippingStatus } from "#domain/orders/status.ts";
import type { SubstitutionStatus } from "#domain/orders/substitution.ts";
import type { DeliveryAddressDetail, Order, OrderProduct } from "#domain/orders/types.ts";
import { stanceOf } from "#domain/payments/settlement.ts";
import { taxRows } from "#domain/tax/summary.ts";
import { notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";

export const ORDER_NOT_FOUND = "We couldn't find that order.";

/**
 * Orders the history shows: placed ones. An order still waiting for its payment (a 3-D Secure challenge), or one
 * whose payment never went through (declined), was never placed.
 */
const placed = (
  eb: ExpressionBuilder<Database & { o: Database["orders"]; p: Database["payments"] }, "o" | "p">,
) =>
  eb.and([
    eb("o.order_status", "!=", -1),
    eb.or([eb("o.order_status", "!=", 5), eb("p.failure_message", "is", null)]),
  ]);

/** Which orders ordersWhere reads. */
interface OrderFilter {
  ids?: string[];
  /** The shopper's own orders; the store console reads by store (or, for an admin, any). */
  userId?: string;
  storeId?: string;
  statuses?: number[];
  limit?: number;
  offset?: number;
  placedOnly?: boolean;
}

/** Reads orders with their store, payment and lines, as the API answers them. */
export async function ordersWhere(db: Db, filter: OrderFilter): Promise<Order[]> {
  return orderViews(db, await orderRows(db, filter).execute());
}

/**
 * The shopper's orders of `ids` as ordersWhere reads them, as one JSON value for a statement of the caller's (the
 * last statement of a transaction that moved them, say): `ordersFromJson` answers them from it.
 */
export function ordersAsJson(db: QueryCreator<Database>, userId: string, ids: string[]) {
  return jsonArrayFrom(orderRows(db, { userId, ids }));
}

/** The orders of ordersAsJson's value, as ordersWhere answers them. */
export function ordersFromJson(db: Db, rows: JsonRows): Promise<Order[]> {
  return orderViews(db, rows);
}

type JsonRows = ReturnType<typeof ordersAsJson> extends RawBuilder<infer R> ? R : never;

/** A row as the driver reads it or as JSON carries it: a date, or its text. */
type OrderRow = {
  [K in keyof DriverRow]: DriverRow[K] extends Date
    ? Date | string
    : DriverRow[K] extends Date | null
      ? Date | string | null
      : DriverRow[K];
};
type DriverRow = Awaited<ReturnType<ReturnType<typeof orderRows>["execute"]>>[number];

function orderRows(db: QueryCreator<Database>, filter: OrderFilter) {
  let query = db
    .selectFrom("orders as o")
    .innerJoin("stores as s", "s.id", "o.store_id")
    .innerJoin("payments as p", "p.id", "o.payment_id")
    .leftJoin("order_tips as t", "t.order_id", "o.id")
    .leftJoin("order_feedback as f", "f.order_id", "o.id")
    .select(columnsOf("o", ORDER_COLUMNS))
    .select(["s.name as store_name", "p.card_brand", "p.card_last4", "p.method", "p.provider_intent_id"])
    .select([
      "t.amount as tip_amount",
      "t.rating as tip_rating",
      "t.status as tip_status",
      "f.positive as feedback_positive",
      "f.negative as feedback_negative",
      "f.thumb as feedback_thumb",
      "f.notes as feedback_notes",
    ])
    // The lines in the same round trip: one query per page of orders, however many.
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom("order_lines as l")
          .select([
            "l.sku_id",
            "l.title",
            "l.subtitle",
            "l.image",
            "l.url",
            "l.qty",
            "l.price",
            "l.subtotal",
            "l.engraving",
            "l.substitution_preference",
          ])
          .whereRef("l.order_id", "=", "o.id")
          .orderBy("l.id"),
      ).as("lines"),
    )
    .orderBy("o.created_at", "desc")
    .orderBy("o.order_number", "desc");
  if (filter.userId !== undefined) query = query.where("o.user_id", "=", filter.userId);
  if (filter.storeId !== undefined) query = query.where("o.store_id", "=", filter.storeId);
  if (filter.statuses)
    query = query.where("o.order_status", "in", filter.statuses.length ? filter.statuses : [-99]);
  // One array parameter, not a list: the statement's text is the same for any number of ids (ordersAsJson's is
  // compiled once).
  if (filter.ids) query = query.where(sql<boolean>`o.id = any(${filter.ids})`);
  if (filter.placedOnly) query = query.where(placed);
  if (filter.limit !== undefined) query = query.limit(filter.limit).offset(filter.offset ?? 0);
  return query;
}

/**
 * The orders as the API answers them, from their rows (as the driver reads them, or from JSON: a date may be a
 * string, so every date is read through `new Date`).
 */
async function orderViews(db: Db, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const driverIds = [...new Set(rows.flatMap((r) => (r.driver_id ? [r.driver_id] : [])))];
  const drivers = new Map(
    (driverIds.length
      ? await db
          .selectFrom("users")
          .select(["id", "firstname", "lastname", "mobile"])
          .where("id", "in", driverIds)
          .execute()
      : []
    ).map((d) => [d.id, d] as const),
  );
  const now = Date.now();
  return rows.map((o) => {
    const products: OrderProduct[] = o.lines.map((l) => ({
      sku_id: l.sku_id,
      title: l.title,
      subtitle: l.subtitle,
      image: l.image,
      url: l.url,
      qty: l.qty,
      price: l.price,
      subtotal: l.subtotal,
      engraving: l.engraving,
      substitution_preference: l.substitution_preference,
    }));
    const scheduled = o.scheduled as Order["scheduled"];
    const tipAfter = o.tip_status === "charged" ? (o.tip_amount ?? 0) : 0;
    const status = o.order_status as OrderStatus;
    const shippingStatus = o.shipping_status as ShippingStatus | null;
    return {
      _id: o.id,
      order_number: Number(o.order_number),
      checkout_id: o.checkout_id,
      order_status: status,
      shipping: o.shipping,
      shipping_status: shippingStatus,
      failed_status: o.failed_status,
      eta: etaText(o, scheduled, now),
      driver: driverOf(o.driver_id ? drivers.get(o.driver_id) : undefined),
      tracking_state: status === 2 ? o.tracking_state : null,
      store: { id: o.store_id, name: o.store_name },
      products,
      subtotal: o.subtotal,
      total: o.total,
      charge: { brand: o.card_brand, last4: o.card_last4, method: o.method },
      line_items: o.line_items as CartLineItem[],
      taxes: taxRows(o.tax_lines, o.tax_refunded).map((row) => ({
        title: row.title,
        display: formatCents(row.cents, true),
        value: row.cents,
      })),
      delivery_address_detail: o.delivery_address_detail as DeliveryAddressDetail,
      delivery_notes: o.delivery_notes,
      recipient_note: o.recipient_note,
      scheduled,
      gift_info: o.gift_info as Order["gift_info"],
      promo_code: o.promo_code,
      round_up: o.round_up > 0 ? { amount: o.round_up, organization_id: o.round_up_org_id } : null,
      substitution_status: o.substitution_status as SubstitutionStatus | null,
      tip:
        o.tip_status === "charged" || o.tip_rating !== null
          ? { id: o.id, amount: tipAfter, rating: o.tip_rating ?? null }
          : null,
      tip_total: o.tip + tipAfter,
      checkout_tip: { amount: o.tip, changeable: checkoutTipChangeable(o) },
      feedback: o.feedback_positive
        ? {
            positive: o.feedback_positive,
            negative: o.feedback_negative ?? [],
            thumb: o.feedback_thumb ?? null,
            notes: o.feedback_notes ?? null,
          }
        : null,
      active: isActiveOrder({ shipping: o.shipping, order_status: status, shipping_status: shippingStatus }),
      created_at: new Date(o.created_at).toISOString(),
    };
  });
}

/**
 * Whether the tip chosen at checkout may still change (the rule is checkCheckoutTip's, decided again under the
 * payment's lock when asked): an on-demand order going ahead, paid by card, whose payment's one capture is not yet
 * planned (`captured` is written with the plan).
 */
function checkoutTipChangeable(o: {
  shipping: boolean;
  order_status: number;
  failed_status: Order["failed_status"];
  captured: number;
  method: string;
  provider_intent_id: string | null;
}): boolean {
  const stance = stanceOf({
    order_status: o.order_status as OrderStatus,
    shipping: o.shipping,
    failed_status: o.failed_status,
  });
  return (
    !o.shipping &&
    o.order_status !== ORDER_STATUS.awaitingPayment &&
    o.order_status !== ORDER_STATUS.failed &&
    stance !== "dropped" &&
    o.captured === 0 &&
    o.method !== "none" &&
    o.provider_intent_id !== null
  );
}

/** The arrival shown: the driver's, from their last position, while on the way; else the slot or the store's ETA. */
function etaText(
  o: { order_status: number; driver_eta_at: Date | string | null; eta_minutes: number | null },
  scheduled: Order["scheduled"],
  now: number,
): string | null {
  if (o.order_status === 2 && o.driver_eta_at) {
    const minutes = Math.max(1, Math.ceil((new Date(o.driver_eta_at).getTime() - now) / 60_000));
    return `${minutes} min`;
  }
  if (scheduled && "label" in scheduled) return scheduled.label;
  return o.eta_minutes ? `${o.eta_minutes} min` : null;
}

/** The driver as the shopper sees them: first name and initial, and a number to call when they gave one. */
function driverOf(
  d: { firstname: string; lastname: string; mobile: string | null } | undefined,
): Order["driver"] {
  if (!d) return null;
  return { name: `${d.firstname} ${d.lastname.slice(0, 1)}.`.trim(), phone: d.mobile };
}

/** GET /order/detail?id=: the user's own order; another user's is not found, like one that does not exist. */
export async function orderDetail(db: Db, userId: string, id: string): Promise<Order> {
  const [order] = await ordersWhere(db, { userId, ids: [id] });
  if (!order) throw notFound(ORDER_NOT_FOUND, "order_not_found");
  return order;
}

/** GET /order/history: count and orders (spec §7), newest first, a page at a time. */
export async function orderHistory(db: Db, userId: string, page: { limit: number; offset: number }) {
  const { count } = await db
    .selectFrom("orders as o")
    .innerJoin("payments as p", "p.id", "o.payment_id")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("o.user_id", "=", userId)
    .where(placed)
    .executeTakeFirstOrThrow();
  const orders = await ordersWhere(db, { userId, ...page, placedOnly: true });
  return { count: Number(count), orders };
}

/** GET /order/status/{id}: where one of the user's orders is (spec §7); the live stream sends the same. */
export async function orderStatus(db: Db, userId: string, id: string) {
  const o = await orderDetail(db, userId, id);
  return {
    _id: o._id,
    order_status: o.order_status,
    shipping_status: o.shipping_status,
    eta: o.eta,
    driver: o.driver,
    tracking_state: o.tracking_state,
    failed_status: o.failed_status,
    active: o.active,
    substitution_status: o.substitution_status,
  };
}

export type OrderStatusAnswer = Awaited<ReturnType<typeof orderStatus>>;

/**
 * The active-order tracker (spec §4: the flag is true when the user has an active order): the user's active orders,
 * newest first, as the shell's tracker shows them.
 */
export async function activeOrders(db: Db, userId: string) {
  const candidates = await ordersWhere(db, {
    userId,
    statuses: [0, 1, 2, 7],
    placedOnly: true,
    limit: 10,
    offset: 0,
  });
  const orders = candidates
    .filter((o) => o.active)
    .map((o) => ({
      _id: o._id,
      order_number: o.order_number,
      order_status: o.order_status,
      shipping: o.shipping,
      shipping_status: o.shipping_status,
      failed_status: o.failed_status,
      scheduled: o.scheduled,
      eta: o.eta,
      store: o.store,
      substitution_status: o.substitution_status,
    }));
  return { active: orders.length > 0, orders };
}
