import { createHash, timingSafeEqual } from "node:crypto";
import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { etaDisplay } from "#domain/availability/availability.ts";
import type { Availability } from "#domain/availability/types.ts";
import { chooseDelivery, deliveryInterval } from "#domain/checkout/request.ts";
import type { SaleClass } from "#domain/compliance/types.ts";
import {
  dateWords,
  GIFT_MESSAGES,
  GIFT_REFUSALS,
  type GiftState,
  giftChoice,
  giftSchedule,
  giftState,
} from "#domain/gifts/claim.ts";
import type { GiftClaimBody, GiftView } from "#domain/gifts/types.ts";
import type { DeliveryAddressDetail } from "#domain/orders/types.ts";
import { AppError } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { availabilityOfStore, deliveryLawRefusal } from "../geo/index.ts";
import { moveOrder, saleClassesOfOrder, scheduleStoreDeadlines, setGiftDelivery } from "../orders/index.ts";
import type { GiftsContext } from "./context.ts";
import { giftClaimedNotice } from "./messages.ts";

type Tx = Transaction<Database>;

interface GiftInfo {
  recipient: string;
  email: string | null;
  mobile: string | null;
  note: string | null;
  occasion: string | null;
  expires: string;
}

const hashOf = (token: string) => createHash("sha256").update(token).digest();

const notFound = () => new AppError(404, "gift_not_found", GIFT_MESSAGES.notFound);

/**
 * The gift's order and claim row, read when the link's token matches; an unknown order or wrong token alike: 404.
 * Locked, the claim row first (every claim queues there). Unlocked, the order first: a claim moves the order and marks
 * the claim row in one commit, so an order read as moved is always followed by a claim read as claimed (read the
 * other way round, a claim committing between the two reads looked like a gift the sender had arranged).
 */
async function giftRows(db: Db | Tx, orderId: string, token: string, lock = false) {
  let orderQuery = db.selectFrom("orders").selectAll().where("id", "=", orderId);
  let claimQuery = db.selectFrom("gift_claims").selectAll().where("order_id", "=", orderId);
  if (lock) {
    claimQuery = claimQuery.forUpdate();
    orderQuery = orderQuery.forUpdate();
  }
  const readClaim = () => claimQuery.executeTakeFirst();
  const lockedClaim = lock ? await readClaim() : undefined;
  const order = await orderQuery.executeTakeFirst();
  const claimRow = lock ? lockedClaim : await readClaim();
  // The hash is compared in constant time: the link's token is the key to the gift (docs/adr/0027-gift-claim.md).
  if (!claimRow || !timingSafeEqual(Buffer.from(claimRow.token_hash, "hex"), hashOf(token))) throw notFound();
  if (!order?.is_gift) throw notFound();
  return { claim: claimRow, order };
}

type Rows = Awaited<ReturnType<typeof giftRows>>;

const stateOf = ({ claim, order }: Rows, now: Date): GiftState =>
  giftState(
    {
      claimedAt: claim.claimed_at ? new Date(claim.claimed_at) : null,
      expiresAt: new Date(claim.expires_at),
      order_status: order.order_status,
      shipping: order.shipping,
      byRecipient: order.scheduled !== null && "byRecipient" in order.scheduled,
    },
    now,
  );

/** Refuses a gift that is not open to a claim: claimed 409, expired 410, cancelled 410, arranged by the sender 409. */
function requireOpen(state: GiftState): void {
  if (state === "open") return;
  const refusal = GIFT_REFUSALS[state];
  throw new AppError(refusal.status, refusal.code, GIFT_MESSAGES[state]);
}

async function viewOf(db: Db, rows: Rows, now: Date): Promise<GiftView> {
  const { claim, order } = rows;
  const gift = order.gift_info as GiftInfo;
  const [sender, store, lines] = await Promise.all([
    db.selectFrom("users").select("firstname").where("id", "=", order.user_id).executeTakeFirstOrThrow(),
    db.selectFrom("stores").select(["id", "name"]).where("id", "=", order.store_id).executeTakeFirstOrThrow(),
    db
      .selectFrom("order_lines")
      .select(["sku_id", "title", "subtitle", "image", "qty"])
      .where("order_id", "=", order.id)
      .orderBy("id")
      .execute(),
  ]);
  const a = order.delivery_address_detail as DeliveryAddressDetail;
  const slot = order.scheduled && "start" in order.scheduled ? order.scheduled : null;
  const waiting = order.scheduled !== null && "byRecipient" in order.scheduled;
  return {
    order_id: order.id,
    order_number: Number(order.order_number),
    state: stateOf(rows, now),
    from: sender.firstname,
    recipient: gift.recipient,
    note: gift.note,
    occasion: gift.occasion,
    recipient_note: order.recipient_note,
    expires: new Date(claim.expires_at).toISOString(),
    claimed_at: claim.claimed_at ? new Date(claim.claimed_at).toISOString() : null,
    store,
    products: lines,
    delivery_address: {
      address: a.address,
      city: a.city,
      state: a.state,
      zip: a.zip,
      unit: a.unit,
      business_name: a.business_name,
      type: a.type,
    },
    scheduled: slot,
    eta: slot
      ? slot.label
      : waiting || order.shipping || order.eta_minutes === null
        ? null
        : etaDisplay(order.eta_minutes),
  };
}

/** GET /order/gift/{orderId}?token=: the gift as its recipient sees it, in any state. */
export async function readGift(ctx: GiftsContext, orderId: string, token: string): Promise<GiftView> {
  return viewOf(ctx.db, await giftRows(ctx.db, orderId, token), ctx.now());
}

/**
 * The times the gift's store can bring it before the gift lapses: its delivery availability at the hours the law
 * allows the gift's lines (issue 33 §2; `classes` [] for the store's hours alone), cut to the expiry.
 */
async function scheduleOf(
  ctx: GiftsContext,
  rows: Rows,
  now: Date,
  classes?: readonly SaleClass[],
): Promise<Availability> {
  const lawful = classes ?? (await saleClassesOfOrder(ctx.db, rows.order));
  const availability = await availabilityOfStore(ctx.db, rows.order.store_id, now, undefined, lawful);
  return giftSchedule(availability, new Date(rows.claim.expires_at), now);
}

/** GET /order/gift/{orderId}/availability?token=: what the recipient may choose from; only while the gift is open. */
export async function giftAvailability(ctx: GiftsContext, orderId: string, token: string) {
  const now = ctx.now();
  const rows = await giftRows(ctx.db, orderId, token);
  requireOpen(stateOf(rows, now));
  return scheduleOf(ctx, rows, now);
}

/**
 * PUT /order/gift/{orderId}: the recipient claims the gift with a slot or "as soon as possible". In one transaction,
 * under a lock on the claim row (so of any number of claims at once one wins and the others find it claimed): the
 * choice checked against the store's availability cut to the expiry; the order moved by the status machine
 * (`giftClaimed`: placed for an ETA, so the store's normal flow starts; scheduled for a slot) with its `scheduled`,
 * ETA, notes and unit; the claim marked; the store's acceptance deadline set as checkout sets it; the sender told.
 */
export async function claimGift(ctx: GiftsContext, orderId: string, body: GiftClaimBody): Promise<GiftView> {
  const chosen = giftChoice(body);
  if (!chosen.ok) throw new AppError(400, "gift_choice_required", chosen.message);
  const now = ctx.now();
  // Read (and refused) before any lock; the availability is read outside the transaction (PGlite has one connection).
  const before = await giftRows(ctx.db, orderId, body.token);
  requireOpen(stateOf(before, now));
  const classes = await saleClassesOfOrder(ctx.db, before.order);
  const options = await scheduleOf(ctx, before, now, classes);
  const delivery = chooseDelivery(options, chosen.choice, true);
  if (!delivery.ok) {
    // A time the store keeps but the law forbids for a line of the gift is refused with the law's reason.
    const wanted = chooseDelivery(await scheduleOf(ctx, before, now, []), chosen.choice, true);
    const [start, end] = wanted.ok ? deliveryInterval(wanted.delivery, now) : [null, null];
    const refusal =
      start && end ? await deliveryLawRefusal(ctx.db, before.order.store_id, classes, start, end) : null;
    throw new AppError(
      409,
      refusal ? "delivery_not_allowed" : "delivery_unavailable",
      refusal ?? delivery.message,
    );
  }
  const picked = delivery.delivery;
  if (picked.kind === "recipient") throw new AppError(400, "gift_choice_required", GIFT_MESSAGES.chooseTime);

  await ctx.db.transaction().execute(async (tx) => {
    const rows = await giftRows(tx, orderId, body.token, true);
    requireOpen(stateOf(rows, now));
    const { order, claim } = rows;
    const asap = picked.kind === "asap";
    const slot = picked.kind === "slot" ? picked : null;
    const moved = await moveOrder(
      ctx,
      tx,
      order,
      { type: "giftClaimed", asap },
      "gift-recipient",
      slot ? { slot: slot.label } : { eta: options.eta.display },
    );
    if (!moved) throw new AppError(409, "gift_claimed", GIFT_MESSAGES.claimed);
    const address = order.delivery_address_detail as DeliveryAddressDetail;
    const unit = body.unit?.trim();
    const notes = body.notes?.trim();
    await setGiftDelivery(tx, order.id, {
      scheduled: slot
        ? JSON.stringify({ date: slot.date, start: slot.start, end: slot.end, label: slot.label })
        : null,
      etaMinutes: asap ? options.eta.minutes : null,
      deliveryAddressDetail: JSON.stringify(unit ? { ...address, unit } : address),
      deliveryNotes: notes
        ? [order.delivery_notes, `From the recipient: ${notes}`].filter(Boolean).join("\n")
        : order.delivery_notes,
    });
    const marked = await tx
      .updateTable("gift_claims")
      .set({ claimed_at: now })
      .where("id", "=", claim.id)
      .where("claimed_at", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (!marked) throw new AppError(409, "gift_claimed", GIFT_MESSAGES.claimed);
    // The store's deadlines, as checkout sets them for an order placed with this time.
    await scheduleStoreDeadlines(ctx.jobs, tx, { id: order.id, shipping: false, scheduled: slot }, now);
    const sender = await tx
      .selectFrom("users as u")
      .innerJoin("checkouts as c", "c.user_id", "u.id")
      .innerJoin("stores as s", (join) => join.on("s.id", "=", order.store_id))
      .select(["u.email", "u.firstname", "c.origin", "s.name as store"])
      .where("c.id", "=", order.checkout_id)
      .executeTakeFirstOrThrow();
    const gift = order.gift_info as GiftInfo;
    await ctx.outbox.enqueue(
      tx,
      giftClaimedNotice({
        email: sender.email,
        firstname: sender.firstname,
        recipient: gift.recipient,
        orderNumber: Number(order.order_number),
        store: sender.store,
        when: slot
          ? `${dateWords(slot.date)}, ${slot.label}`
          : `as soon as possible (${options.eta.display})`,
        orderUrl: `${sender.origin}/orders/${order.id}`,
      }),
    );
  });
  return readGift(ctx, orderId, body.token);
}
