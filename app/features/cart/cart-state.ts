import { emptyCart } from "#domain/cart/empty.ts";
import type { Engraving } from "#domain/cart/merge.ts";
import type { ShippingOption } from "#domain/cart/shipping.ts";
import { isSplitCart } from "#domain/cart/split.ts";
import type { Cart } from "#domain/cart/types.ts";

/** An add waiting for the shopper to agree to a split cart. */
export interface PendingAdd {
  sku: string;
  store_id: string;
  qty: number;
  title: string;
  store_name: string;
  engraving: Engraving | null;
}

/** The split-cart modal closes in two SPLIT_MODAL_STEP_MS steps: the panel, then the backdrop. */
export type SplitModalPhase = "closed" | "open" | "closing-panel" | "closing-backdrop";

export interface CartState {
  cart: Cart;
  loading: boolean;
  drawerOpen: boolean;
  pendingAdd: PendingAdd | null;
  splitModal: SplitModalPhase;
  error: string | null;
}

export type CartAction =
  | { type: "loading" }
  | { type: "loaded"; cart: Cart; pending?: ReadonlyMap<string, number> }
  | { type: "failed"; error?: string | null }
  | { type: "quantity"; lineId: string; qty: number }
  | { type: "shipping"; options: ShippingOption[]; selected: { name: string; price: number } | null }
  | { type: "drawer"; open: boolean }
  | { type: "askSplit"; item: PendingAdd }
  | { type: "splitPhase"; phase: SplitModalPhase };

export const initialCartState = (cart: Cart = emptyCart()): CartState => ({
  cart,
  loading: false,
  drawerOpen: false,
  pendingAdd: null,
  splitModal: "closed",
  error: null,
});

/** The cart with a line's quantity changed locally (the server's answer replaces it later). */
export function withQuantity(cart: Cart, lineId: string, qty: number): Cart {
  const products = cart.products.map((p) =>
    // An unavailable line counts for nothing, whatever its quantity.
    p.cart_id === lineId ? { ...p, qty, subtotal: p.available ? p.price * qty : 0 } : p,
  );
  const split_cart = Object.fromEntries(
    Object.entries(cart.split_cart).map(([id, entry]) => {
      const lines = products.filter((p) => p.store_id === id);
      return [id, { ...entry, products: lines, subtotal: lines.reduce((s, p) => s + p.subtotal, 0) }];
    }),
  );
  const subtotal = products.reduce((s, p) => s + p.subtotal, 0);
  return {
    ...cart,
    products,
    split_cart,
    count: products.reduce((s, p) => s + p.qty, 0),
    total: cart.total - cart.subtotal + subtotal,
    subtotal,
  };
}

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case "loading":
      return { ...state, loading: true, error: null };
    case "loaded": {
      // Quantities the shopper changed after this request left still win until their own update is sent.
      let cart = action.cart;
      for (const [lineId, qty] of action.pending ?? []) cart = withQuantity(cart, lineId, qty);
      // Emptying the cart closes the drawer (spec §4).
      const emptied = cart.products.length === 0 && state.cart.products.length > 0;
      const drawerOpen = emptied ? false : state.drawerOpen;
      return { ...state, cart, loading: false, error: null, drawerOpen };
    }
    case "failed":
      // Spec §8: the loading flag clears and the cart stays as it was.
      return { ...state, loading: false, error: action.error ?? null };
    case "quantity":
      return { ...state, cart: withQuantity(state.cart, action.lineId, action.qty) };
    case "shipping":
      return {
        ...state,
        loading: false,
        cart: { ...state.cart, shippingOptions: action.options, selectedShippingOption: action.selected },
      };
    case "drawer":
      return { ...state, drawerOpen: action.open };
    case "askSplit":
      return { ...state, pendingAdd: action.item, splitModal: "open" };
    case "splitPhase":
      return {
        ...state,
        splitModal: action.phase,
        pendingAdd: action.phase === "closed" ? null : state.pendingAdd,
      };
  }
}

/** Whether the cart holds more than one store (the server's flag, or the lines themselves). */
export const isCartSplit = (cart: Cart) => cart.split || isSplitCart(cart.products);
