import { describe, expect, it } from "vitest";
import {
  bcTags,
  campaignTags,
  DOLLAR_WINE_MAX_CENTS,
  IOWA_CATEGORIES,
  iowaTags,
  spiritTagFromName,
} from "./category-mapping.ts";
import { defaultCategoryFor, type ProductTag } from "./product-tags.ts";

describe("iowaTags: every Iowa category", () => {
  // Each of the 45 categories of the file, with a name that does not say more than the category does.
  const table: [string, string, ProductTag[]][] = [
    ["BLENDED WHISKIES", "BLACK VELVET", ["WS"]],
    ["BOTTLED IN BOND BOURBON", "OLD FITZGERALD", ["WS"]],
    ["CANADIAN WHISKIES", "CANADIAN CLUB", ["WS"]],
    ["CORN WHISKIES", "MELLOW CORN", ["WS"]],
    ["IRISH WHISKIES", "JAMESON", ["WS", "IR"]],
    ["SCOTCH WHISKIES", "SCORESBY RARE SCOTCH", ["WS"]],
    ["SINGLE BARREL BOURBON WHISKIES", "EAGLE RARE", ["WS"]],
    ["SINGLE MALT SCOTCH", "MACALLAN 12YR", ["WS"]],
    ["STRAIGHT BOURBON WHISKIES", "MAKERS MARK", ["WS"]],
    ["STRAIGHT RYE WHISKIES", "WHISTLEPIG 10YR", ["WS"]],
    ["TENNESSEE WHISKIES", "JACK DANIELS OLD #7", ["WS"]],
    ["AMERICAN FLAVORED VODKA", "SMIRNOFF RASPBERRY", ["VO"]],
    ["AMERICAN VODKAS", "TITOS HANDMADE VODKA", ["VO"]],
    ["IMPORTED FLAVORED VODKA", "ABSOLUT CITRON", ["VO"]],
    ["IMPORTED VODKAS", "GREY GOOSE", ["VO"]],
    ["NEUTRAL GRAIN SPIRITS", "EVERCLEAR", ["VO"]],
    ["NEUTRAL GRAIN SPIRITS FLAVORED", "EVERCLEAR ZERO", ["VO"]],
    ["AGED DARK RUM", "DIPLOMATICO RESERVA", ["RU"]],
    ["FLAVORED RUM", "MALIBU", ["RU"]],
    ["GOLD RUM", "BACARDI GOLD", ["RU"]],
    ["SPICED RUM", "CAPTAIN MORGAN", ["RU"]],
    ["WHITE RUM", "BACARDI SUPERIOR", ["RU"]],
    ["100% AGAVE TEQUILA", "PATRON SILVER", ["TQ"]],
    ["MIXTO TEQUILA", "JOSE CUERVO ESPECIAL", ["TQ"]],
    ["MEZCAL", "DEL MAGUEY VIDA", ["TQ"]],
    ["AMERICAN DRY GINS", "SEAGRAMS EXTRA DRY", ["GN"]],
    ["IMPORTED DRY GINS", "TANQUERAY", ["GN"]],
    ["FLAVORED GIN", "MR PICKLES", ["GN"]],
    ["AMERICAN SLOE GINS", "MR BOSTON SLOE", ["GN"]],
    ["AMERICAN BRANDIES", "PAUL MASSON VS", ["SP"]],
    ["IMPORTED BRANDIES", "HENNESSY VS", ["SP"]],
    ["AMERICAN CORDIALS & LIQUEURS", "DEKUYPER PEACHTREE", ["SP"]],
    ["IMPORTED CORDIALS & LIQUEURS", "JAGERMEISTER", ["SP"]],
    ["AMERICAN SCHNAPPS", "99 BANANAS", ["SP"]],
    ["IMPORTED SCHNAPPS", "RUMPLE MINZE", ["SP"]],
    ["CREAM LIQUEURS", "RUMCHATA", ["SP"]],
    ["COFFEE LIQUEURS", "KAHLUA", ["SP"]],
    ["TRIPLE SEC", "DEKUYPER TRIPLE SEC", ["SP"]],
    ["WHISKEY LIQUEUR", "FIREBALL CINNAMON WHISKEY", ["SP"]],
    ["COCKTAILS/RTD", "ON THE ROCKS HORNITOS MARGARITA", ["CO"]],
    ["AMERICAN DISTILLED SPIRITS SPECIALTY", "BIRD DOG BLACKBERRY WHISKEY", ["WS"]],
    ["IMPORTED DISTILLED SPIRITS SPECIALTY", "ST ELIZABETH ALLSPICE DRAM", ["SP"]],
    ["IOWA SPIRITS MANUFACTURERS", "CEDAR RIDGE IOWA BOURBON", ["WS"]],
    ["SPECIAL ORDER ITEMS", "SMITH AND CROSS JAMAICA RUM", ["RU"]],
    ["TEMPORARY & SPECIALTY PACKAGES", "CROWN ROYAL W/50ML VANILLA", ["WS", "GFS"]],
  ];

  it("covers every category of the file", () => {
    expect(new Set(table.map(([category]) => category))).toEqual(new Set(IOWA_CATEGORIES));
  });

  it.each(table)("%s (%s) → %j", (category, description, tags) => {
    expect(iowaTags({ category, description })).toEqual(tags);
  });

  it.each([
    ["TEMPORARY & SPECIALTY PACKAGES", "GLENLIVET 12YR W/2 GLASSES", ["WS", "GFS"]],
    ["TEMPORARY & SPECIALTY PACKAGES", "KOVAL GIN TRIO GIFT PACK", ["GN", "GFS"]],
    ["TEMPORARY & SPECIALTY PACKAGES", "MAKERS MARK 46 W/COCKTAIL KIT", ["WS", "GFS"]],
    // A package with nothing to unwrap is not a gift set.
    ["TEMPORARY & SPECIALTY PACKAGES", "GAME TIME VODKA", ["VO"]],
    ["TEMPORARY & SPECIALTY PACKAGES", "HYPNOTIQ HARMONY", ["VO"]],
    ["TEMPORARY & SPECIALTY PACKAGES", "ZZZ MYSTERY", ["SP"]],
    ["WHISKEY LIQUEUR", "FIREBALL GIFT BOX", ["SP", "GFS"]],
    ["CREAM LIQUEURS", "BAILEYS ORIGINAL IRISH CREAM", ["SP", "IR"]],
    ["COCKTAILS/RTD", "HIGH NOON VODKA SELTZER", ["CO", "HS"]],
  ] as [string, string, ProductTag[]][])("%s: %s → %j", (category, description, tags) => {
    expect(iowaTags({ category, description })).toEqual(tags);
  });
});

describe("spiritTagFromName", () => {
  it.each([
    ["BIRD DOG BLACKBERRY WHISKEY", "WS"],
    ["CASA NOBLE REPOSADO", "TQ"],
    ["CROWN ROYAL W/50ML VANILLA", "WS"],
    ["ABSOLUT W/FEVER TREE GINGER BEER", "VO"],
    ["ON THE ROCKS MARGARITA", "CO"],
    ["REMY MARTIN 1738 COGNAC", "SP"],
    ["KINGS COUNTY DISTILLERY AGED GIFT SET", null],
  ])("%s → %s", (name, tag) => {
    expect(spiritTagFromName(name)).toBe(tag);
  });
});

describe("bcTags: every class of the BC list", () => {
  it.each([
    [["LIQUOR", "BEER", "BEER", "BEER"], "PARALLEL 49 - FILTHY DIRTY IPA", "CANADA", ["BE"]],
    [["LIQUOR", "BEER", "BEER", "BEER"], "GUINNESS PUB DRAUGHT CAN", "IRELAND", ["BE", "IR"]],
    [
      ["", "DE-ALCOHOLIZED BEER", "DE-ALCOHOLIZED BEER", "DE-ALCOHOLIZED BEER"],
      "HOLSTEN ALCOHOL FREE",
      "GERMANY",
      ["BE"],
    ],
    [["", "REFRESHMENT BEVERAGE", "CIDER", "CIDER ALL"], "BULMERS ORIGINAL CIDER", "IRELAND", ["HS", "IR"]],
    [["", "REFRESHMENT BEVERAGE", "COOLERS", "SPIRIT"], "SMIRNOFF ICE", "CANADA", ["HS"]],
    [["", "REFRESHMENT BEVERAGE", "COOLERS", "BEER"], "TWISTED TEA HALF & HALF CAN", "", ["HS"]],
    [["", "WINE", "TABLE WINE", "TABLE WINE RED"], "SHIRAZ - TALLIMBA GROVE", "AUSTRALIA", ["RW"]],
    [["", "WINE", "TABLE WINE", "TABLE WINE WHITE"], "RIESLING - BLACK TOWER", "GERMANY", ["WW"]],
    [["", "WINE", "TABLE WINE", "TABLE WINE ROSE"], "PROVENCE ROSE - MIRAVAL", "FRANCE", ["RS"]],
    [
      ["", "WINE", "TABLE WINE", "TABLE WINE WHITE"],
      "SAUVIGNON BLANC - ERRAZURIZ LATE HARVEST",
      "",
      ["WW", "SS"],
    ],
    [["", "WINE", "TABLE WINE", "ICE WINE WHITE"], "INNISKILLIN - VIDAL ICEWINE", "CANADA", ["SS"]],
    [["", "WINE", "SPARKLING WINE", "SPARKLING WINE WHITE"], "POL ROGER - BRUT", "FRANCE", ["SW"]],
    [
      ["", "WINE", "SPARKLING WINE", "SPARKLING WINE ROSE"],
      "J P CHENET - SPARKLING ROSE",
      "FRANCE",
      ["SW", "RS"],
    ],
    [["", "WINE", "APERITIF  DESSERT AND FORTIFIED WINE", "PORT"], "DOW'S - LBV", "PORTUGAL", ["SS"]],
    [["", "WINE", "APERITIF  DESSERT AND FORTIFIED WINE", "SAKE"], "GEKKEIKAN - SAKE", "JAPAN", ["SK"]],
    [["", "WINE", "APERITIF  DESSERT AND FORTIFIED WINE", "VERMOUTH"], "MARTINI - ROSSO", "ITALY", ["SS"]],
    [["", "WINE", "WINE - GIFT PACKS", "WINE - GIFT PACKS ALL"], "LDB GIFT BOX - RED", "", ["GFS", "RW"]],
    [["", "DE-ALCOHOLIZED WINE", "DE-ALCOHOLIZED TABLE WINE", "RED"], "ARIEL - CABERNET", "", ["RW"]],
    [
      ["", "DE-ALCOHOLIZED WINE", "DE-ALCOHOLIZED SPARKLING WINE", "WHITE"],
      "CARL JUNG - SPARKLING",
      "",
      ["SW"],
    ],
    [["", "SPIRITS", "SCOTCH WHISKY", "SCOTCH - MALT"], "MACALLAN - 12 YEAR OLD", "UNITED KINGDOM", ["WS"]],
    [["", "SPIRITS", "IRISH WHISKY", "IRISH WHISKY"], "JAMESON - IRISH", "IRELAND", ["WS", "IR"]],
    [["", "SPIRITS", "CANADIAN WHISKY", "CANADIAN RYE WHISKY"], "CROWN ROYAL", "CANADA", ["WS"]],
    [["", "SPIRITS", "VODKA", "REGULAR VODKA"], "SMIRNOFF - VODKA", "CANADA", ["VO"]],
    [["", "SPIRITS", "RUM", "DARK"], "LAMB'S - NAVY", "CANADA", ["RU"]],
    [["", "SPIRITS", "CACHACA", "CACHACA"], "YPIOCA - OURO", "BRAZIL", ["RU"]],
    [["", "SPIRITS", "TEQUILA", "TEQUILA"], "PATRON - SILVER", "MEXICO", ["TQ"]],
    [["", "SPIRITS", "GIN", "DRY GIN"], "BEEFEATER - LONDON DRY", "UNITED KINGDOM", ["GN"]],
    [["", "SPIRITS", "COGNAC", "COGNAC"], "HENNESSY - VS", "FRANCE", ["SP"]],
    [["", "SPIRITS", "LIQUEURS", "CREAM"], "BAILEYS - ORIGINAL IRISH CREAM", "IRELAND", ["SP", "IR"]],
    [["", "SPIRITS", "ASIAN SPIRITS", "ASIAN SPIRITS"], "JINRO - CHAMISUL SOJU", "KOREA", ["SP"]],
    [["", "SPIRITS", "OTHER SPIRITS", "READY TO SERVE COCKTAILS"], "CAESAR - WALTER", "CANADA", ["CO"]],
    [["", "SPIRITS", "OTHER SPIRITS", "SCHNAPPS"], "DEKUYPER - PEACHTREE", "CANADA", ["SP"]],
    [
      ["", "SPIRITS", "SPIRIT - GIFT PACKS", "SPIRIT - GIFT PACKS"],
      "GLENFIDDICH 12 YEAR OLD GIFT PACK",
      "",
      ["GFS", "WS"],
    ],
    [["", "SPIRITS", "SPIRIT - GIFT PACKS", "SPIRIT - GIFT PACKS"], "LDB HOLIDAY SAMPLER", "", ["GFS", "SP"]],
    [
      ["", "SPIRITS", "SPIRIT - GIFT PACKS", "SPIRIT - GIFT PACKS"],
      "JACK DANIELS WHISKEY GIFT PACK",
      "",
      ["GFS", "WS"],
    ],
  ] as [string[], string, string, ProductTag[]][])(
    "%j %s → %j",
    ([, productClass, subClass, minorClass], name, country, tags) => {
      expect(bcTags({ productClass, subClass, minorClass, name, country })).toEqual(tags);
    },
  );

  it("skips what is not a drink (culinary alcohol)", () => {
    expect(
      bcTags({
        productClass: "CULINARY PRODUCTS",
        subClass: "SALTED",
        minorClass: "SALTED",
        name: "COOKING WINE",
      }),
    ).toBeNull();
  });

  it("gives every mapped product a default category", () => {
    for (const tags of [
      ["BE"],
      ["SS"],
      ["SK"],
      ["GFS", "RW"],
      ["SW", "RS"],
      ["HS", "IR"],
    ] as ProductTag[][]) {
      expect(defaultCategoryFor(tags)).toBeTruthy();
    }
  });
});

describe("campaignTags", () => {
  it.each([
    [["RW"], DOLLAR_WINE_MAX_CENTS, 1, ["RW", "5C"]],
    [["RW"], DOLLAR_WINE_MAX_CENTS + 1, 1, ["RW"]],
    [["SW", "RS"], 799, 1, ["SW", "RS", "5C"]],
    // A mixed case of cheap wine, a gift pack or a beer is never a dollar wine.
    [["WW"], 599, 6, ["WW"]],
    [["GFS", "RW"], 899, 1, ["GFS", "RW"]],
    [["BE"], 599, 1, ["BE"]],
    [["WS"], 499, 1, ["WS"]],
  ] as [ProductTag[], number, number, ProductTag[]][])(
    "%j at %i cents ×%i → %j",
    (base, shelfCents, packageQty, tags) => {
      expect(campaignTags(base, { shelfCents, packageQty })).toEqual(tags);
    },
  );

  it("adds the hand-picked campaign tags once", () => {
    expect(campaignTags(["WS"], { shelfCents: 5999, packageQty: 1, meTime: true })).toEqual(["WS", "MT"]);
    expect(campaignTags(["BE", "IR"], { shelfCents: 1099, packageQty: 6, beerOfTheMonth: true })).toEqual([
      "BE",
      "IR",
      "LR",
    ]);
  });

  it("tags the bottles we engrave EN, for the gifting category; their own category still decides", () => {
    const tags = campaignTags(["WS"], { shelfCents: 4999, packageQty: 1, engravable: true });
    expect(tags).toEqual(["WS", "EN"]);
    expect(defaultCategoryFor(tags)).toBe("whiskey");
    expect(defaultCategoryFor(["GW"])).toBe("gifting");
  });
});
