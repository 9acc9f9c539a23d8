import type { Insertable } from "kysely";
import { GIFTING_CATEGORY } from "#domain/catalogue/constants.ts";
import { GIFT_TAGS, TOBACCO_TAGS } from "#domain/catalogue/product-tags.ts";
import type { CategoriesTable } from "../schema.ts";

/**
 * The navigation tree (spec §2 "Navigation categories"): top-level WEB_MAIN entries, their WEB_SUB children
 * and the WEB_STOREFRONT campaign pages. A category lists the products whose tags overlap `product_tags`; each
 * category spec §2 names has exactly the tags it gives (nicotine-tobacco and gifting: docs/catalogue.md).
 * Entries without an ordinal sort last (ORDINAL_FALLBACK).
 */
interface CategorySeed {
  url_name: string;
  name: string;
  web_display_name?: string;
  tag: string;
  product_tags: string[];
  ordinal: number | null;
  parent?: string;
  display: CategoriesTable["root_category_display"];
  is_tobacco?: boolean;
  description: string;
}

const SEEDS: CategorySeed[] = [
  {
    url_name: "beer",
    name: "Beer",
    tag: "BE",
    product_tags: ["BE"],
    ordinal: 1,
    display: "WEB_MAIN",
    description: "Lagers, IPAs, stouts and craft beer in singles, six-packs and cases.",
  },
  {
    url_name: "wine",
    name: "Wine",
    tag: "WN",
    // Spec §2: exactly these. Dollar wines (5C), sweet wines (SS) and sake (SK) are its children, listed there.
    product_tags: ["RW", "WW", "RS", "SW"],
    ordinal: 2,
    display: "WEB_MAIN",
    description: "Red, white, rosé and sparkling wine from around the world.",
  },
  {
    url_name: "spirits",
    name: "Spirits",
    tag: "ST",
    product_tags: ["WS", "VO", "RU", "TQ", "GN", "SP", "CO"],
    ordinal: 3,
    display: "WEB_MAIN",
    description: "Whiskey, vodka, tequila, rum, gin, liqueurs and ready-made cocktails.",
  },
  {
    url_name: "nicotine-tobacco",
    name: "Nicotine & Tobacco",
    tag: "TB",
    product_tags: [...TOBACCO_TAGS],
    ordinal: 4,
    display: "WEB_MAIN",
    is_tobacco: true,
    description: "Cigarettes, cigars, nicotine pouches, vapes and smoking accessories.",
  },
  {
    url_name: GIFTING_CATEGORY.url,
    name: "Gifts",
    web_display_name: "Gifting",
    tag: GIFTING_CATEGORY.tag,
    product_tags: [...GIFT_TAGS],
    ordinal: GIFTING_CATEGORY.ordinal,
    display: "WEB_MAIN",
    description: "Gift sets, glassware, chocolates and the finishing touches for a gift delivery.",
  },
  {
    url_name: "seltzer",
    name: "Seltzer",
    web_display_name: "Seltzers, Coolers & Cider",
    tag: "HS",
    product_tags: ["HS"],
    ordinal: 6,
    display: "WEB_MAIN",
    description: "Hard seltzers, coolers and ciders, cold and ready to crack open.",
  },
  {
    url_name: "more",
    name: "More",
    web_display_name: "Mixers, Snacks & More",
    tag: "OT",
    product_tags: ["MX", "SN", "TB"],
    ordinal: 7,
    display: "WEB_MAIN",
    description: "Mixers, ice, snacks and everything else the party needs.",
  },
  {
    url_name: "sexual-wellness",
    name: "Sex",
    web_display_name: "Sexual Wellness",
    tag: "SEX",
    product_tags: ["SEX"],
    ordinal: null,
    display: "WEB_MAIN",
    description: "Condoms and personal lubricants, delivered discreetly.",
  },
  // Wine
  sub("wine", "red-wine", "Red Wine", "RW", 1, "Cabernet, Pinot Noir, Malbec, Shiraz and more reds."),
  sub(
    "wine",
    "white-wine",
    "White Wine",
    "WW",
    2,
    "Chardonnay, Sauvignon Blanc, Pinot Grigio, Riesling and more.",
  ),
  sub("wine", "rose", "Rosé", "RS", 3, "Pink wines, still and sparkling."),
  sub(
    "wine",
    "champagne-sparkling",
    "Champagne & Sparkling",
    "SW",
    4,
    "Champagne, Prosecco, Cava and sparkling wine.",
  ),
  sub("wine", "dollar-wines", "Dollar Wines", "5C", 5, "Good bottles of wine for $9.99 or less."),
  sub("wine", "sweet-wines", "Sweet Wines", "SS", null, "Port, sherry, icewine and dessert wines."),
  sub("wine", "sake", "Sake", "SK", null, "Japanese sake and rice wine."),
  // Spirits
  sub("spirits", "whiskey", "Whiskey", "WS", 1, "Bourbon, rye, Scotch, Irish and Canadian whisky."),
  sub("spirits", "vodka", "Vodka", "VO", 2, "Plain and flavoured vodka."),
  sub("spirits", "tequila", "Tequila", "TQ", 3, "Blanco, reposado and añejo tequila, and mezcal."),
  sub("spirits", "rum", "Rum", "RU", 4, "White, gold, dark, spiced and flavoured rum."),
  sub("spirits", "gin", "Gin", "GN", 5, "London dry, American and flavoured gin."),
  sub("spirits", "cordials", "Cordials & Liqueurs", "SP", 6, "Liqueurs, schnapps, brandy and cognac."),
  sub(
    "spirits",
    "cocktails-combos",
    "Cocktails & Combos",
    "CO",
    null,
    "Ready-to-drink cocktails and cocktail kits.",
  ),
  // More
  sub("more", "mixers", "Mixers", "MX", 1, "Tonic, soda, ginger beer, juices and ice."),
  sub("more", "snacks", "Snacks", "SN", 2, "Chips, dips, nuts, candy and ice cream."),
  {
    ...sub(
      "more",
      "cigars-tobacco",
      "Cigars & Tobacco",
      "TB",
      3,
      "Cigars, cigarettes, rolling papers and lighters.",
    ),
    is_tobacco: true,
  },
  // Storefront campaigns
  campaign(
    "stpaddys",
    "St. Paddy's",
    "IR",
    1,
    "Irish whiskey, Irish cream and Irish beer for St. Patrick's Day.",
  ),
  campaign("beers-of-the-month", "Beers of the Month", "LR", 2, "A dozen beers we are drinking this month."),
  campaign(
    "me-time-whiskeys",
    "Me-Time Whiskeys",
    "MT",
    null,
    "A dozen premium whiskeys worth slowing down for.",
  ),
];

function sub(
  parent: string,
  url_name: string,
  name: string,
  tag: string,
  ordinal: number | null,
  description: string,
): CategorySeed {
  return { url_name, name, tag, product_tags: [tag], ordinal, parent, display: "WEB_SUB", description };
}

function campaign(
  url_name: string,
  name: string,
  tag: string,
  ordinal: number | null,
  description: string,
): CategorySeed {
  return { url_name, name, tag, product_tags: [tag], ordinal, display: "WEB_STOREFRONT", description };
}

export const categoryId = (urlName: string) => `cat_${urlName}`;
export const categoryImagePath = (urlName: string) => `/images/categories/${urlName}.svg`;

export const CATEGORY_ROWS: readonly Insertable<CategoriesTable>[] = SEEDS.map((c) => ({
  id: categoryId(c.url_name),
  name: c.name,
  web_display_name: c.web_display_name ?? c.name,
  url_name: c.url_name,
  tag: c.tag,
  product_tags: c.product_tags,
  ordinal: c.ordinal,
  parent_id: c.parent ? categoryId(c.parent) : null,
  is_tobacco: c.is_tobacco ?? false,
  icon: categoryImagePath(c.url_name),
  image: categoryImagePath(c.url_name),
  root_category_display: c.display,
  description: c.description,
}));
