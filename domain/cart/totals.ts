import { formatCents } from "../money.ts";
import type { ShippingOption } from "./shipping.ts";

export type LineItemFormat =
  | "SUBTOTAL"
  | "FEE"
  | "SHIPPING"
  | "TIP"
  | "PROMO"
  | "CREDIT"
  | "DONATION"
  | "TOTAL";

/** One row of the cart's summary (spec §3 line_items; promo rows carry format PROMO). */
export interface CartLineItem {
  title: string;
  display: string;
  /** Cents; discounts are negative. */
  value: number;
  format: LineItemFormat;
}

export interface StoreSubtotal {
  is_shipping: boolean;
  subtotal: number;
  delivery_fee: number;
}

export interface Tip {
  /** Cents, used when given. */
  amount?: number;
  /** Percent of the subtotal, used when no amount is given. */
  percent?: number;
}

export interface CartTotals {
  subtotal: number;
  delivery_fee: number;
  shipping_fee: number;
  tip: number;
  total: number;
  line_items: CartLineItem[];
}

/** Cents of a line: unit price times quantity. */
export const lineSubtotal = (unitCents: number, qty: number) => unitCents * qty;

export function tipCents(tip: Tip, subtotal: number): number {
  if (tip.amount !== undefined) return Math.max(0, Math.round(tip.amount));
  if (tip.percent !== undefined) return Math.max(0, Math.round((subtotal * tip.percent) / 100));
  return 0;
}

/**
 * Totals of a cart from its per-store subtotals: each delivering store adds its delivery fee, the shipped
 * part adds the chosen shipping option, then the tip.
 */
export function cartTotals(
  stores: readonly StoreSubtotal[],
  shipping: ShippingOption | null,
  tip: Tip = {},
): CartTotals {
  const subtotal = stores.reduce((s, x) => s + x.subtotal, 0);
  const deliveryFee = stores
    .filter((x) => !x.is_shipping && x.subtotal > 0)
    .reduce((s, x) => s + x.delivery_fee, 0);
  const ships = stores.some((x) => x.is_shipping && x.subtotal > 0);
  const shippingFee = ships && shipping ? shipping.price : 0;
  const tipValue = tipCents(tip, subtotal);
  const total = subtotal + deliveryFee + shippingFee + tipValue;
  const item = (title: string, value: number, format: LineItemFormat): CartLineItem => ({
    title,
    display: value === 0 && format === "SHIPPING" ? "Free" : formatCents(value, true),
    value,
    format,
  });
  const line_items = [item("Subtotal", subtotal, "SUBTOTAL")];
  if (deliveryFee > 0) line_items.push(item("Delivery fee", deliveryFee, "FEE"));
  if (ships && shipping) line_items.push(item(`Shipping (${shipping.name})`, shippingFee, "SHIPPING"));
  if (tipValue > 0) line_items.push(item("Tip", tipValue, "TIP"));
  line_items.push(item("Total", total, "TOTAL"));
  return { subtotal, delivery_fee: deliveryFee, shipping_fee: shippingFee, tip: tipValue, total, line_items };
}
