import type { GiftState } from "./claim.ts";

/**
 * What a gift's recipient may see from its link (GET /order/gift/{orderId}): who sent it and what, for where, until
 * when, and whether it was claimed. No prices, no payment, nothing of the sender's but their first name.
 */
export interface GiftView {
  order_id: string;
  order_number: number;
  state: GiftState;
  /** The sender's first name. */
  from: string;
  recipient: string;
  note: string | null;
  occasion: string | null;
  /** The sender's note for the recipient at checkout (spec §3 Order recipient_note). */
  recipient_note: string | null;
  /** ISO instant the link lapses. */
  expires: string;
  claimed_at: string | null;
  store: { id: string; name: string };
  products: { sku_id: string; title: string; subtitle: string | null; image: string; qty: number }[];
  /** The delivery address as the sender gave it (the recipient may add a unit). */
  delivery_address: {
    address: string;
    city: string;
    state: string;
    zip: string;
    unit: string | null;
    business_name: string | null;
    type: "Business" | "Residential";
  };
  /** When it comes, once chosen: the slot, or null for as soon as possible. */
  scheduled: { date: string; start: string; end: string; label: string } | null;
  /** "30–45 min" for as soon as possible, the slot's label for a slot; null while not chosen. */
  eta: string | null;
}

/** PUT /order/gift/{orderId}: the recipient's claim. */
export interface GiftClaimBody {
  token: string;
  slot?: { date: string; start: string };
  eta?: boolean;
  notes?: string;
  unit?: string;
}
