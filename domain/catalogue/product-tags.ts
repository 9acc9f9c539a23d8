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
  GFS: "Gift sets",
  EN: "Engravable bottles",
  GW: "Gift wrap & notes",
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

/**
 * Every tag a wine product may carry (what the shipping store ships). The wine navigation category lists fewer:
 * spec §2 gives it RW, WW, RS and SW; dollar, sweet wines and sake have categories of their own.
 */
export const WINE_TAGS: readonly ProductTag[] = ["RW", "WW", "RS", "SW", "5C", "SS", "SK"];
export const SPIRIT_TAGS: readonly ProductTag[] = ["WS", "VO", "RU", "TQ", "GN", "SP", "CO"];
export const TOBACCO_TAGS: readonly ProductTag[] = ["TB", "NP", "VP"];
/** What the gifting category lists: gift sets and packs, bottles we engrave, and the wrap and notes. */
export const GIFT_TAGS: readonly ProductTag[] = ["GFS", "EN", "GW"];

/**
 * A product's default category: the first tag in this order that it carries decides (a whiskey gift pack
 * lives under whiskey, a sparkling rosé under champagne-sparkling). Campaign tags (5C, IR, MT, LR) never do, and EN only
 * would for a product that is nothing else (every engravable bottle is a spirit first).
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
  ["GW", "gifting"],
  ["EN", "gifting"],
];

/** The url_name of the category a product belongs to first; throws when no tag maps to one. */
export function defaultCategoryFor(tags: readonly string[]): string {
  for (const [tag, urlName] of DEFAULT_CATEGORY_ORDER) if (tags.includes(tag)) return urlName;
  throw new Error(`No default category for tags [${tags.join(", ")}]`);
}
