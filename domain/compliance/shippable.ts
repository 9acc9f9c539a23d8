/**
 * What our shipping store may send to a state (issue 33 §3), apart from the dry areas' polygons so the storefront can
 * say what ships to an address without loading them.
 */
import { inEffect } from "../tax/applies.ts";
import type { AlcoholClass } from "./goods.ts";
import { SHIPPER_RULES, SHIPPING_STORE_STATE, type StateShipping } from "./shipping/index.ts";

/** The destination state's entry for our shipping store, in force on `on`; null when it lets nothing in. */
export function shippingRuleFor(
  state: string,
  on: string,
  from: string = SHIPPING_STORE_STATE,
): StateShipping | null {
  const rules = SHIPPER_RULES.find((r) => r.from === from);
  return rules?.to.find((s) => s.state === state && inEffect(s.effective, on)) ?? null;
}

/** The alcohol classes our shipping store may send to a state on `on`. */
export function shippableClasses(state: string, on: string): Set<AlcoholClass> {
  return new Set(shippingRuleFor(state, on)?.ships.map((s) => s.class) ?? []);
}

/** The top menu's categories that are one class of alcohol (the rest are not alcohol, or mixed like gifting). */
export const CATEGORY_CLASSES: Readonly<Record<string, AlcoholClass>> = {
  beer: "beer",
  seltzer: "beer",
  wine: "wine",
  spirits: "spirits",
};
