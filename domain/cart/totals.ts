export type LineItemFormat =
  | "SUBTOTAL"
  | "FEE"
  | "SHIPPING"
  | "TIP"
  | "PROMO"
  | "CREDIT"
  | "DONATION"
  | "TOTAL";

/** One row of a cart's or an order's summary (spec §3 line_items; promo rows carry format PROMO, the last is the total). */
export interface CartLineItem {
  title: string;
  display: string;
  /** Cents; discounts are negative. */
  value: number;
  format: LineItemFormat;
}

export interface Tip {
  /** Cents, used when given. */
  amount?: number;
  /** Percent of the subtotal a driver brings, used when no amount is given. */
  percent?: number;
}

/**
 * The tax's line item. Its format is FEE: a new value in the released `format` enum would break the apps' decoding
 * (docs/adr/0058-api-versioning.md), so the tax is told apart by its title (docs/adr/0061-taxes-on-the-bill.md).
 */
export const TAX_TITLE = "Tax";
/** Before the order is placed the tax is an estimate: a price or a rate may still change. */
export const ESTIMATED_TAX_TITLE = "Estimated tax";

export const isTaxLine = (item: { title: string; format: string }): boolean =>
  item.format === "FEE" && (item.title === TAX_TITLE || item.title === ESTIMATED_TAX_TITLE);

/** Cents of a line: unit price times quantity. */
export const lineSubtotal = (unitCents: number, qty: number) => unitCents * qty;

export function tipCents(tip: Tip, subtotal: number): number {
  if (tip.amount !== undefined) return Math.max(0, Math.round(tip.amount));
  if (tip.percent !== undefined) return Math.max(0, Math.round((subtotal * tip.percent) / 100));
  return 0;
}
