import type { ProductTag } from "./product-tags.ts";

/**
 * Maps the source lists' own categories to our product tags (spec §2). The campaign tags that depend on
 * price or on hand-picked lists (5C, MT, LR, EN) are added later, by `campaignTags`.
 */

/** Iowa "Category Name" → base tags. Categories that mix spirits resolve through `spiritTagFromName`. */
const IOWA_CATEGORY_TAGS: Record<string, ProductTag[] | "by-name"> = {
  "BLENDED WHISKIES": ["WS"],
  "BOTTLED IN BOND BOURBON": ["WS"],
  "CANADIAN WHISKIES": ["WS"],
  "CORN WHISKIES": ["WS"],
  "IRISH WHISKIES": ["WS", "IR"],
  "SCOTCH WHISKIES": ["WS"],
  "SINGLE BARREL BOURBON WHISKIES": ["WS"],
  "SINGLE MALT SCOTCH": ["WS"],
  "STRAIGHT BOURBON WHISKIES": ["WS"],
  "STRAIGHT RYE WHISKIES": ["WS"],
  "TENNESSEE WHISKIES": ["WS"],
  "AMERICAN FLAVORED VODKA": ["VO"],
  "AMERICAN VODKAS": ["VO"],
  "IMPORTED FLAVORED VODKA": ["VO"],
  "IMPORTED VODKAS": ["VO"],
  "NEUTRAL GRAIN SPIRITS": ["VO"],
  "NEUTRAL GRAIN SPIRITS FLAVORED": ["VO"],
  "AGED DARK RUM": ["RU"],
  "FLAVORED RUM": ["RU"],
  "GOLD RUM": ["RU"],
  "SPICED RUM": ["RU"],
  "WHITE RUM": ["RU"],
  "100% AGAVE TEQUILA": ["TQ"],
  "MIXTO TEQUILA": ["TQ"],
  MEZCAL: ["TQ"],
  "AMERICAN DRY GINS": ["GN"],
  "IMPORTED DRY GINS": ["GN"],
  "FLAVORED GIN": ["GN"],
  "AMERICAN SLOE GINS": ["GN"],
  "AMERICAN BRANDIES": ["SP"],
  "IMPORTED BRANDIES": ["SP"],
  "AMERICAN CORDIALS & LIQUEURS": ["SP"],
  "IMPORTED CORDIALS & LIQUEURS": ["SP"],
  "AMERICAN SCHNAPPS": ["SP"],
  "IMPORTED SCHNAPPS": ["SP"],
  "CREAM LIQUEURS": ["SP"],
  "COFFEE LIQUEURS": ["SP"],
  "TRIPLE SEC": ["SP"],
  "WHISKEY LIQUEUR": ["SP"],
  "COCKTAILS/RTD": ["CO"],
  "AMERICAN DISTILLED SPIRITS SPECIALTY": "by-name",
  "IMPORTED DISTILLED SPIRITS SPECIALTY": "by-name",
  "IOWA SPIRITS MANUFACTURERS": "by-name",
  "SPECIAL ORDER ITEMS": "by-name",
  "TEMPORARY & SPECIALTY PACKAGES": "by-name",
};

export const IOWA_CATEGORIES = Object.keys(IOWA_CATEGORY_TAGS);

/** Words in a product name that say which spirit it is, checked in order. */
const SPIRIT_WORDS: [RegExp, ProductTag][] = [
  [/\b(WHISKEY|WHISKY|WHISKIES|BOURBON|RYE|SCOTCH|SINGLE MALT|MOONSHINE)\b/, "WS"],
  [/\b(TEQUILA|MEZCAL|BLANCO|REPOSADO|ANEJO|AÑEJO|CRISTALINO)\b/, "TQ"],
  [/\bVODKA\b/, "VO"],
  [/\b(RUM|RHUM|CACHACA|CACHAÇA)\b/, "RU"],
  [/\b(GIN|GENEVER)\b/, "GN"],
  [
    /\b(COCKTAILS?|MARGARITAS?|MARTINI|SHOTZ|SPRITZ|MULE|OLD FASHIONED|MANHATTAN|NEGRONI|DAIQUIRI|RTD)\b/,
    "CO",
  ],
  [
    /\b(COGNAC|BRANDY|ARMAGNAC|CALVADOS|LIQUEUR|SCHNAPPS|CREAM|AMARO|APERITIVO|VERMOUTH|PISCO|GRAPPA)\b/,
    "SP",
  ],
];

/** Brands whose names do not say what they are ("CROWN ROYAL W/50ML VANILLA"). */
const SPIRIT_BRANDS: [RegExp, ProductTag][] = [
  [
    /^(CROWN ROYAL|JOHNNIE WALKER|MAKERS MARK|JACK DANIELS|JAMESON|KNOB CREEK|BULLEIT|WOODFORD|BUFFALO TRACE|JIM BEAM|GLENLIVET|MACALLAN|CHIVAS|DEWARS|GLENFIDDICH|GLENMORANGIE|BLANTONS|EAGLE RARE|ELIJAH CRAIG|EVAN WILLIAMS|WILD TURKEY|FOUR ROSES|BASIL HAYDEN|REDBREAST|BUSHMILLS|TULLAMORE|SEAGRAMS 7|BLACK VELVET|CANADIAN CLUB|PENDLETON|WHISTLEPIG|HIGH WEST|SCREWBALL|TEMPLETON|ANGELS ENVY|OLD FORESTER|WELLER|HEAVEN HILL|BALVENIE|LAPHROAIG|ARDBEG|LAGAVULIN|OBAN|TALISKER|BOWMORE|MONKEY SHOULDER|SKREWBALL|JEFFERSONS|BOOKERS|BAKERS|RUSSELLS|LARCENY|OLD EZRA|EZRA BROOKS|YELLOWSTONE|KIRKLAND SIGNATURE)\b/,
    "WS",
  ],
  [
    /^(ABSOLUT|SMIRNOFF|TITOS|GREY GOOSE|KETEL ONE|CIROC|SKYY|SVEDKA|BELVEDERE|STOLI|NEW AMSTERDAM|PINNACLE|THREE OLIVES|DEEP EDDY|CRYSTAL HEAD|UV|BURNETTS|PLATINUM 7X|RUSSIAN STANDARD|CHOPIN|EFFEN|HAWKEYE|KINKY|HYPNOTIQ)\b/,
    "VO",
  ],
  [
    /^(BACARDI|CAPTAIN MORGAN|MALIBU|KRAKEN|SAILOR JERRY|CRUZAN|MOUNT GAY|DIPLOMATICO|MYERS|GOSLINGS|APPLETON|ZACAPA|PLANTATION|FLOR DE CANA|DON Q|PARAMOUNT)\b/,
    "RU",
  ],
  [
    /^(PATRON|DON JULIO|CASAMIGOS|JOSE CUERVO|1800|HORNITOS|ESPOLON|LUNAZUL|CAZADORES|CLASE AZUL|TEREMANA|CORRALEJO|EL JIMADOR|SAUZA|MILAGRO|HERRADURA|CODIGO|OLMECA|HUSSONGS|NUMBER JUAN|LALO|VOLCAN|21SEEDS)\b/,
    "TQ",
  ],
  [
    /^(TANQUERAY|BOMBAY|HENDRICKS|BEEFEATER|GORDONS|AVIATION|ROKU|EMPRESS|SIPSMITH|MONKEY 47|KOVAL GIN)\b/,
    "GN",
  ],
];

/**
 * The spirit a free-form name describes, or null when it cannot tell. The part before "W/" decides first:
 * "MAKERS MARK 46 W/COCKTAIL KIT" is a whiskey, not a cocktail.
 */
export function spiritTagFromName(name: string): ProductTag | null {
  const upper = name.toUpperCase();
  const head = upper.split(/\bW\//)[0];
  for (const text of head === upper ? [upper] : [head, upper]) {
    for (const [pattern, tag] of SPIRIT_WORDS) if (pattern.test(text)) return tag;
    for (const [pattern, tag] of SPIRIT_BRANDS) if (pattern.test(text)) return tag;
  }
  return null;
}

/** Gift sets: glasses, mugs, flasks, sampler and "value-added" packs. */
const GIFT_WORDS =
  /\bW\/|\b(GIFT|GLASS(ES)?|MUGS?|SETS?|FLASK|SHAKER|TUMBLERS?|JIGGER|COLLECTION|SAMPLER|TRIO|TRI-?PACK|VAP|ORNAMENTS?|CANDY CANES?|COCKTAIL KIT|STRAINER)\b/;

/** Irish products beyond the Irish whiskey categories (Guinness, Baileys Irish Cream…). */
const IRISH_WORDS =
  /\b(IRISH|GUINNESS|KILKENNY|HARP|SMITHWICKS|MURPHYS|BAILEYS|CAROLANS|JAMESON|BUSHMILLS|TULLAMORE|REDBREAST|POWERS|TEELING|SLANE|KILBEGGAN|CONNEMARA|GREEN SPOT|WRITERS TEARS|KNAPPOGUE|PROPER NO)\b/;

const isIrish = (name: string, country?: string) =>
  IRISH_WORDS.test(name.toUpperCase()) || country?.toUpperCase() === "IRELAND";

const withIrish = (tags: ProductTag[], name: string, country?: string): ProductTag[] =>
  isIrish(name, country) && !tags.includes("IR") && !tags.includes("GFS") ? [...tags, "IR"] : tags;

export interface IowaCategoryInput {
  category: string;
  description: string;
}

/** Base tags of an Iowa product. Iowa lists spirits only. */
export function iowaTags({ category, description }: IowaCategoryInput): ProductTag[] {
  const upper = description.toUpperCase();
  const mapped = IOWA_CATEGORY_TAGS[category.trim().toUpperCase()] ?? "by-name";
  let tags: ProductTag[] = mapped === "by-name" ? [spiritTagFromName(upper) ?? "SP"] : [...mapped];
  const isPackage = category.toUpperCase() === "TEMPORARY & SPECIALTY PACKAGES";
  if (GIFT_WORDS.test(upper) && (isPackage || /\bGIFT\b|W\/.*GLASS/.test(upper))) tags = [...tags, "GFS"];
  if (tags.includes("CO") && /\b(SELTZER|HARD SODA|SPIKED)\b/.test(upper)) tags = [...tags, "HS"];
  return withIrish(tags, upper);
}

export interface BcCategoryInput {
  productClass: string;
  subClass: string;
  minorClass: string;
  name: string;
  country?: string;
}

/** Base tags of a BC product, or null for rows that are not drinks (culinary alcohol). */
export function bcTags(input: BcCategoryInput): ProductTag[] | null {
  const cls = input.productClass.toUpperCase().trim();
  const sub = input.subClass.toUpperCase().trim();
  const minor = input.minorClass.toUpperCase().trim();
  const name = input.name.toUpperCase();
  let tags: ProductTag[] | null;
  switch (cls) {
    case "BEER":
    case "DE-ALCOHOLIZED BEER":
      tags = ["BE"];
      break;
    case "REFRESHMENT BEVERAGE":
      tags = ["HS"];
      break;
    case "WINE":
    case "DE-ALCOHOLIZED WINE":
      tags = bcWineTags(sub, minor, name);
      break;
    case "SPIRITS":
      tags = bcSpiritTags(sub, minor, name);
      break;
    default:
      tags = null;
  }
  return tags && withIrish(tags, name, input.country);
}

function wineColourTag(minor: string, name: string): ProductTag | null {
  const text = `${minor} ${name}`;
  if (/\bROSE\b/.test(text)) return "RS";
  if (/\bRED\b|ROUGE|ROSSO|TINTO/.test(text)) return "RW";
  if (/\bWHITE\b|BLANC\b|BIANCO|BLANCO/.test(text)) return "WW";
  return null;
}

function bcWineTags(sub: string, minor: string, name: string): ProductTag[] {
  if (sub.includes("GIFT PACK")) {
    const colour = wineColourTag("", name);
    return colour ? ["GFS", colour] : ["GFS"];
  }
  if (sub.includes("SPARKLING")) return minor.includes("ROSE") ? ["SW", "RS"] : ["SW"];
  if (sub.includes("APERITIF") || sub.includes("DESSERT")) return minor === "SAKE" ? ["SK"] : ["SS"];
  if (minor.startsWith("ICE WINE")) return ["SS"];
  const colour = wineColourTag(minor, "") ?? wineColourTag("", name) ?? "RW";
  return /\b(LATE HARVEST|ICEWINE|ICE WINE)\b/.test(name) ? [colour, "SS"] : [colour];
}

const BC_SPIRIT_SUBCLASS: Record<string, ProductTag> = {
  "AMERICAN WHISKY": "WS",
  "CANADIAN WHISKY": "WS",
  "IRISH WHISKY": "WS",
  "JAPANESE WHISKY": "WS",
  "OTHER WHISKY": "WS",
  "SCOTCH WHISKY": "WS",
  VODKA: "VO",
  RUM: "RU",
  CACHACA: "RU",
  TEQUILA: "TQ",
  GIN: "GN",
  COGNAC: "SP",
  ARMAGNAC: "SP",
  BRANDY: "SP",
  "EAUX DE VIE": "SP",
  LIQUEURS: "SP",
  "ASIAN SPIRITS": "SP",
};

function bcSpiritTags(sub: string, minor: string, name: string): ProductTag[] {
  if (sub.includes("GIFT PACK")) return ["GFS", spiritTagFromName(name) ?? "SP"];
  if (sub === "OTHER SPIRITS") return minor.includes("COCKTAILS") ? ["CO"] : ["SP"];
  const tag = BC_SPIRIT_SUBCLASS[sub] ?? spiritTagFromName(name) ?? "SP";
  return tag === "WS" && sub === "IRISH WHISKY" ? ["WS", "IR"] : [tag];
}

/** Shelf price at or below which a bottle of wine is a "dollar wine" (5C). */
export const DOLLAR_WINE_MAX_CENTS = 999;

const WINE_TAG_SET = new Set<ProductTag>(["RW", "WW", "RS", "SW", "SS", "SK"]);

/**
 * Adds the campaign tags: 5C for single bottles of wine at ≤ $9.99, MT and LR for hand-picked products, EN for
 * the bottles we engrave (gifting lists them).
 */
export function campaignTags(
  base: readonly ProductTag[],
  product: {
    shelfCents: number;
    packageQty: number;
    meTime?: boolean;
    beerOfTheMonth?: boolean;
    engravable?: boolean;
  },
): ProductTag[] {
  const tags = [...base];
  const isWine = base.some((t) => WINE_TAG_SET.has(t)) && !base.includes("GFS");
  if (isWine && product.packageQty === 1 && product.shelfCents <= DOLLAR_WINE_MAX_CENTS) tags.push("5C");
  if (product.meTime) tags.push("MT");
  if (product.beerOfTheMonth) tags.push("LR");
  if (product.engravable) tags.push("EN");
  return [...new Set(tags)];
}
