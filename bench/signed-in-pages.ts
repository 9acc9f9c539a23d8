/**
 * The signed-in pages the first-paint rows measure (issue 35 §3: checkout, tracking and account, signed in): a
 * shopper (the demo staff account of a Chicago store, which shops like anyone) with a delivery address, one order
 * placed with the sandbox card (its tracking page) and two bottles in the cart (the checkout page; the store's minimum is $25). Made through the
 * API, untimed; the browser then opens each page with the shopper's cookie.
 */
import { HttpShopper, placeOrderBody, sandboxToken, signIn } from "../scripts/fleet-shopper.ts";
import { DEMO_STAFF_PASSWORD, demoStaffEmail } from "../server/modules/console/staff.ts";
import { type DeliveryWhen, firstDeliveryTime } from "../tests/support/shopping.ts";

const ADDRESS = "1425 N Damen Ave, Chicago, IL 60622";

export interface SignedInPages {
  /** The Cookie header a browser of this shopper sends. */
  cookie: string;
  pages: { checkout: string; tracking: string; account: string };
}

export async function signedInPages(base: string): Promise<SignedInPages> {
  const shopper = new HttpShopper(base, 60_000);
  await signIn(shopper, demoStaffEmail("st_chi-river-north"), DEMO_STAFF_PASSWORD);
  const me = await must(shopper.get("/auth/session"), "session");
  const userId = me.json<{ user: { id: string } | null }>().user?.id;
  if (!userId) throw new Error("the bench shopper is not signed in");
  await must(shopper.post("/order/address", { address: ADDRESS }), "address");
  const { store_id: storeId } = (await must(shopper.get("/menu/vendor"), "vendor")).json<{
    store_id: string;
  }>();
  const sku = await bottleOf(shopper, storeId);
  const addBottle = () =>
    must(shopper.post("/menu/cart/v2", { skus: [{ sku, qty: 2, store_id: storeId }] }), "cart add");

  await addBottle();
  const times = await must(shopper.get("/menu/availability", { "x-store-id": storeId }), "delivery times");
  const card = await sandboxToken(shopper);
  if (!card.token) throw new Error(`card token answered ${card.status}: ${card.body}`);
  const when: DeliveryWhen = firstDeliveryTime(times.json());
  const placed = await must(
    shopper.post("/order/v3", {
      ...placeOrderBody(userId, card.token, when),
      isGift: false,
      address: { type: "Residential" },
    }),
    "place order",
  );
  const orderId = placed.json<{ orders: { _id: string }[] }>().orders[0]?._id;
  if (!orderId) throw new Error(`the order answered no order: ${placed.body}`);
  await addBottle();
  return {
    cookie: shopper.cookie,
    pages: { checkout: "/checkout", tracking: `/tracking/${orderId}`, account: "/account" },
  };
}

/** A bottle the store sells, by the search the catalogue rows use. */
async function bottleOf(shopper: HttpShopper, storeId: string): Promise<string> {
  const found = await must(
    shopper.post("/menu/search/v4", { query: "bourbon", hitsPerPage: 20 }, { "x-store-id": storeId }),
    "search",
  );
  const sku = found.json<{ products: { sku_id: string }[] }>().products[0]?.sku_id;
  if (!sku) throw new Error("the store has no bourbon to bench");
  return sku;
}

async function must<T extends { status: number; body: string }>(
  answer: Promise<T>,
  what: string,
): Promise<T> {
  const a = await answer;
  if (a.status !== 200) throw new Error(`${what} answered ${a.status}: ${a.body.slice(0, 300)}`);
  return a;
}
