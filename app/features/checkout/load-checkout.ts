import { redirect } from "react-router";
import type { ApiFetch } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";
import { commonAvailability } from "#domain/availability/availability.ts";
import { GIFT_BAG_SKU } from "#domain/catalogue/constants.ts";
import { checkoutIdFor } from "#domain/checkout/request.ts";
import { askAgeCheck } from "../age/age-check.tsx";
import type { CheckoutData } from "./checkout-form.tsx";

/**
 * What checkout shows, read from the API: the cart priced on the server, saved cards, how the provider takes a
 * new card, the delivery address and its times, credit and round-up. A visitor logs in first; an empty cart
 * shows its empty state. The checkout id is the user id plus a timestamp (spec §7). A cart with nicotine or
 * tobacco also asks where the shopper stands on age verification.
 */
export async function loadCheckout(api: ApiFetch, path: string): Promise<CheckoutData | null> {
  const session = await api<ApiAnswer<"getSession">>("/auth/session");
  const user = session.ok ? session.data.user : null;
  if (!user) throw redirect(`/login?returnTo=${encodeURIComponent(path)}`);
  const [cart, cards, payment, address, promos, roundUp, me] = await Promise.all([
    api<ApiAnswer<"getCart">>("/menu/cart/v2?tipPercent=15"),
    api<ApiAnswer<"listCards">>("/cards"),
    api<ApiAnswer<"getPaymentConfig">>("/order/payment-config"),
    api<ApiAnswer<"getAddress">>("/order/address"),
    api<ApiAnswer<"listPromos">>("/promos"),
    api<ApiAnswer<"getRoundUp">>("/order/round-up"),
    api<ApiAnswer<"getMe">>("/me"),
  ]);
  if (!cart.ok || !payment.ok) throw new Response(null, { status: 500 });
  if (cart.data.products.length === 0) return null;
  const onDemand = Object.values(cart.data.split_cart).filter((e) => !e.is_shipping && e.subtotal > 0);
  const storeId = onDemand[0]?.store_id ?? Object.keys(cart.data.split_cart)[0];
  const [availabilities, bag, ageCheck] = await Promise.all([
    // One delivery time for every on-demand store of a split cart: the choices they all offer, at the hours the
    // law lets each store's lines be delivered.
    Promise.all(
      onDemand.map((e) =>
        api<ApiAnswer<"getAvailability">>(availabilityPath(e.sale_classes), {
          headers: { "x-store-id": e.store_id },
        }),
      ),
    ),
    api<ApiAnswer<"getProducts">>(`/menu/product/${GIFT_BAG_SKU}`, { headers: { "x-store-id": storeId } }),
    // Where the shopper stands on age verification (ADR 24), so the page renders it and Place order waits for
    // it from the first paint. The call may open a scan session: it carries the session's CSRF token.
    cart.data.verification_required
      ? askAgeCheck(
          api,
          session.ok && session.data.csrfToken ? { "x-csrf-token": session.data.csrfToken } : {},
        )
      : null,
  ]);
  const giftBag = bag.ok
    ? bag.data.products.find((p) => p.sku_id === GIFT_BAG_SKU && p.in_stock && p.price !== null)
    : undefined;
  const known = availabilities.flatMap((a) => (a.ok ? [a.data] : []));
  return {
    userId: user.id,
    checkoutId: checkoutIdFor(user.id, new Date()),
    cart: cart.data,
    cards: cards.ok ? cards.data : [],
    payment: payment.data,
    availability: known.length === availabilities.length ? commonAvailability(known) : null,
    address: address.ok ? address.data.address : null,
    credit: promos.ok ? promos.data.credit : 0,
    // Points redeem into credit right here (issue 17); without the programme's answer, the panel offers none.
    points: me.ok ? { balance: me.data.loyalty.currentPoints, step: me.data.loyalty.redeemStep } : null,
    roundUp: roundUp.ok ? roundUp.data : null,
    giftBag: giftBag
      ? { sku: giftBag.sku_id, title: giftBag.title, price: giftBag.price ?? 0, storeId }
      : null,
    ageCheck,
  };
}

/** GET /menu/availability for a store's part of the cart: its times for the classes the law's hours bind. */
export function availabilityPath(classes: readonly string[]): string {
  return classes.length ? `/menu/availability?classes=${classes.join(",")}` : "/menu/availability";
}
