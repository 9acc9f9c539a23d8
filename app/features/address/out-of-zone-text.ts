import type { AvailableCategories } from "#domain/catalogue/types.ts";
import { CATEGORY_CLASSES, shippableClasses } from "#domain/compliance/shippable.ts";
import { prose } from "#domain/prose.ts";

/** What an address outside every delivery zone can still have (spec §3 Vendor: banner._id 'out_of_zone'). */
export interface ShippingOffer {
  /** The store that ships there. */
  store: string;
  /** How long shipping takes ("2–5 business days"), when known. */
  eta: string | null;
  /** The categories it ships, in menu order. */
  ships: { name: string; url: string }[];
}

export const outOfZoneHeading = (place: { city: string; state: string }) =>
  prose`We don't deliver to ${place.city}, ${place.state}.`;

export const shippingOfferText = (offer: ShippingOffer) =>
  offer.eta
    ? prose`${offer.store} can ship your order there instead, in ${offer.eta}.`
    : prose`${offer.store} can ship your order there instead.`;

/**
 * The top menu's categories the shipping store has products in and may send to the address's state (a class the
 * state does not let it ship is left out: spirits to Florida; issue 33 §3), as the menu orders them.
 */
export function shippedCategories(
  available: AvailableCategories,
  state: string,
  on: string = new Date().toISOString().slice(0, 10),
): ShippingOffer["ships"] {
  const shippable = shippableClasses(state, on);
  return available.categories
    .filter((c) => c.root_category_display === "WEB_MAIN" && c.product_count > 0)
    .filter((c) => {
      const cls = CATEGORY_CLASSES[c.url_name];
      return cls === undefined || shippable.has(cls);
    })
    .sort((a, b) => a.ordinal - b.ordinal)
    .map((c) => ({ name: c.web_display_name || c.name, url: `/${c.url_name}` }));
}
