import { formatCents } from "../money.ts";
import { FREE_SHIPPING_THRESHOLD_CENTS } from "./constants.ts";

export interface ShippingOption {
  name: string;
  /** Cents. */
  price: number;
  description: string;
}

/** The carrier services a shipping store offers, cheapest first. */
export const SHIPPING_SERVICES: readonly ShippingOption[] = [
  { name: "Ground", price: 1299, description: "3–5 business days" },
  { name: "2-Day", price: 2499, description: "2 business days" },
  { name: "Overnight", price: 3999, description: "Next business day" },
];

/** Orders of at least the threshold ship free by ground (spec §9: 150). */
export function qualifiesForFreeShipping(shippedSubtotalCents: number): boolean {
  return shippedSubtotalCents >= FREE_SHIPPING_THRESHOLD_CENTS;
}

/** The options for a shipped subtotal: none when nothing ships; ground is free at the threshold. */
export function shippingOptionsFor(shippedSubtotalCents: number): ShippingOption[] {
  if (shippedSubtotalCents <= 0) return [];
  const free = qualifiesForFreeShipping(shippedSubtotalCents);
  return SHIPPING_SERVICES.map((o, i) => (free && i === 0 ? { ...o, price: 0 } : { ...o }));
}

/** The chosen option when it is offered, else the first one (spec §4: the first is selected when none is). */
export function selectShippingOption(
  options: readonly ShippingOption[],
  chosen: string | null,
): ShippingOption | null {
  return options.find((o) => o.name === chosen) ?? options[0] ?? null;
}

/** "Add $20.01 more for free shipping", or null once it qualifies or nothing ships. */
export function freeShippingHint(shippedSubtotalCents: number): string | null {
  if (shippedSubtotalCents <= 0 || qualifiesForFreeShipping(shippedSubtotalCents)) return null;
  return `Add ${formatCents(FREE_SHIPPING_THRESHOLD_CENTS - shippedSubtotalCents, true)} more for free shipping`;
}
