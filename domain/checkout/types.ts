import type { Availability } from "../availability/types.ts";
import type { Cart, CartRelocation } from "../cart/types.ts";
import type { Order } from "../orders/types.ts";

/** What POST /order/v3 and GET /order/verify3DS answer (errors come as the API's error shape). */
export type PlaceOrderAnswer =
  | { status: "succeeded"; checkout_id: string; order_ids: string[]; orders: Order[] }
  | { status: "requires_action"; checkout_id: string; payment_intent_id: string; redirect_url: string };

/** GET /order/round-up (spec §3 Round-up). */
export interface RoundUpInfo {
  organizations: { id: string; name: string; description: string }[];
  userOrg: { roundUpEnabled: boolean; roundUpOrgId: string | null; roundUpAmount: number };
  totals: { organization_id: string | null; amount: number }[];
}

/**
 * POST /order/gift-quote (docs/adr/0053-gift-to-the-recipients-address.md): a gift's cart as it would go to the
 * recipient's address, priced by the server before the sender pays.
 */
export interface GiftQuote {
  /** The recipient's address as placed: its one-line form, parts, point and unit. */
  address: {
    address: string;
    city: string;
    state: string;
    zip: string;
    unit: string | null;
    lat: number;
    lng: number;
  };
  /** Brought by a store whose zone holds the address, or shipped (outside every zone). */
  delivery: "delivered" | "shipped";
  /** The stores that serve the address, nearest first (the shipping store alone when shipped). */
  stores: { id: string; name: string }[];
  /** Who brings it there, in the sender's words. */
  message: string;
  /** What had to move to those stores: lines they lack (left out of the gift) or have fewer of; null when nothing did. */
  moved: CartRelocation | null;
  /** The cart priced at those stores: what the gift's order will cost. */
  cart: Cart;
  /** When those stores can deliver (every on-demand store's common choices); null when it ships. */
  availability: Availability | null;
}

/** GET /order/confirmation: a placed checkout as its confirmation shows it. */
export interface CheckoutConfirmation {
  checkout_id: string;
  /** Every order the checkout placed (one per store), in the order they were numbered. */
  orders: Order[];
  /** What the orders are charged together: the sum paid. */
  total: number;
  charge: Order["charge"];
}
