/**
 * What the delivery and shipping laws tell apart in a cart (issue 33 §3): beer, wine and spirits, read from a
 * product's navigation tags. Anything else (mixers, snacks, glassware, gift wrap, tobacco) is not alcohol here:
 * no dry area or shipping law below reaches it (tobacco has its own age rule, `domain/age/`).
 */
import { SPIRIT_TAGS, WINE_TAGS } from "../catalogue/product-tags.ts";

export type AlcoholClass = "beer" | "wine" | "spirits";

export const ALCOHOL_CLASSES: readonly AlcoholClass[] = ["beer", "wine", "spirits"];

/** Shopper English, capitalised for the start of a sentence. */
export const CLASS_NAMES: Readonly<Record<AlcoholClass, string>> = {
  beer: "Beer",
  wine: "Wine",
  spirits: "Spirits",
};

/** Beer, and the seltzers, coolers and ciders sold beside it ("Beers of the month" are beer too). */
const BEER_TAGS: readonly string[] = ["BE", "HS", "LR"];

/**
 * The class of a product by its tags, the strongest first: a whiskey gift pack is spirits, a sparkling rosé wine,
 * a hard seltzer beer. Cocktails and ready-to-drink combos (CO) count as spirits, the stricter reading. Null for
 * goods that are not alcohol.
 */
export function alcoholClassOf(tags: readonly string[]): AlcoholClass | null {
  if (tags.some((t) => (SPIRIT_TAGS as readonly string[]).includes(t))) return "spirits";
  if (tags.some((t) => (WINE_TAGS as readonly string[]).includes(t))) return "wine";
  if (tags.some((t) => BEER_TAGS.includes(t))) return "beer";
  return null;
}

/** Litres of drink in a cart line: the unit's volume times the units in its package times the quantity. */
export function lineLitres(line: { volumeMl: number | null; packageQty: number; qty: number }): number {
  return ((line.volumeMl ?? 0) * Math.max(1, line.packageQty) * line.qty) / 1000;
}
