import { describe, expect, it } from "vitest";
import { composeCart, type PricedLine } from "#domain/cart/compose.ts";
import { cartReducer, initialCartState, withQuantity } from "./cart-state.ts";

const line = (id: string, store_id: string, price: number, qty: number): PricedLine => ({
  id,
  sku_id: `IA-${id}-750`,
  store_id,
  qty,
  engraving: null,
  substitution_preference: "substitute",
  group_mapping: null,
  title: id,
  subtitle: null,
  company: null,
  type: null,
  volume: 750,
  volume_label: "750 mL",
  abv: null,
  url: `/whiskey/${id}/IA-${id}-750`,
  image: "/x.svg",
  package_qty: 1,
  regular_price: price,
  is_tobacco: false,
  tags: [],
  etch_of: null,
  price,
  package_item_price: null,
  stock: 10,
});

const stores = new Map([
  [
    "a",
    {
      id: "a",
      name: "A",
      is_shipping: false,
      min_order_cents: 0,
      delivery_fee_cents: 300,
      eta_minutes: 30,
      taxes: null,
    },
  ],
  [
    "b",
    {
      id: "b",
      name: "B",
      is_shipping: false,
      min_order_cents: 0,
      delivery_fee_cents: 300,
      eta_minutes: 30,
      taxes: null,
    },
  ],
]);
const cartOf = (...lines: PricedLine[]) =>
  composeCart({ id: "c", lines, stores, split: true, multi_store_id: "m", shipping_name: null });

describe("cart state", () => {
  it("an unavailable line's local quantity change leaves it out of the totals", () => {
    const cart = withQuantity(
      cartOf(line("1", "a", 1000, 1), { ...line("2", "a", 500, 1), stock: 0 }),
      "2",
      3,
    );
    expect(cart.products[1]).toMatchObject({ qty: 3, subtotal: 0, available: false });
    expect(cart).toMatchObject({ subtotal: 1000, total: 1300 });
  });

  it("a local quantity change updates the line, its store part and the totals at once", () => {
    const cart = withQuantity(cartOf(line("1", "a", 1000, 1), line("2", "b", 500, 2)), "1", 3);
    expect(cart.products[0]).toMatchObject({ qty: 3, subtotal: 3000 });
    expect(cart.split_cart.a.subtotal).toBe(3000);
    expect(cart).toMatchObject({ count: 5, subtotal: 4000, total: 4000 + 600 });
  });

  it("emptying the cart closes the drawer", () => {
    let s = cartReducer(initialCartState(cartOf(line("1", "a", 1000, 1))), { type: "drawer", open: true });
    expect(s.drawerOpen).toBe(true);
    s = cartReducer(s, { type: "loaded", cart: cartOf() });
    expect(s.drawerOpen).toBe(false);
  });

  it("an answer that leaves an empty cart empty keeps the drawer as it is", () => {
    const s = cartReducer(cartReducer(initialCartState(), { type: "drawer", open: true }), {
      type: "loaded",
      cart: cartOf(),
    });
    expect(s.drawerOpen).toBe(true);
  });

  it("a failure clears loading and leaves the cart as it was", () => {
    const cart = cartOf(line("1", "a", 1000, 1));
    const s = cartReducer(cartReducer(initialCartState(cart), { type: "loading" }), { type: "failed" });
    expect(s.loading).toBe(false);
    expect(s.cart).toBe(cart);
  });

  it("keeps quantities still waiting to be sent over an older server answer", () => {
    const s = cartReducer(initialCartState(), {
      type: "loaded",
      cart: cartOf(line("1", "a", 1000, 1)),
      pending: new Map([["1", 4]]),
    });
    expect(s.cart.products[0].qty).toBe(4);
  });

  it("the split modal walks open → closing-panel → closing-backdrop → closed and forgets the pending add", () => {
    const item = { sku: "IA-1-750", store_id: "b", qty: 1, title: "x", store_name: "B", engraving: null };
    let s = cartReducer(initialCartState(), { type: "askSplit", item });
    expect(s).toMatchObject({ splitModal: "open", pendingAdd: item });
    s = cartReducer(s, { type: "splitPhase", phase: "closing-panel" });
    s = cartReducer(s, { type: "splitPhase", phase: "closing-backdrop" });
    expect(s.pendingAdd).toBe(item);
    s = cartReducer(s, { type: "splitPhase", phase: "closed" });
    expect(s).toMatchObject({ splitModal: "closed", pendingAdd: null });
  });
});
