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

/** GET /order/confirmation: a placed checkout as its confirmation shows it. */
export interface CheckoutConfirmation {
  checkout_id: string;
  /** Every order the checkout placed (one per store), in the order they were numbered. */
  orders: Order[];
  /** What the orders are charged together: the sum paid. */
  total: number;
  charge: Order["charge"];
}
