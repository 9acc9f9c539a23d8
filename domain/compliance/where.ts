/**
 * Where and what may be delivered or shipped (issue 33 §3): one pure rule over the data in `areas/` and `shipping/`.
 *
 * - A dry area refuses its classes (alcohol) at its addresses, whoever delivers or ships; goods that are not alcohol
 *   still go. The address itself is kept: the shopper may still order snacks, mixers and glassware there, as the
 *   big delivery apps do; the alcohol lines stay in the cart, marked with the reason, left out of checkout.
 * - A shipped order sends only the classes the destination state lets our shipping store send; the rest are marked,
 *   never dropped silently.
 * - A state's cap on a class per person and period bounds each order: over it, the store's part of the cart says so
 *   and checkout refuses it.
 */

import { US_STATES } from "../geo/us-states.ts";
import { isInZone } from "../geo/zone.ts";
import { inEffect } from "../tax/applies.ts";
import { DRY_AREAS, type DryArea } from "./areas/index.ts";
import { type AlcoholClass, alcoholClassOf, CLASS_NAMES, lineLitres } from "./goods.ts";
import { shippingRuleFor } from "./shippable.ts";

/** Where the goods go: a position and, when known, its state (a position alone does not say). */
export interface Destination {
  lat: number;
  lng: number;
  state: string | null;
  /** The ZIP, when the position is a saved address's (a tax service places the sale by it). */
  postalCode?: string | null;
}

/** How a store's part reaches the destination, and on which day (ISO date) the laws are read. */
export interface Route {
  shipping: boolean;
  destination: Destination;
  on: string;
}

/** What the rule reads of a cart line. */
export interface GoodsLine {
  tags: readonly string[];
  volumeMl: number | null;
  packageQty: number;
  qty: number;
}

/** The place's name as a shopper reads it: "Illinois", "the District of Columbia". */
export function placeName(state: string): string {
  const name = US_STATES[state] ?? state;
  return state === "DC" ? `the ${name}` : name;
}

/** The dry area in force on `on` that holds the position, or null. */
export function dryAreaAt(
  point: { lat: number; lng: number },
  on: string,
  areas: readonly DryArea[] = DRY_AREAS,
): DryArea | null {
  return areas.find((a) => inEffect(a.effective, on) && isInZone(point, a.geometry)) ?? null;
}

export const dryAreaReason = (area: DryArea) =>
  `Alcohol can't be delivered to this address: it is in ${area.name}. ${area.why}`;

export const notShippedReason = (cls: AlcoholClass, state: string) =>
  `${CLASS_NAMES[cls]} can't be shipped to ${placeName(state)}: its law does not let us send ${cls} there.`;

/**
 * Why a line may not go this route, in the shopper's words, or null when it may. A line that is not alcohol always
 * may. A shipped line whose destination state is not known yet is not judged here: checkout always knows it.
 */
export function lineRefusal(line: GoodsLine, route: Route): string | null {
  const cls = alcoholClassOf(line.tags);
  if (!cls) return null;
  const area = dryAreaAt(route.destination, route.on);
  if (area?.classes.includes(cls)) return dryAreaReason(area);
  if (!route.shipping || route.destination.state === null) return null;
  const rule = shippingRuleFor(route.destination.state, route.on);
  if (!rule?.ships.some((s) => s.class === cls)) return notShippedReason(cls, route.destination.state);
  return null;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const litresText = (litres: number) => `${Number(litres.toFixed(2))} litres`;

/**
 * A store's part over a state's volume cap, in the shopper's words, or null. Only the lines that may go count (give
 * it those); a cap holds for shipped orders, where the states set them.
 */
export function orderLimitError(lines: readonly GoodsLine[], route: Route): string | null {
  if (!route.shipping || route.destination.state === null) return null;
  const rule = shippingRuleFor(route.destination.state, route.on);
  for (const allowed of rule?.ships ?? []) {
    if (!allowed.limit) continue;
    const litres = lines
      .filter((l) => alcoholClassOf(l.tags) === allowed.class)
      .reduce((sum, l) => sum + lineLitres(l), 0);
    if (litres > allowed.limit.litres + 1e-9)
      return (
        `${capitalised(placeName(route.destination.state))} allows at most ${allowed.limit.law} of ${allowed.class} to be shipped: ` +
        `this order has ${litresText(litres)}. Lower it to ${litresText(allowed.limit.litres)} or less to place it.`
      );
  }
  return null;
}

/** One thing the law forbids sending to an address, for the shopper and the API. */
export interface AddressRestriction {
  code: "dry_area" | "not_shipped";
  /** The classes it forbids. */
  classes: AlcoholClass[];
  reason: string;
  /** The dry area's id and sources' addresses, for whoever checks. */
  area: { id: string; name: string; kind: DryArea["kind"]; sources: string[] } | null;
}

/**
 * What may not be sent to an address, however the cart is filled: its dry area, and, shipped, each class its state
 * does not let in. Empty when everything may go.
 */
export function addressRestrictions(route: Route): AddressRestriction[] {
  const found: AddressRestriction[] = [];
  const area = dryAreaAt(route.destination, route.on);
  if (area)
    found.push({
      code: "dry_area",
      classes: [...area.classes],
      reason: dryAreaReason(area),
      area: { id: area.id, name: area.name, kind: area.kind, sources: area.sources.map((s) => s.url) },
    });
  const state = route.destination.state;
  if (route.shipping && state !== null) {
    const rule = shippingRuleFor(state, route.on);
    for (const cls of ["beer", "wine", "spirits"] as const) {
      if (area?.classes.includes(cls)) continue;
      if (!rule?.ships.some((s) => s.class === cls))
        found.push({ code: "not_shipped", classes: [cls], reason: notShippedReason(cls, state), area: null });
    }
  }
  return found;
}
