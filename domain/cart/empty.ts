import { FREE_SHIPPING_THRESHOLD_CENTS } from "./constants.ts";
import type { Cart } from "./types.ts";

/**
 * The cart before anything is added: what composing no lines gives (domain/cart/compose.test.ts holds them equal),
 * written out so that a page's first scripts need not carry the composition, its taxes, promos and laws (issue 35 §3).
 */
export const emptyCart = (): Cart => ({
  id: null,
  products: [],
  engravings: [],
  promo: null,
  line_items: [
    { title: "Subtotal", display: "$0.00", value: 0, format: "SUBTOTAL" },
    { title: "Total", display: "$0.00", value: 0, format: "TOTAL" },
  ],
  shippingOptions: [],
  selectedShippingOption: null,
  fee: { shipping_name: null, shipping_fee: 0, delivery_fee: 0 },
  split_cart: {},
  split: false,
  multi_store_id: null,
  verification_required: false,
  unavailable_message: null,
  recommendations: [],
  count: 0,
  subtotal: 0,
  discount: 0,
  credit: { balance: 0, applied: 0 },
  round_up: 0,
  tip: 0,
  tax: 0,
  total: 0,
  free_shipping: { threshold: FREE_SHIPPING_THRESHOLD_CENTS, qualifies: false, hint: null },
});
