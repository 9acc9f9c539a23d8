/**
 * What a catalogue product is for the tax laws (`TaxClass`), read from its navigation tags (domain/catalogue/
 * product-tags.ts) and, for mixers, its title. Alcohol decides first, as the product's default category does: a
 * whiskey gift set is spirits, a sparkling rosé wine.
 *
 * - Spirits tags (cocktails and combos included: ready-made cocktails are spirits-based) → spirits.
 * - Wine tags (sake included: the states tax it as wine) → wine.
 * - Beer; and seltzers, coolers and ciders (HS) → beer: most are malt beverages, taxed with beer. A cider that a
 *   state taxes as wine is taxed as beer here (ADR 61).
 * - Vapes → vapor; nicotine pouches → nicotine; cigars and tobacco → tobacco.
 * - Mixers → soft_drink, but ice and plain water → non_alcoholic (Chicago's and DC's soft-drink taxes reach sodas
 *   and tonics, tonic water included, not ice or water).
 * - Snacks → food. Everything else (gift wrap, glassware, sexual wellness) → general.
 */
import { SPIRIT_TAGS, TOBACCO_TAGS, WINE_TAGS } from "../catalogue/product-tags.ts";
import type { TaxClass } from "./types.ts";

/** Every class a product can be (`taxClassOf`'s answers): the charges around the goods (fee, tip) are not products. */
export const PRODUCT_TAX_CLASSES: readonly TaxClass[] = [
  "beer",
  "wine",
  "spirits",
  "nicotine",
  "vapor",
  "tobacco",
  "soft_drink",
  "non_alcoholic",
  "food",
  "general",
];

const SOFT_DRINK = /\b(tonic|soda|cola|ginger|lemonade|energy)\b/i;
const ICE_OR_WATER = /\b(ice|water)\b/i;

function mixerClass(title: string): TaxClass {
  if (SOFT_DRINK.test(title)) return "soft_drink";
  return ICE_OR_WATER.test(title) ? "non_alcoholic" : "soft_drink";
}

export function taxClassOf(product: { tags: readonly string[]; title: string }): TaxClass {
  const has = (tags: readonly string[]) => tags.some((tag) => product.tags.includes(tag));
  if (has(SPIRIT_TAGS)) return "spirits";
  if (has(WINE_TAGS)) return "wine";
  if (has(["BE", "HS"])) return "beer";
  if (has(["VP"])) return "vapor";
  if (has(["NP"])) return "nicotine";
  if (has(TOBACCO_TAGS)) return "tobacco";
  if (has(["MX"])) return mixerClass(product.title);
  if (has(["SN"])) return "food";
  return "general";
}
