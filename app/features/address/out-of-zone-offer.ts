import { useEffect, useState } from "react";
import type { SavedAddress } from "#domain/geo/api.ts";
import { useDeliveryAddress } from "./address-context.tsx";
import type { ShippingOffer } from "./out-of-zone-text.ts";

/** The shopper's address is outside every delivery zone: where it is, and what can be shipped there once known. */
export interface OutOfZone {
  address: SavedAddress;
  offer: ShippingOffer | null;
  /** "We don't deliver to Fargo, ND.", once the offer's code has come. */
  heading: string | null;
}

interface Loaded {
  key: string;
  offer: ShippingOffer | "in_zone" | null;
  heading: string;
}

/**
 * Whether the saved address is outside every delivery zone (it is served by the shipping store: spec §3 Vendor
 * banner._id 'out_of_zone'), with what can be shipped there, loaded in the browser. Null inside a zone. The code that
 * asks (out-of-zone-load.ts) is fetched only for such an address: home carries this hook, not its calls.
 */
export function useOutOfZone(): OutOfZone | null {
  const { address } = useDeliveryAddress();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const key = address?.shipping ? `${address.lat},${address.lng}` : null;
  useEffect(() => {
    if (!key || !address) return;
    let live = true;
    void import("./out-of-zone-load.ts")
      .then(async ({ loadOffer, outOfZoneHeading }) => {
        const offer = await loadOffer(address.lat, address.lng, address.state);
        if (live) setLoaded({ key, offer, heading: outOfZoneHeading(address) });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [key, address]);
  if (!address?.shipping) return null;
  const now = loaded?.key === key ? loaded : null;
  if (now?.offer === "in_zone") return null;
  return { address, offer: now?.offer ?? null, heading: now?.heading ?? null };
}
