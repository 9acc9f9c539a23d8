import type { CartLineItem } from "../cart/totals.ts";
import type { Product } from "../catalogue/types.ts";
import type { FailedStatus, OrderStatus, ShippingStatus } from "./status.ts";
import type { SubstitutionStatus, SubstitutionUpdate } from "./substitution.ts";

/** An order as the API answers it (spec §3 Order). Money is integer cents. */
export interface OrderProduct {
  sku_id: string;
  title: string;
  subtitle: string | null;
  image: string;
  url: string;
  qty: number;
  price: number;
  subtotal: number;
  engraving: { line_1: string; line_2: string; line_3: string } | null;
  substitution_preference: string;
}

export interface DeliveryAddressDetail {
  address: string;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lng: number;
  unit: string | null;
  business_name: string | null;
  business_phone: string | null;
  type: "Business" | "Residential";
}

export interface Order {
  _id: string;
  order_number: number;
  checkout_id: string;
  order_status: OrderStatus;
  shipping: boolean;
  shipping_status: ShippingStatus | null;
  failed_status: FailedStatus | null;
  /** Display text: "30–45 min", a slot's label, or null. */
  eta: string | null;
  driver: { name: string; phone: string | null } | null;
  tracking_state: string | null;
  store: { id: string; name: string };
  products: OrderProduct[];
  subtotal: number;
  total: number;
  /** How it was paid: the card's brand and last four, or the wallet. */
  charge: { brand: string | null; last4: string | null; method: string };
  line_items: CartLineItem[];
  /** The tax by jurisdiction and tax type, less refunds (domain/tax/summary.ts). */
  taxes: { title: string; display: string; value: number }[];
  delivery_address_detail: DeliveryAddressDetail;
  delivery_notes: string | null;
  recipient_note: string | null;
  scheduled: { date: string; start: string; end: string; label: string } | { byRecipient: true } | null;
  gift_info: {
    recipient: string;
    email: string | null;
    mobile: string | null;
    note: string | null;
    occasion: string | null;
    expires: string;
  } | null;
  promo_code: string | null;
  round_up: { amount: number; organization_id: string | null } | null;
  /** Substitutions the store proposed: Proposed, Viewing (the shopper has the review open), Done; null when none. */
  substitution_status: SubstitutionStatus | null;
  /** Spec §3 Tip: the tip given after delivery (cents charged then; 0 with a rating alone) and the stars. */
  tip: { id: string; amount: number; rating: number | null } | null;
  /** Tips in all, in cents: the one at checkout and the one after delivery. */
  tip_total: number;
  /**
   * The tip chosen at checkout (part of the order's own payment), and whether it may still change: until that
   * payment is captured (docs/adr/0052-tips-on-the-shoppers-card.md).
   */
  checkout_tip: { amount: number; changeable: boolean };
  /** Spec §3 Feedback, once given. */
  feedback: {
    positive: string[];
    negative: string[];
    thumb: "up" | "down" | null;
    notes: string | null;
  } | null;
  /** Spec §4: the active-order rule. */
  active: boolean;
  created_at: string;
}

/** POST /order/tip/ and GET /order/tip/verify3DS: the order's tip as it stands, or the bank's check to pass first. */
export interface TipAnswer {
  id: string;
  /** succeeded: the tip stands as answered; requires_action: the bank wants the shopper to pass its check first. */
  status: "succeeded" | "requires_action";
  /** Cents charged as a tip after delivery (0: none yet). */
  amount: number;
  rating: number | null;
  charge: { brand: string; last4: string } | null;
  /** The provider's challenge page, while status is requires_action. */
  redirect_url: string | null;
  /** The tip chosen at checkout, part of the order's own payment. */
  checkout_tip: number;
}

/** An order as the store console shows it: the shopper's view, plus who ordered, its money and its history. */
export type ConsoleOrder = Order & {
  customer: { firstname: string; lastname: string; email: string; mobile: string | null };
  money: {
    /** Charged on the card for this order. */
    total: number;
    credit: number;
    /** What this order put into the payment's capture (0 until captured). */
    captured: number;
    refunded: number;
    /** What staff may still refund on it. */
    refundable: number;
  };
  /** Lines the store found short, newest round first, with its suggestions and the answer once settled. */
  substitutions: {
    sku_id: string;
    title: string;
    quantity: number;
    stock_level: number;
    suggestions: string[];
    answer: SubstitutionUpdate | null;
    answered_at: string | null;
  }[];
  events: {
    type: string;
    from_status: number | null;
    to_status: number | null;
    actor: string;
    data: { reason?: string; amount?: number } & Record<string, unknown>;
    at: string;
  }[];
};

/** One short line as the review page shows it (spec §3 Substitution line, plus what the page needs to decide). */
export interface SubstitutionReviewLine {
  sku_id: string;
  title: string;
  quantity: number;
  stock_level: number;
  price: number;
  image: string | null;
  /** What the store suggests instead, priced at the order's store (in stock only). */
  suggestions: Product[];
  /** The answer given (the shopper's, or the store's default), once settled. */
  answer: SubstitutionUpdate | null;
}

export interface SubstitutionReview {
  order_id: string;
  order_number: number;
  store: { id: string; name: string };
  status: SubstitutionStatus | null;
  /** Whether answers are still taken (the order has not left the store, nothing settled yet). */
  open: boolean;
  products: SubstitutionReviewLine[];
  subtotal: number;
  total: number;
}
