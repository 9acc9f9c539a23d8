import { shelfPriceCents } from "../money.ts";

/**
 * How a US shelf price is derived from each source (docs/catalogue.md explains the why):
 * - Iowa `State Bottle Retail` is what licensed stores pay the state; a store marks it up, so shelf = retail × 1.30.
 * - BC `CURRENT_DISPLAY_PRICE` is a c. 2015 Canadian shelf price in CAD; shelf = CAD × 0.78 (2015 average
 *   CAD→USD rate).
 * Both end in .99 (money.ts `shelfPriceCents`).
 */
export const IOWA_RETAIL_MARKUP = 1.3;
export const CAD_TO_USD_2015 = 0.78;

export const iowaShelfPriceCents = (stateBottleRetail: number) =>
  shelfPriceCents(stateBottleRetail * IOWA_RETAIL_MARKUP);
export const bcShelfPriceCents = (displayPriceCad: number) =>
  shelfPriceCents(displayPriceCad * CAD_TO_USD_2015);

/** A store's price: the shelf price times the store's price factor, again ending in .99. */
export function storePriceCents(shelfCents: number, priceFactor: number): number {
  if (!Number.isInteger(shelfCents) || shelfCents <= 0)
    throw new RangeError(`shelf price must be positive cents`);
  if (!(priceFactor > 0)) throw new RangeError(`price factor must be positive, got ${priceFactor}`);
  return shelfPriceCents((shelfCents / 100) * priceFactor);
}

/** Buying one unit of a multipack alone costs this much more than its share of the pack price. */
export const SINGLE_UNIT_PREMIUM = 1.1;

/**
 * Price of one item of a multipack bought alone (spec §5 "Buy {n} Save ${amount}"): the pack's per-unit
 * price plus 10%, rounded up to a price ending in 9 cents. Always more than packPrice / qty, so the saving
 * qty × unit − pack is positive.
 */
export function packageItemPriceCents(packPriceCents: number, qty: number): number {
  if (!Number.isInteger(qty) || qty < 2) throw new RangeError(`a multipack has at least 2 items, got ${qty}`);
  const perUnit = (packPriceCents / qty) * SINGLE_UNIT_PREMIUM;
  return Math.ceil((perUnit + 1) / 10) * 10 - 1;
}

/** The saving of buying the pack rather than `qty` single items, in cents. */
export const packSavingCents = (packPriceCents: number, unitPriceCents: number, qty: number) =>
  unitPriceCents * qty - packPriceCents;
