import type { FastifyRequest } from "fastify";
import { commonAvailability } from "#domain/availability/availability.ts";
import type { Cart } from "#domain/cart/types.ts";
import type { GiftQuote } from "#domain/checkout/types.ts";
import { type Coverage, coverageMessage, notServedMessage } from "#domain/gifts/address.ts";
import type { DeliveryAddressDetail } from "#domain/orders/types.ts";
import { AppError, badRequest } from "#server/errors.ts";
import { type DeliverTo, quoteCart, servingOf } from "../cart/index.ts";
import { type ServingStores, servingOfCoverage } from "../catalogue/index.ts";
import { availabilityOfStore, type PlacedAddress } from "../geo/index.ts";
import { requireUser } from "../sessions/index.ts";
import type { PlacingContext } from "./context.ts";
import type { GiftQuoteBody } from "./schemas.ts";

/**
 * A gift to its recipient's address (docs/adr/0053-gift-to-the-recipients-address.md): the address placed by the
 * geocoder, who serves it by the delivery zones, and the stores the cart goes to for it. The sender's own delivery
 * address (the header, the address cookie) and their stored cart are left as they are.
 */
export interface GiftDestination {
  place: PlacedAddress;
  coverage: Exclude<Coverage, { kind: "none" }>;
  serving: ServingStores;
}

export const GIFT_ADDRESS_NOT_SERVED = "gift_address_not_served";

/** Places the recipient's address; 400 when it cannot be found, 422 when no store delivers or ships there. */
export async function giftDestination(
  ctx: Pick<PlacingContext, "locate">,
  input: { address: string; unit?: string },
): Promise<GiftDestination> {
  const { place, coverage } = await ctx.locate(input);
  if (coverage.kind === "none")
    throw new AppError(422, GIFT_ADDRESS_NOT_SERVED, notServedMessage(place.address));
  return { place, coverage, serving: servingOfCoverage(coverage, place) };
}

/** What the cart is quoted with to go to the destination: its stores and the shipping option the request names. */
export const deliverToOf = (destination: GiftDestination, shippingOption?: string): DeliverTo => ({
  serving: destination.serving,
  shippingName: shippingOption ?? null,
});

/** A shipping option the request names must be one the cart, sent there, is offered. */
export function checkShippingOption(cart: Cart, name: string | undefined): void {
  if (name === undefined || cart.shippingOptions.some((o) => o.name === name)) return;
  throw badRequest(
    cart.shippingOptions.length === 0
      ? "Nothing in this gift ships, so there is no shipping to choose."
      : `Unknown shipping option "${name}". Choose one of: ${cart.shippingOptions.map((o) => o.name).join(", ")}.`,
    "unknown_shipping_option",
  );
}

/** Where the gift's order is delivered: the recipient's address as placed, with their unit. */
export function giftAddressDetail(place: PlacedAddress): DeliveryAddressDetail {
  return {
    address: place.address,
    city: place.city,
    state: place.state,
    zip: place.zip,
    lat: place.lat,
    lng: place.lng,
    unit: place.unit || null,
    business_name: null,
    business_phone: null,
    type: "Residential",
  };
}

/**
 * POST /order/gift-quote: the shopper's cart as it would go to the recipient's address, priced by the server at the
 * stores serving it (or the shipping store), with what they lack and when they can deliver; nothing is written.
 */
export async function quoteGift(
  ctx: PlacingContext,
  req: FastifyRequest,
  body: GiftQuoteBody,
): Promise<GiftQuote> {
  const { userId } = requireUser(req);
  const destination = await giftDestination(ctx, body);
  const quote = await quoteCart(
    ctx.db,
    `user:${userId}`,
    await servingOf(ctx.db, req.headers as { lat?: number; lng?: number }),
    body.tip ?? {},
    { deliverTo: deliverToOf(destination, body.shippingOption) },
  );
  if (!quote || quote.cart.products.length === 0) throw badRequest("Your cart is empty.", "cart_empty");
  checkShippingOption(quote.cart, body.shippingOption);
  const onDemand = Object.values(quote.cart.split_cart).filter((e) => !e.is_shipping && e.subtotal > 0);
  const availability = commonAvailability(
    await Promise.all(
      onDemand.map((e) => availabilityOfStore(ctx.db, e.store_id, ctx.now(), undefined, e.sale_classes)),
    ),
  );
  const { place, coverage } = destination;
  return {
    address: {
      address: place.address,
      city: place.city,
      state: place.state,
      zip: place.zip,
      unit: place.unit || null,
      lat: place.lat,
      lng: place.lng,
    },
    delivery: coverage.kind,
    stores: coverage.kind === "shipped" ? [coverage.store] : coverage.stores,
    message: coverageMessage(place.address, coverage),
    moved: quote.relocation,
    cart: quote.cart,
    availability,
  };
}
