import { describe, expect, it } from "vitest";
import {
  bcBrand,
  bcNameParts,
  bcProducerWords,
  brandSourceWords,
  brandWords,
  cleanIowaDescription,
  countPrefixes,
  expandVintage,
  iowaBrand,
  isProducerLast,
  splitOnDashes,
  splitVintage,
} from "./brand.ts";
import { readableName } from "./naming.ts";

/** A small Iowa-like list: brands repeat, products vary. */
const IOWA_NAMES = [
  "JACK DANIELS OLD #7 BLACK LABEL",
  "JACK DANIELS TENNESSEE HONEY",
  "JACK DANIELS TENNESSEE FIRE",
  "JACK DANIELS GENTLEMAN JACK",
  "JACK DANIELS SINGLE BARREL",
  "JACK DANIELS BONDED",
  "CROWN ROYAL",
  "CROWN ROYAL VANILLA",
  "CROWN ROYAL PEACH",
  "CROWN ROYAL REGAL APPLE",
  "SMIRNOFF 80PRF",
  "SMIRNOFF RASPBERRY",
  "SMIRNOFF VANILLA",
  "OLD FORESTER 1920",
  "OLD FORESTER BIRTHDAY BOURBON",
  "OLD ELK BOURBON",
  "THE BUSKER SINGLE MALT",
  "SCORESBY RARE SCOTCH",
  "GAME TIME VODKA",
  "MAKERS MARK 46 W/COCKTAIL KIT",
  "MAKERS MARK",
  "MAKERS MARK 101",
];
const iowaCounts = countPrefixes(IOWA_NAMES.map(brandSourceWords));

describe("brandWords (prefix counts from the data)", () => {
  it.each([
    ["JACK DANIELS TENNESSEE HONEY", "JACK DANIELS"],
    ["CROWN ROYAL PEACH", "CROWN ROYAL"],
    ["SMIRNOFF RASPBERRY", "SMIRNOFF"],
    // A weak first word ("OLD") cannot be a brand on its own.
    ["OLD FORESTER BIRTHDAY BOURBON", "OLD FORESTER"],
    ["OLD ELK BOURBON", "OLD ELK"],
    ["THE BUSKER SINGLE MALT", "THE BUSKER"],
    // Seen once: two words, unless the second describes the product.
    ["GAME TIME VODKA", "GAME TIME"],
    ["SCORESBY RARE SCOTCH", "SCORESBY"],
    // The add-on after W/ never counts.
    ["MAKERS MARK 46 W/COCKTAIL KIT", "MAKERS MARK"],
  ])("%s → %s", (name, brand) => {
    expect(brandWords(brandSourceWords(name), iowaCounts).join(" ")).toBe(brand);
  });

  it("walks through joining words (CHATEAU DE LA …, INNIS & GUNN)", () => {
    const counts = countPrefixes([
      ["INNIS", "&", "GUNN", "IPA"],
      ["INNIS", "&", "GUNN", "STOUT"],
    ]);
    expect(brandWords(["INNIS", "&", "GUNN", "IPA"], counts)).toEqual(["INNIS", "&", "GUNN"]);
    expect(brandWords(["CHATEAU", "LA", "MISSION", "HAUT", "BRION"], new Map())).toEqual([
      "CHATEAU",
      "LA",
      "MISSION",
    ]);
  });
});

describe("iowaBrand", () => {
  it.each([
    ["MAKERS MARK 46", "Maker's Mark"],
    ["JACK DANIELS TENNESSEE FIRE", "Jack Daniel's"],
    ["TITOS HANDMADE VODKA", "Tito's"],
    ["CROWN ROYAL VANILLA", "Crown Royal"],
    ["OLD FORESTER 1920", "Old Forester"],
    ["SMIRNOFF 80PRF", "Smirnoff"],
    ["99 BANANAS", "99 Brand"],
  ])("%s → %s", (description, brand) => {
    expect(iowaBrand(description, iowaCounts)).toBe(brand);
  });

  it.each([
    ["HA LAST DROP 1971 BLENDED SCOTCH", "LAST DROP 1971 BLENDED SCOTCH"],
    ["BP KNOB CREEK SINGLE BARREL", "KNOB CREEK SINGLE BARREL"],
    ["SOOH  FAMOUS GROUSE SCOTCH", "FAMOUS GROUSE SCOTCH"],
    ["HAWKEYE VODKA", "HAWKEYE VODKA"],
  ])("drops Iowa's administrative markers: %s", (description, cleaned) => {
    expect(cleanIowaDescription(description)).toBe(cleaned);
  });
});

describe("BC names", () => {
  it("splits on a dash with a space beside it, never inside a word", () => {
    expect(splitOnDashes("PARALLEL 49 - FILTHY DIRTY IPA")).toEqual(["PARALLEL 49", "FILTHY DIRTY IPA"]);
    expect(splitOnDashes("CARINENA RESERVA- MONASTERIO DE LAS VINAS")).toEqual([
      "CARINENA RESERVA",
      "MONASTERIO DE LAS VINAS",
    ]);
    expect(splitOnDashes("KNEE-HIGH CHI-CHI'S")).toEqual(["KNEE-HIGH CHI-CHI'S"]);
  });

  it.each([
    ["08", "2008"],
    ["95", "1995"],
    ["10/11", "2010/2011"],
    ["2012", "2012"],
    ["2011/12", "2011/2012"],
  ])("vintage %s → %s", (token, year) => {
    expect(expandVintage(token)).toBe(year);
  });

  it("takes the vintage out of a wine's words, but not an age or a bin number", () => {
    expect(splitVintage(["LAYER", "CAKE", "12"])).toEqual({ words: ["LAYER", "CAKE"], vintage: "2012" });
    expect(splitVintage(["CHAPOUTIER", "09/11", "ORGANIC"])).toEqual({
      words: ["CHAPOUTIER", "ORGANIC"],
      vintage: "2009/2011",
    });
    expect(splitVintage(["TAWNY", "10", "YEAR"]).vintage).toBeNull();
    expect(splitVintage(["LINDEMANS", "BIN", "50"]).vintage).toBeNull();
  });

  it.each([
    ["CABERNET SAUVIGNON", "LAYER CAKE 12", true],
    ["BAROLO", "LUIGI BAUDANA CERRETTA 08", true],
    ["NAKED GRAPE", "SHIRAZ", false],
    ["TAYLOR FLADGATE", "10 YEAR OLD TAWNY", false],
    ["POL ROGER", "CUVEE DE RESERVE BRUT", false],
    ["PELLER ESTATES", "PRIVATE RESERVE CABERNET", false],
    ["CALVADOS", "PERE MAGLOIRE FINE CALVADOS", true],
    ["ELDERFLOWER LIQUEUR", "ST GERMAIN", true],
    ["FUME BLANC", "FERRARI CARANO SONOMA 2013", true],
  ])("%s - %s: producer last = %s", (left, right, expected) => {
    expect(isProducerLast(left, right)).toBe(expected);
  });

  const counts = {
    producers: countPrefixes([
      ["LAYER", "CAKE"],
      ["LAYER", "CAKE"],
      ["JADOT"],
      ["JADOT"],
      ["JADOT", "BEAUNE"],
    ]),
    names: countPrefixes([
      ["CHATEAU", "MARGAUX", "2009"],
      ["PILSNER", "URQUELL"],
    ]),
  };

  it.each([
    ["CABERNET SAUVIGNON - LAYER CAKE 12", true, "Layer Cake", "Layer Cake Cabernet Sauvignon 2012"],
    ["CHAMBERTIN - JADOT 2011", true, "Jadot", "Jadot Chambertin 2011"],
    ["NAKED GRAPE - SHIRAZ", true, "Naked Grape", "Naked Grape Shiraz"],
    ["MALBEC - TEMPRANILLO - URBAN UCO", true, "Urban Uco", "Urban Uco Malbec Tempranillo"],
    ["CHATEAU MARGAUX 2009", true, "Château Margaux", "Château Margaux 2009"],
    ["PARALLEL 49 - FILTHY DIRTY IPA", false, "Parallel 49", "Parallel 49 Filthy Dirty IPA"],
    ["JAMESON - IRISH", false, "Jameson", "Jameson Irish"],
    ["PILSNER URQUELL", false, "Pilsner Urquell", "Pilsner Urquell"],
    ["GUINNESS - GUINNESS PUB DRAUGHT", false, "Guinness", "Guinness Pub Draught"],
  ])("%s → brand %s, title %s", (name, wine, brand, title) => {
    const parts = bcNameParts(name, wine, counts);
    expect(bcBrand(parts, { wine })).toBe(brand);
    expect(readableName(parts.titleWords.join(" "), { wine })).toBe(title);
  });

  it("counts producers only on names written producer-last", () => {
    expect(bcProducerWords("SHIRAZ - PENFOLDS KOONUNGA HILL 12")).toEqual(["PENFOLDS", "KOONUNGA", "HILL"]);
    expect(bcProducerWords("NAKED GRAPE - SHIRAZ")).toBeNull();
    expect(bcProducerWords("PILSNER URQUELL")).toBeNull();
  });
});
