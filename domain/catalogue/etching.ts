import { etchedSku } from "./source-sku.ts";

/** Engraving on a premium bottle costs this much on top of the bottle. */
export const ENGRAVING_PRICE_CENTS = 2000;

export interface EtchMaster {
  sku: string;
  title: string;
  regularPriceCents: number;
}

/** The engravable twin of a master product: "{sku}_ETCH", "{title} — Engraved", $20 more. */
export function etchedVariant(master: EtchMaster) {
  return {
    sku: etchedSku(master.sku),
    title: `${master.title} — Engraved`,
    regularPriceCents: master.regularPriceCents + ENGRAVING_PRICE_CENTS,
    etchOf: master.sku,
  };
}
