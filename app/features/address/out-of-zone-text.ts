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
