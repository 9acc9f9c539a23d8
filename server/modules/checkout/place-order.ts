import { createHash, randomUUID } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { type Kysely, type QueryCreator, sql } from "kysely";
import type { Database } from "#db/schema.ts";
import type { PaymentMethod } from "#db/schema-payments.ts";
import { formatCalendarDate, isUnderAge, parseBirthday, todayForAgeCheck } from "#domain/accounts/age.ts";
import { isoDate, localDateOf } from "#domain/availability/hours.ts";
import type { CartProduct } from "#domain/cart/types.ts";
import { storeLineItems } from "#domain/checkout/bill.ts";
import { checkGift, type Gift, giftExpiry } from "#domain/checkout/gift.ts";
import {
  canonicalJson,
  chooseDelivery,
  type Delivery,
  type DeliveryChoice,
  deliveryInterval,
  isCheckoutIdOf,
} from "#domain/checkout/request.ts";
import type { DeliveryAddressDetail } from "#domain/orders/types.ts";
import { prose } from "#domain/prose.ts";
import { AppError, badRequest } from "#server/errors.ts";
import { compiledOnce } from "#server/platform/db.ts";
import { type PaymentSource, ProviderError } from "#server/platform/payments/provider.ts";
import { publicOrigin } from "../accounts/index.ts";
import { holdsAgeVerification } from "../age/index.ts";
import {
  type CartQuote,
  cartLockAt,
  cartStoreIds,
  cartToQuote,
  lockQuotedCart,
  type OwnerStanding,
  type QuoteOptions,
  quoteCart,
  servingOf,
} from "../cart/index.ts";
import { type StockWanted, withStockTaken } from "../catalogue/index.ts";
import {
  availabilityOfStore,
  availabilityTermsOf,
  deliveryLawRefusal,
  readAddressCookie,
  type StoreTerms,
} from "../geo/index.ts";
import { freeDeliveryAt, lifetimePointsOf } from "../loyalty/index.ts";
import { type PlacedLine, type PlacedOrder, withOrdersPlaced } from "../orders/index.ts";
import {
  addCard,
  customerFor,
  ownCard,
  withAuthorisationPending,
  withPaymentOpened,
} from "../payments/index.ts";
import { redeemPromo, spendCredit } from "../promos/index.ts";
import { requireUser } from "../sessions/index.ts";
import type { CheckoutAnswer, CheckoutContext, PlacingContext } from "./context.ts";
import {
  checkShippingOption,
  deliverToOf,
  type GiftDestination,
  giftAddressDetail,
  giftDestination,
} from "./gift-address.ts";
import { RECOVER_CHECKOUT_AFTER_SECONDS } from "./jobs.ts";
import { recoverCheckout } from "./recover.ts";
import type { PlaceOrderBody } from "./schemas.ts";
import { awaitChallenge, releaseCheckout, settleAuthorised, settleByIntent } from "./settle.ts";

export const CART_CHANGED = "Your cart changed while you were checking out. Please review your order.";
export const UNDER_AGE = "You must be 21 or older to order from Nightcap.";
export const AGE_VERIFICATION_REQUIRED =
  "Your cart has nicotine or tobacco: please verify your age with your driving licence or ID card before paying.";
export const PAYMENT_UNAVAILABLE =
  "The card provider did not answer, and nothing was charged. Please try again.";

const conflict = (code: string, message: string) => new AppError(409, code, message);

/**
 * POST /order/v3 (spec §7): the cart becomes paid orders, one per store under one payment. The steps read in
 * order: claim the checkout id (a retry or a double click gets the first answer), quote the cart on the server,
 * check everything a store needs, reserve in one transaction (stock, the promo, credit, the orders at "awaiting
 * payment"), then ask the provider for a hold, outside any transaction, and settle or release by its answer.
 */
export async function placeOrder(
  ctx: PlacingContext,
  req: FastifyRequest,
  body: PlaceOrderBody,
): Promise<CheckoutAnswer> {
  const { userId } = requireUser(req);
  if (!isCheckoutIdOf(body.id, userId))
    throw badRequest(
      "This checkout id is not yours: it is your user id, an underscore and a timestamp (base 36, or milliseconds).",
      "invalid_checkout_id",
    );

  const { id: _id, ...request } = body;
  const fingerprint = createHash("sha256").update(canonicalJson(request)).digest("hex");
  const claim = await claimCheckout(ctx, body.id, userId, fingerprint, publicOrigin(req, ctx.config));
  if ("earlier" in claim) return claim.earlier;

  let reserved: {
    paymentId: string;
    amount: number;
    source: PaymentSource | null;
    customerId: string | null;
  } | null = null;
  try {
    // A gift to its recipient's address goes to the stores serving that one (ADR 0053); the shopper's own stays.
    const destination = body.giftAddress ? await giftDestination(ctx, body.giftAddress) : null;
    const quote = await quoteCart(
      ctx.db,
      `user:${userId}`,
      ownDestination(
        req,
        await servingOf(
          ctx.db,
          req.headers as { lat?: number; lng?: number },
          req.deliveryState,
          req.deliveryZip,
        ),
      ),
      body.tip ?? {},
      {
        standing: claim.standing,
        deliverTo: destination ? deliverToOf(destination, body.shippingOption) : undefined,
        read: claim.cart,
      },
    );
    if (!claim.user) throw new Error(`checkout: no user ${userId}`);
    const plan = await planCheckout(ctx, req, userId, body, quote, claim.user, claim.stores, destination);
    reserved = await reserve(ctx, body.id, userId, plan);
  } finally {
    // Nothing was reserved (the request was refused before): the id may be used again once the shopper fixes it.
    if (!reserved)
      await ctx.db
        .deleteFrom("checkouts")
        .where("id", "=", body.id)
        .where("state", "=", "processing")
        .execute();
  }

  if (reserved.amount === 0) return settleAuthorised(ctx, reserved.paymentId, null);
  const { paymentId, amount, source, customerId } = reserved;
  let intent: Awaited<ReturnType<typeof ctx.provider.authorise>>;
  try {
    intent = await ctx.provider.authorise({
      amount,
      currency: "usd",
      customerId,
      source: source!,
      returnUrl: `${publicOrigin(req, ctx.config)}/3dscb`,
      description: "Nightcap order",
      metadata: { checkout_id: body.id, user_id: userId },
      idempotencyKey: `${body.id}:authorise`,
    });
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    return releaseCheckout(ctx, paymentId, {
      code: err.code,
      message: err.retryable ? PAYMENT_UNAVAILABLE : err.message,
      http: err.retryable ? 502 : 402,
    });
  }
  // The intent's id is recorded in the transaction that settles, or waits for, its answer.
  const answer =
    intent.status === "requires_action"
      ? await awaitChallenge(ctx, paymentId, intent)
      : await settleByIntent(ctx, paymentId, intent);
  // The provider took so long that the recovery job (recover.ts) found no hold and released the checkout:
  // the hold made since is voided, not left on the shopper's card.
  if (answer.status === "failed" && intent.status === "requires_capture")
    await ctx.provider.cancel(intent.id, `${body.id}:recover-void`);
  return answer;
}

/** What planning reads of the user. */
interface PlanUser {
  birthday: string;
  round_up_org_id: string | null;
  email: string;
  payment_customer_id: string | null;
  signup_promo: string | null;
}

/**
 * Claims a checkout id, reading in the same statement what planning and the quote need of the user (the quote:
 * their signup code and their loyalty tier's lifetime points) and the terms of the stores in their cart (planning
 * builds their availability); answers the earlier attempt's outcome instead when the id was used before with the
 * same request.
 */
/**
 * Claims the checkout id (the insert answers it only when it was free) and reads, in the same statement, what placing
 * needs of the shopper, their stores and their cart. The checkout's largest statement, built and compiled once
 * (compiledOnce): Kysely building it again for every order was about 1 % of the server's CPU in the checkout bench.
 */
const claimStatement = compiledOnce(
  (db, id: string, userId: string, fingerprint: string, origin: string, owner: string) =>
    db
      .with("claimed", (db) =>
        db
          .insertInto("checkouts")
          .values({ id, user_id: userId, fingerprint, state: "processing", origin })
          .onConflict((oc) => oc.column("id").doNothing())
          .returning("id"),
      )
      .selectNoFrom((eb) => [
        eb.selectFrom("claimed").select("id").as("claimed"),
        eb
          .selectFrom("users")
          .select(
            sql<PlanUser>`json_build_object('birthday', birthday, 'round_up_org_id', round_up_org_id,
          'email', email, 'payment_customer_id', payment_customer_id, 'signup_promo', signup_promo)`.as(
              "user",
            ),
          )
          .where("id", "=", userId)
          .as("user"),
        lifetimePointsOf(db, userId).as("lifetime"),
        availabilityTermsOf(db, cartStoreIds(db, owner)).as("stores"),
        cartToQuote(db, owner).as("cart"),
      ]),
);

async function claimCheckout(
  ctx: CheckoutContext,
  id: string,
  userId: string,
  fingerprint: string,
  origin: string,
): Promise<
  | { earlier: CheckoutAnswer }
  | {
      user: PlanUser | undefined;
      standing: OwnerStanding | undefined;
      stores: StoreTerms[];
      /** The cart as quoteCart reads it, from the claim's snapshot. */
      cart: QuoteOptions["read"];
    }
> {
  const [claim] = await claimStatement(ctx.db, id, userId, fingerprint, origin, `user:${userId}`);
  if (claim.claimed) {
    const user = claim.user ?? undefined;
    const standing = user && {
      freeDelivery: freeDeliveryAt(claim.lifetime ?? 0),
      signupPromo: user.signup_promo,
    };
    return { user, standing, stores: claim.stores ?? [], cart: claim.cart };
  }
  const earlier = await ctx.db
    .selectFrom("checkouts")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  if (earlier.user_id !== userId || earlier.fingerprint !== fingerprint)
    throw new AppError(
      422,
      "checkout_id_reused",
      "This checkout was already placed with other details. Reload checkout to start again.",
    );
  if (earlier.state === "processing") {
    // Older than its recovery's delay, it was cut off (its instance died): the retry recovers it now.
    const cutOff = Date.now() - earlier.created_at.getTime() > RECOVER_CHECKOUT_AFTER_SECONDS * 1000;
    const recovered = cutOff ? await recoverCheckout(ctx, id) : null;
    if (recovered) return { earlier: recovered };
    throw conflict("checkout_in_progress", "This order is already being placed. One moment, please.");
  }
  return { earlier: earlier.answer as CheckoutAnswer };
}

/** Everything placing the orders needs, checked before anything is reserved. */
interface Plan {
  quote: CartQuote;
  products: CartProduct[];
  address: DeliveryAddressDetail;
  deliveries: Map<string, Delivery | { kind: "shipped" }>;
  gift: Gift | null;
  payment: {
    method: PaymentMethod;
    source: PaymentSource | null;
    customerId: string | null;
    card: { brand: string; last4: string } | null;
    /** The saved card (ours) it is paid with: a later charge for the order goes on it (payments/charge-extra.ts). */
    cardId: string | null;
  };
  roundUpOrgId: string | null;
  body: PlaceOrderBody;
}

async function planCheckout(
  ctx: CheckoutContext,
  req: FastifyRequest,
  userId: string,
  body: PlaceOrderBody,
  quote: CartQuote | null,
  user: PlanUser,
  /** Stores' terms read with the claim: a store of the cart missing from them (the cart moved since) is read. */
  stores: StoreTerms[],
  /** A gift's recipient's address, when it goes there rather than to the shopper's own. */
  destination: GiftDestination | null,
): Promise<Plan> {
  const products = quote?.cart.products.filter((p) => p.available && p.qty > 0) ?? [];
  if (!quote || quote.cart.products.length === 0) throw badRequest("Your cart is empty.", "cart_empty");
  const { cart } = quote;
  if (products.length === 0)
    throw conflict(
      "cart_unavailable",
      cart.unavailable_message ?? "Nothing in your cart can be delivered now.",
    );
  // The shopper chose a code and saw it; if it no longer applies, they decide, not us.
  if (cart.promo && !cart.promo.applied)
    throw conflict(
      "promo_not_applicable",
      `${cart.promo.message ?? "Your promo code no longer applies."} Remove the code or review your order.`,
    );

  const birthday = parseBirthday(user.birthday);
  if (!birthday || isUnderAge(birthday, todayForAgeCheck(ctx.now())))
    throw new AppError(403, "under_age", UNDER_AGE);

  for (const entry of Object.values(cart.split_cart)) {
    if (entry.minimum_error && entry.subtotal > 0) throw badRequest(entry.minimum_error, "minimum_not_met");
    // A state's cap per order (issue 33 §3): the shopper lowers the quantity; nothing is left out for them.
    if (entry.limit_error && entry.subtotal > 0)
      throw new AppError(422, "legal_limit_exceeded", entry.limit_error);
  }
  // Sent elsewhere, the cart is priced with the option the request names, which must be one it is offered there.
  if (destination) checkShippingOption(cart, body.shippingOption);
  else if (body.shippingOption && body.shippingOption !== cart.selectedShippingOption?.name)
    throw conflict("cart_changed", CART_CHANGED);

  const address = destination ? giftAddressDetail(destination.place) : ownAddress(req, body);

  let gift: Gift | null = null;
  if (body.isGift) {
    const checked = checkGift(body);
    if (!checked.ok) throw badRequest(checked.message, "invalid_gift");
    gift = checked.gift;
  }

  const choice: DeliveryChoice =
    body.deliveryTime === "asap"
      ? { kind: "asap" }
      : body.deliveryTime === "recipient"
        ? { kind: "recipient" }
        : { kind: "slot", date: body.deliveryDate ?? "", start: body.deliveryTime };
  const deliveries = new Map<string, Delivery | { kind: "shipped" }>();
  // The last day any store delivers, where that store is: an ID check must hold through it (ADR 24).
  let lastDeliveryDate = formatCalendarDate(todayForAgeCheck(ctx.now()));
  for (const entry of Object.values(cart.split_cart)) {
    if (entry.subtotal === 0) continue;
    if (entry.is_shipping) {
      // The carrier checks age at the door; the order itself is made today.
      deliveries.set(entry.store_id, { kind: "shipped" });
      continue;
    }
    const terms = stores.find((t) => t.id === entry.store_id);
    const availability = await availabilityOfStore(
      ctx.db,
      entry.store_id,
      ctx.now(),
      terms,
      entry.sale_classes,
    );
    const chosen = chooseDelivery(availability, choice, body.isGift);
    if (!chosen.ok) {
      // A time the store keeps but the law forbids for a line of the order is refused with the law's reason.
      const open = await availabilityOfStore(ctx.db, entry.store_id, ctx.now(), terms);
      const wanted = chooseDelivery(open, choice, body.isGift);
      const [start, end] = wanted.ok ? deliveryInterval(wanted.delivery, ctx.now()) : [null, null];
      const refusal =
        start && end
          ? await deliveryLawRefusal(ctx.db, entry.store_id, entry.sale_classes, start, end, terms)
          : null;
      if (refusal) throw badRequest(refusal, "delivery_not_allowed");
      throw badRequest(chosen.message, "delivery_unavailable");
    }
    deliveries.set(entry.store_id, chosen.delivery);
    const day =
      chosen.delivery.kind === "slot"
        ? chosen.delivery.date
        : isoDate(localDateOf(ctx.now(), availability.timezone));
    if (day > lastDeliveryDate) lastDeliveryDate = day;
  }
  // Before any card is saved, any payment asked for or anything reserved.
  if (cart.verification_required && !(await holdsAgeVerification(ctx.db, userId, lastDeliveryDate)))
    throw new AppError(403, "age_verification_required", AGE_VERIFICATION_REQUIRED);

  // Charged only what the page showed: anything changed since (another tab, a price) is for the shopper to see.
  if (body.expectedTotal !== undefined && body.expectedTotal !== quote.bill.total)
    throw conflict("cart_changed", CART_CHANGED);

  if (quote.bill.round_up > 0 && !user.round_up_org_id)
    throw badRequest(
      "Choose an organisation to round up for, or turn the round-up off.",
      "round_up_org_required",
    );

  return {
    quote,
    products,
    address,
    deliveries,
    gift,
    payment: await paymentOf(ctx, userId, body, quote.bill.total, user),
    roundUpOrgId: quote.bill.round_up > 0 ? user.round_up_org_id : null,
    body,
  };
}

/**
 * The order goes to the saved address: the laws of where it goes (a dry area, the state a shipped part goes to:
 * issue 33 §3) are read at that address's position and state, whatever position the request's headers carry.
 */
function ownDestination(req: FastifyRequest, serving: Awaited<ReturnType<typeof servingOf>>) {
  const saved = readAddressCookie(req);
  if (!serving || !saved) return serving;
  return {
    ...serving,
    destination: { lat: saved.lat, lng: saved.lng, state: saved.state, postalCode: saved.zip },
  };
}

/** The shopper's own delivery address (the address cookie's), with the unit and business details checkout took. */
function ownAddress(req: FastifyRequest, body: PlaceOrderBody): DeliveryAddressDetail {
  const saved = readAddressCookie(req);
  if (!saved) throw badRequest("Add a delivery address first.", "address_required");
  return {
    address: saved.address,
    city: saved.city,
    state: saved.state,
    zip: saved.zip,
    lat: saved.lat,
    lng: saved.lng,
    unit: body.address.unit || saved.unit || null,
    business_name: body.address.type === "Business" ? body.address.business_name || null : null,
    business_phone: body.address.type === "Business" ? body.address.business_phone || null : null,
    type: body.address.type,
  };
}

/** How the bill is paid: nothing to pay, a saved card of the user's, a new card's token (saved first if asked), a wallet. */
async function paymentOf(
  ctx: CheckoutContext,
  userId: string,
  body: PlaceOrderBody,
  total: number,
  user: { email: string; payment_customer_id: string | null },
): Promise<Plan["payment"]> {
  if (total === 0) return { method: "none", source: null, customerId: null, card: null, cardId: null };
  const method = body.paymentMethod;
  if (!method) throw badRequest("Choose how to pay.", "payment_method_required");
  const customerId = await customerFor(ctx.db, ctx.provider, userId, user);
  if (method.type === "card") {
    const card = await ownCard(ctx.db, userId, method.cardId);
    return {
      method: "card",
      source: { kind: "saved", cardId: card.provider_card_id },
      customerId,
      card: { brand: card.brand, last4: card.last4 },
      cardId: card.id,
    };
  }
  if (method.type === "token" && method.save) {
    const saved = await addCard(ctx.db, ctx.provider, userId, method.token);
    const card = await ownCard(ctx.db, userId, saved.id);
    return {
      method: "card",
      source: { kind: "saved", cardId: card.provider_card_id },
      customerId,
      card: { brand: saved.brand, last4: saved.last4 },
      cardId: card.id,
    };
  }
  return {
    method: method.type === "token" ? "card" : method.type,
    source: { kind: "token", token: method.token },
    customerId,
    card: null,
    cardId: null,
  };
}

/**
 * All or nothing: the cart is still the one quoted; the promo is redeemed under a lock on it (one row per checkout,
 * so a single-use code redeems once); credit is spent under a lock on the user's ledger; every line's stock is
 * taken at the quoted price, rows locked in a fixed order (store, SKU), or the whole checkout is refused; the
 * payment and the orders are written, awaiting payment. Without a promo or credit to take, that is one statement
 * and no transaction; with them, one transaction that takes the cart's lock first. A checkout cut off after this
 * is found by the recovery sweep (recover.ts).
 */
async function reserve(ctx: CheckoutContext, checkoutId: string, userId: string, plan: Plan) {
  const { quote, products } = plan;
  const { bill, cart } = quote;
  const redeems = cart.promo?.applied === true && bill.discount > 0;
  try {
    if (!redeems && bill.credit === 0)
      return await writeReservation(ctx.db, ctx, checkoutId, userId, plan, { cartLocked: false });
    return await ctx.db.transaction().execute(async (tx) => {
      // The promo's and the credit's statements come after the cart's lock: then it is taken alone, first.
      if (!(await lockQuotedCart(tx, quote))) throw conflict("cart_changed", CART_CHANGED);
      if (redeems && cart.promo) await redeemPromo(tx, cart.promo.code, userId, checkoutId, bill.discount);
      if (bill.credit > 0) await spendCredit(tx, userId, bill.credit, checkoutId, ctx.now());
      return writeReservation(tx, ctx, checkoutId, userId, plan, { cartLocked: true });
    });
  } catch (err) {
    const refused = notReserved(err);
    if (!refused) throw err;
    if (refused.cart !== 1) throw conflict("cart_changed", CART_CHANGED);
    return refuseShortStock(ctx.db, products, cart.split_cart, refused.taken);
  }
}

/** Why `checkout_reserved` (migration 0032) ended the reservation: the cart's lock (1 when taken) and the stock taken. */
function notReserved(err: unknown): { cart: number; taken: { store_id: string; sku_id: string }[] } | null {
  const e = err as { code?: string; detail?: string } | null;
  if (e?.code !== "NC409" || !e.detail) return null;
  return JSON.parse(e.detail);
}

/**
 * The cart's lock (unless `cartLocked`), the stock, the payment, its authorisation to come, the orders, their
 * lines and first events: one statement (sibling inserts see each other's rows when the foreign keys are checked,
 * at its end). Should the cart have changed or a line be short, `checkout_reserved` ends it with an error, and
 * nothing it wrote is kept.
 */
async function writeReservation(
  db: Kysely<Database>,
  ctx: CheckoutContext,
  checkoutId: string,
  userId: string,
  plan: Plan,
  { cartLocked }: { cartLocked: boolean },
) {
  const { quote, products, body } = plan;
  const { bill, cart } = quote;
  const paymentId = `pay_${randomUUID()}`;
  const orderRows: PlacedOrder[] = [];
  const lineRows: PlacedLine[] = [];

  const placedAt = ctx.now();
  const skuOfCartLine = new Map(products.map((p) => [p.cart_id, p.sku_id]));
  for (const share of bill.stores) {
    const entry = cart.split_cart[share.storeId];
    const delivery = plan.deliveries.get(share.storeId)!;
    const orderId = randomUUID();
    orderRows.push({
      id: orderId,
      checkout_id: checkoutId,
      user_id: userId,
      store_id: share.storeId,
      shipping: entry.is_shipping,
      order_status: -1,
      shipping_status: null,
      payment_id: paymentId,
      subtotal: share.subtotal,
      delivery_fee: entry.is_shipping ? 0 : share.fee,
      shipping_fee: entry.is_shipping ? share.fee : 0,
      // The fee checkout wrote before the shopper paid: a refusal at the door keeps no more (ADR 62).
      return_fee: entry.is_shipping ? 0 : entry.return_fee,
      shipping_name: entry.is_shipping ? (cart.selectedShippingOption?.name ?? null) : null,
      discount: share.discount,
      tip: share.tip,
      credit: share.credit,
      round_up: share.roundUp,
      round_up_org_id: share.roundUp > 0 ? plan.roundUpOrgId : null,
      total: share.total,
      tax: share.tax,
      // Tax lines by SKU (the order's lines have no cart line ids): what refunds and substitutions re-read.
      tax_lines: share.taxLines.map((t) => ({ ...t, lineId: skuOfCartLine.get(t.lineId) ?? t.lineId })),
      line_items: storeLineItems(share, {
        isShipping: entry.is_shipping,
        shippingName: cart.selectedShippingOption?.name ?? null,
        promoCode: cart.promo?.code ?? null,
      }),
      promo_code: share.discount > 0 ? (cart.promo?.code ?? null) : null,
      delivery_address_detail: plan.address,
      delivery_notes: body.delivery_notes || null,
      scheduled:
        delivery.kind === "slot"
          ? { date: delivery.date, start: delivery.start, end: delivery.end, label: delivery.label }
          : delivery.kind === "recipient"
            ? { byRecipient: true }
            : null,
      eta_minutes: delivery.kind === "asap" ? delivery.etaMinutes : null,
      is_gift: plan.gift !== null,
      gift_info: plan.gift ? { ...plan.gift, expires: giftExpiry(placedAt).toISOString() } : null,
      recipient_note: body.recipient_note || null,
    });
    const storeProducts = products.filter((p) => p.store_id === share.storeId);
    const tobacco = new Set(quote.lines.filter((l) => l.is_tobacco).map((l) => l.id));
    lineRows.push(
      ...storeProducts.map((p) => ({
        order_id: orderId,
        sku_id: p.sku_id,
        title: p.title,
        subtitle: p.subtitle,
        image: p.image,
        url: p.url,
        qty: p.qty,
        price: p.price,
        subtotal: p.subtotal,
        engraving: p.engraving ?? null,
        substitution_preference: p.substitution_preference,
        is_tobacco: tobacco.has(p.cart_id),
      })),
    );
  }
  const wanted = stockWanted(products);
  const values: ReservationValues = [
    JSON.stringify(wanted),
    wanted.length,
    paymentId,
    checkoutId,
    userId,
    ctx.provider.name,
    plan.payment.method,
    bill.total,
    plan.payment.card?.brand ?? null,
    plan.payment.card?.last4 ?? null,
    plan.payment.cardId,
    JSON.stringify(orderRows),
    JSON.stringify(lineRows),
    `user:${userId}`,
    `${checkoutId}:authorise`,
  ];
  // Nothing is kept unless the cart was locked and every line's stock taken (migration 0032).
  if (cartLocked) await reservationStatement.cartLocked(db, quote.row.id, ...values);
  else await reservationStatement.lockingCart(db, quote.row.id, quote.version, new Date(), ...values);
  return {
    paymentId,
    amount: bill.total,
    source: plan.payment.source,
    customerId: plan.payment.customerId,
  };
}

/**
 * The reservation's values, each a parameter of its statement, so that the statement is built and compiled once
 * (ADR 77): the wanted stock, the orders and their lines as JSON, one value each whatever their number.
 */
type ReservationValues = [
  wanted: string,
  wantedCount: number,
  paymentId: string,
  checkoutId: string,
  userId: string,
  provider: string,
  method: PaymentMethod,
  amount: number,
  cardBrand: string | null,
  cardLast4: string | null,
  cardId: string | null,
  orders: string,
  lines: string,
  actor: string,
  idempotencyKey: string,
];

/** writeReservation's statement after its `quoted_cart` step: the stock, the payment, the orders, the claim. */
function reservationAfter(quotedCart: QueryCreator<Database>, ...values: ReservationValues) {
  const [
    wanted,
    wantedCount,
    paymentId,
    checkoutId,
    userId,
    provider,
    method,
    amount,
    cardBrand,
    cardLast4,
    cardId,
    orders,
    lines,
    actor,
    idempotencyKey,
  ] = values;
  // The lines' rows are locked in (store, SKU) order, once the cart is: concurrent checkouts lock alike.
  const reserved = withStockTaken(quotedCart, wanted, sql`(select count(*) from quoted_cart) = 1`);
  const payment = {
    id: paymentId,
    checkout_id: checkoutId,
    user_id: userId,
    provider,
    method,
    amount,
    card_brand: cardBrand,
    card_last4: cardLast4,
    card_id: cardId,
  };
  const placed = withOrdersPlaced(
    withPaymentOpened(reserved as unknown as QueryCreator<Database>, payment),
    orders,
    lines,
    actor,
  );
  const writes = placed.with("claimed", (db) =>
    db.updateTable("checkouts").set({ payment_id: paymentId }).where("id", "=", checkoutId).returning("id"),
  );
  return withAuthorisationPending(writes as unknown as QueryCreator<Database>, {
    paymentId,
    amount,
    idempotencyKey,
  }).selectNoFrom(
    sql<unknown>`checkout_reserved((select count(*) from quoted_cart)::int,
        (select coalesce(json_agg(taken), '[]') from taken), ${wantedCount}::int)`.as("taken"),
  );
}

const reservationStatement = {
  /** The cart's lock taken by this statement, only while the cart is still at the version quoted. */
  lockingCart: compiledOnce((db, cartId: string, version: string, at: Date, ...values: ReservationValues) =>
    reservationAfter(
      db.with("quoted_cart", (q) => cartLockAt(q, cartId, version, at)) as unknown as QueryCreator<Database>,
      ...values,
    ),
  ),
  /** The cart's lock taken before, in the caller's transaction (a promo or credit was taken after it). */
  cartLocked: compiledOnce((db, cartId: string, ...values: ReservationValues) =>
    reservationAfter(
      db.with("quoted_cart", (q) =>
        q.selectNoFrom(sql<string>`${cartId}::text`.as("id")),
      ) as unknown as QueryCreator<Database>,
      ...values,
    ),
  ),
};

/** What the checkout takes off each shelf row: the quantities of its lines (summed per SKU of a store) at their prices. */
function stockWanted(products: CartProduct[]): StockWanted[] {
  const rows = new Map<string, StockWanted>();
  for (const p of products) {
    const key = `${p.store_id}\u0000${p.sku_id}`;
    const row = rows.get(key);
    if (row) row.qty += p.qty;
    else rows.set(key, { store_id: p.store_id, sku_id: p.sku_id, qty: p.qty, price: p.price });
  }
  return [...rows.values()];
}

/**
 * A line was not taken (short, or its price changed since the quote): the checkout is refused with the first such
 * line in (store, SKU) order, as the shelf has it now; throwing rolls the whole reservation back.
 */
async function refuseShortStock(
  db: Kysely<Database>,
  products: CartProduct[],
  stores: Record<string, { name: string }>,
  taken: { store_id: string; sku_id: string }[],
): Promise<never> {
  const took = new Set(taken.map((t) => `${t.store_id}\u0000${t.sku_id}`));
  const ordered = products
    .filter((p) => !took.has(`${p.store_id}\u0000${p.sku_id}`))
    .sort((a, b) =>
      a.store_id + a.sku_id < b.store_id + b.sku_id
        ? -1
        : a.store_id + a.sku_id > b.store_id + b.sku_id
          ? 1
          : 0,
    );
  const p = ordered[0];
  const now = await db
    .selectFrom("inventory")
    .select(["stock", "price_cents"])
    .where("store_id", "=", p.store_id)
    .where("sku_id", "=", p.sku_id)
    .executeTakeFirst();
  const store = stores[p.store_id]?.name ?? p.store_id;
  if (now && now.price_cents !== p.price)
    throw conflict("price_changed", `The price of ${p.title} changed. Please review your order.`);
  const left = now?.stock ?? 0;
  throw conflict(
    "out_of_stock",
    left > 0
      ? prose`Only ${left} of ${p.title} left at ${store}. Please review your order.`
      : prose`${p.title} just sold out at ${store}. Please review your order.`,
  );
}
