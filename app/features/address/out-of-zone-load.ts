import { browserApi } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";
import { OUT_OF_ZONE } from "#domain/geo/api.ts";
import { outOfZoneHeading, type ShippingOffer } from "./out-of-zone-text.ts";
import { shippedCategories } from "./shipped-categories.ts";

/*
 * Loaded by useOutOfZone only for an address outside every zone (issue 35 §3): the calls, the shipping laws and the
 * words stay out of the pages' first scripts.
 */

export { outOfZoneHeading };

/** One load per position for the tab: the notice and home ask for the same offer. */
const offers = new Map<string, Promise<ShippingOffer | "in_zone" | null>>();

export function loadOffer(
  lat: number,
  lng: number,
  state: string,
): Promise<ShippingOffer | "in_zone" | null> {
  const key = `lat=${lat}&lng=${lng}`;
  let offer = offers.get(`${key}&state=${state}`);
  if (!offer) {
    offer = Promise.all([
      browserApi<ApiAnswer<"getVendor">>(`/menu/vendor?${key}`),
      browserApi<ApiAnswer<"getAvailability">>(`/menu/availability?${key}`).catch(() => null),
      browserApi<ApiAnswer<"listAvailableCategories">>(`/menu/available-categories?${key}`).catch(() => null),
    ])
      .then(([vendor, availability, available]) => {
        if (!vendor.ok) return null;
        if (vendor.data.banner?._id !== OUT_OF_ZONE) return "in_zone" as const;
        return {
          store: vendor.data.store.name,
          eta: availability?.ok ? availability.data.eta.display : null,
          ships: available?.ok ? shippedCategories(available.data, state) : [],
        };
      })
      .catch(() => null);
    offers.set(`${key}&state=${state}`, offer);
  }
  return offer;
}
