import type { AvailableCategories } from "#domain/catalogue/types.ts";
import { CATEGORY_CLASSES, shippableClasses } from "#domain/compliance/shippable.ts";
import type { ShippingOffer } from "./out-of-zone-text.ts";

/*
 * Apart from the notice's texts: the shipping laws come with it, and the browser loads them only for an address
 * outside every zone (issue 35 §3).
 */

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
