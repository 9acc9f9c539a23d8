import { useEffect, useState } from "react";
import { browserApi } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";
import { OUT_OF_ZONE, type SavedAddress } from "#domain/geo/api.ts";
import { useDeliveryAddress } from "./address-context.tsx";
import type { ShippingOffer } from "./out-of-zone-text.ts";

/** The shopper's address is outside every delivery zone: where it is, and what can be shipped there once known. */
export interface OutOfZone {
  address: SavedAddress;
  offer: ShippingOffer | null;
}

/** One load per position for the tab: the notice and home ask for the same offer. */
const offers = new Map<string, Promise<ShippingOffer | "in_zone" | null>>();

function loadOffer(lat: number, lng: number, state: string): Promise<ShippingOffer | "in_zone" | null> {
  const key = `lat=${lat}&lng=${lng}`;
  let offer = offers.get(`${key}&state=${state}`);
  if (!offer) {
    offer = Promise.all([
      browserApi<ApiAnswer<"getVendor">>(`/menu/vendor?${key}`),
      browserApi<ApiAnswer<"getAvailability">>(`/menu/availability?${key}`).catch(() => null),
      browserApi<ApiAnswer<"listAvailableCategories">>(`/menu/available-categories?${key}`).catch(() => null),
      import("./shipped-categories.ts"),
    ])
      .then(([vendor, availability, available, { shippedCategories }]) => {
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

/**
 * Whether the saved address is outside every delivery zone (it is served by the shipping store: spec §3 Vendor
 * banner._id 'out_of_zone'), with what can be shipped there, loaded in the browser. Null inside a zone.
 */
export function useOutOfZone(): OutOfZone | null {
  const { address } = useDeliveryAddress();
  const [loaded, setLoaded] = useState<{ key: string; offer: ShippingOffer | "in_zone" | null } | null>(null);
  const key = address?.shipping ? `${address.lat},${address.lng}` : null;
  useEffect(() => {
    if (!key || !address) return;
    let live = true;
    void loadOffer(address.lat, address.lng, address.state).then((offer) => {
      if (live) setLoaded({ key, offer });
    });
    return () => {
      live = false;
    };
  }, [key, address]);
  if (!address?.shipping) return null;
  const offer = loaded?.key === key ? loaded.offer : null;
  if (offer === "in_zone") return null;
  return { address, offer };
}
