/**
 * Product tags (spec §2 "Navigation categories"): every product carries one or more; a category lists the
 * products whose tags overlap its own.
 */
export const PRODUCT_TAGS = {
  BE: "Beer",
  RW: "Red wine",
  WW: "White wine",
  RS: "Rosé",
  SW: "Champagne & sparkling",
  "5C": "Dollar wines",
  SS: "Sweet & dessert wines",
  SK: "Sake",
  WS: "Whiskey",
  VO: "Vodka",
  RU: "Rum",
  TQ: "Tequila & mezcal",
  GN: "Gin",
  SP: "Cordials, liqueurs & brandy",
  CO: "Cocktails & combos",
  IR: "Irish",
  HS: "Seltzer, coolers & cider",
  GFS: "Gifts",
  MT: "Me-time whiskeys",
  LR: "Beers of the month",
  MX: "Mixers",
  SN: "Snacks",
  TB: "Cigars & tobacco",
  NP: "Nicotine pouches",
  VP: "Vapes",
  SEX: "Sexual wellness",
} as const;

export type ProductTag = keyof typeof PRODUCT_TAGS;

export const isProductTag = (value: string): value is ProductTag => Object.hasOwn(PRODUCT_TAGS, value);

export const WINE_TAGS: readonly ProductTag[] = ["RW", "WW", "RS", "SW", "5C", "SS", "SK"];
export const SPIRIT_TAGS: readonly ProductTag[] = ["WS", "VO", "RU", "TQ", "GN", "SP", "CO"];
export const TOBACCO_TAGS: readonly ProductTag[] = ["TB", "NP", "VP"];

/**
 * A product's default category: the first tag in this order that it carries decides (a whiskey gift pack
 * lives under whiskey, a sparkling rosé under champagne-sparkling). Campaign tags (5C, IR, MT, LR) never do.
 */
const DEFAULT_CATEGORY_ORDER: [ProductTag, string][] = [
  ["WS", "whiskey"],
  ["VO", "vodka"],
  ["RU", "rum"],
  ["TQ", "tequila"],
  ["GN", "gin"],
  ["SP", "cordials"],
  ["CO", "cocktails-combos"],
  ["SW", "champagne-sparkling"],
  ["RW", "red-wine"],
  ["WW", "white-wine"],
  ["RS", "rose"],
  ["SS", "sweet-wines"],
  ["SK", "sake"],
  ["BE", "beer"],
  ["HS", "seltzer"],
  ["MX", "mixers"],
  ["SN", "snacks"],
  ["TB", "cigars-tobacco"],
  ["NP", "nicotine-tobacco"],
  ["VP", "nicotine-tobacco"],
  ["SEX", "sexual-wellness"],
  ["GFS", "gifting"],
];

/** The url_name of the category a product belongs to first; throws when no tag maps to one. */
export function defaultCategoryFor(tags: readonly string[]): string {
  for (const [tag, urlName] of DEFAULT_CATEGORY_ORDER) if (tags.includes(tag)) return urlName;
  throw new Error(`No default category for tags [${tags.join(", ")}]`);
}
