import type { SaleClass } from "../compliance/types.ts";
import type { Engraving } from "./merge.ts";
import type { ShippingOption } from "./shipping.ts";
import type { CartLineItem } from "./totals.ts";
import type { UnavailableReason } from "./unavailable.ts";

/**
 * Shapes of the cart API (spec §3 Cart, Cart product, Engraving), built by the server and read by the
 * storefront. Money is integer cents.
 */
export interface CartProduct {
  sku_id: string;
  /** The line's id: PATCH and DELETE name lines by it. */
  cart_id: string;
  store_id: string;
  qty: number;
  /** Unit price at the line's store. */
  price: number;
  package_qty: number;
  package_item_price: number | null;
  subtotal: number;
  /** Regular (list) price times quantity. */
  originalSubtotal: number;
  substitution_preference: SubstitutionPreference;
  title: string;
  subtitle: string | null;
  company: string | null;
  type: string | null;
  volume: number | null;
  volume_label: string | null;
  url: string;
  image: string;
  engraving: Engraving | null;
  is_etch: boolean;
  /** Units the store has; qty never exceeds it when written. */
  stock: number;
  /**
   * False when it cannot be bought at its store (not sold there, out of stock there, or an engraved bottle
   * without text): shown and removable, but left out of the totals and of checkout.
   */
  available: boolean;
  unavailable_reason: UnavailableReason | null;
  /**
   * Why the law keeps it from this address, in the shopper's words: a dry area, a state our shipping store may not
   * send the class to (domain/compliance/where.ts). Such a line is unavailable with reason "not_sold" (not sold to
   * this address: the answer's enum is released, ADR 58). Null otherwise.
   */
  restriction: string | null;
  group_mapping: string | null;
}

export type SubstitutionPreference = "substitute" | "refund";

export interface CartEngraving extends Engraving {
  /** SKU of the engraved product itself. */
  master_id: string;
  /** SKU of the plain product the engraved one is made from. */
  master_sku: string;
  cart_id: string;
  qty: number;
}

export interface CartPromo {
  code: string;
  value_type: string;
  desc: string;
  balance?: number;
  val?: number;
  value?: number;
  /** Whether it takes something off the cart as it is now. */
  applied: boolean;
  /** Cents it takes off. */
  discount: number;
  /** Why it does not apply (now), in the shopper's words. */
  message: string | null;
}

/** One store's part of the cart (spec §3 split_cart entry). */
export interface SplitCartEntry {
  store_id: string;
  name: string;
  is_shipping: boolean;
  products: CartProduct[];
  subtotal: number;
  minimum: number;
  /** Null when the store's minimum is met. */
  minimum_error: string | null;
  /** A state's cap on a class per order that this part is over (checkout refuses it); null when within every cap. */
  limit_error: string | null;
  delivery_fee: number;
  /** Kept of the store's order if it is refused at the door (docs/adr/0062-the-handover-at-the-door.md). */
  return_fee: number;
  eta_minutes: number;
  /** The classes of its available lines a law's hours may bind (issue 33 §2): what its delivery times must allow. */
  sale_classes: SaleClass[];
}

export interface CartRecommendation {
  sku_id: string;
  title: string;
  price: number;
  image: string;
  url: string;
  store_id: string;
}

export interface Cart {
  /** Null until the first item is added. */
  id: string | null;
  products: CartProduct[];
  engravings: CartEngraving[];
  promo: CartPromo | null;
  line_items: CartLineItem[];
  shippingOptions: ShippingOption[];
  selectedShippingOption: { name: string; price: number } | null;
  fee: { shipping_name: string | null; shipping_fee: number; delivery_fee: number };
  /** Keyed by store id. */
  split_cart: Record<string, SplitCartEntry>;
  /** The shopper agreed to a cart from more than one store; cleared when one store remains. */
  split: boolean;
  multi_store_id: string | null;
  verification_required: boolean;
  recommendations: CartRecommendation[];
  /** Names the unavailable products and says they stay in the cart out of the total; null when there are none. */
  unavailable_message: string | null;
  /** Number of items (quantities added up). */
  count: number;
  subtotal: number;
  /** Cents the promo takes off. */
  discount: number;
  /** The shopper's spendable store credit, and what this cart uses of it. */
  credit: { balance: number; applied: number };
  /** The round-up donation, in cents. */
  round_up: number;
  tip: number;
  /** Cents of tax on the cart as it is (an estimate until the order is placed). */
  tax: number;
  total: number;
  free_shipping: { threshold: number; qualifies: boolean; hint: string | null };
}

/** One entry of the `skus` payload of POST/PATCH /menu/cart/v2 and POST /menu/cart/sync/v2. */
export interface CartSkuInput {
  sku: string;
  qty: number;
  store_id: string;
  /** PATCH: the line to change. */
  cart_id?: string;
  meta?: { engraving?: Partial<Engraving> | null };
  substitution_preference?: SubstitutionPreference;
  group_mapping?: string | null;
}

export interface CartWriteRequest {
  skus: CartSkuInput[];
  checkout?: boolean;
  roundUp?: boolean;
  shipping_name?: string;
}

/** PATCH /menu/cart/v2: each entry names a line by cart_id, or by sku + store_id (+ engraving). */
export interface CartUpdateRequest {
  skus: (Omit<CartSkuInput, "sku" | "store_id"> & { sku?: string; store_id?: string })[];
  checkout?: boolean;
  roundUp?: boolean;
  shipping_name?: string;
}

export interface CartDeleteRequest {
  ids?: string[];
  skus?: string[];
}

/** What became of the cart when the delivery address moved it to another store (POST /order/address). */
export interface CartRelocation {
  /** The store the moved lines went to: the one that now serves the address. */
  store_id: string;
  /** Lines moved there and sold there (at its price). */
  moved: number;
  /** Moved lines that store does not stock: still in the cart, unavailable and out of the total. */
  unavailable: { cart_id: string; sku_id: string; title: string }[];
  /** Moved lines whose quantity was lowered to that store's stock. */
  lowered: { cart_id: string; sku_id: string; title: string; qty: number }[];
  /** Names the unavailable and lowered items for the shopper; null when everything moved as it was. */
  message: string | null;
}

/** Body of a 409 when an add would split the cart without the shopper's consent (x-multi-store). */
export const SPLIT_REQUIRED_CODE = "split_cart_required";
