/**
 * Where a gift can go when its sender gives the recipient's address (docs/adr/0053-gift-to-the-recipients-address.md):
 * delivered by the stores whose zones hold it, shipped by the shipping store when none does, or not at all.
 */

export interface CoverageStore {
  id: string;
  name: string;
}

/** Who serves an address, as the delivery zones say. */
export type Coverage =
  /** Inside one or more stores' zones: nearest first. */
  | { kind: "delivered"; stores: CoverageStore[] }
  /** Outside every zone, and a store ships. */
  | { kind: "shipped"; store: CoverageStore }
  /** Outside every zone, and no store ships. */
  | { kind: "none" };

export const GIFT_ADDRESS_MESSAGES = {
  onlyForGifts: "Only a gift can go to another address than yours.",
} as const;

/** The address nobody serves, in the sender's words: refused before anything is reserved or charged. */
export const notServedMessage = (address: string) =>
  `We can't deliver or ship to ${address}. Choose another address for the gift.`;

/** What the sender reads once the address is checked, before paying. */
export function coverageMessage(address: string, coverage: Coverage): string {
  switch (coverage.kind) {
    case "delivered":
      return `${coverage.stores[0].name} delivers to ${address}.`;
    case "shipped":
      return `${address} is outside our delivery zones: ${coverage.store.name} ships it.`;
    case "none":
      return notServedMessage(address);
  }
}
