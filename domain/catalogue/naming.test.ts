import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readableName } from "./naming.ts";

describe("readableName", () => {
  it.each([
    ["MAKERS MARK 46", "Maker's Mark 46"],
    ["JACK DANIELS OLD #7 BLACK LABEL", "Jack Daniel's Old #7 Black Label"],
    ["TITOS HANDMADE VODKA", "Tito's Handmade Vodka"],
    ["DR MCGILLICUDDYS BUTTERSCOTCH", "Dr. McGillicuddy's Butterscotch"],
    ["DR. MCGILLICUDDYS MENTHOLMINT", "Dr. McGillicuddy's Mentholmint"],
    ["GLENLIVET 12YR W/2 GLASSES", "Glenlivet 12 Year with 2 Glasses"],
    ["ABSOLUT W/FEVER TREE GINGER BEER", "Absolut with Fever Tree Ginger Beer"],
    ["PATRON SILVER W/ 2 HIGHBALL GLASSES", "Patron Silver with 2 Highball Glasses"],
    ["JOHNNIE WALKER BLACK W/2-50MLS", "Johnnie Walker Black with 2-50ml"],
    ["HENNESSY VS", "Hennessy VS"],
    ["REMY MARTIN VSOP", "Remy Martin VSOP"],
    ["HENNESSY XO", "Hennessy XO"],
    ["PARALLEL 49 FILTHY DIRTY IPA", "Parallel 49 Filthy Dirty IPA"],
    ["JOSE CUERVO RTD MARGARITA", "Jose Cuervo RTD Margarita"],
    ["BASIL HAYDEN 10YR RYE", "Basil Hayden 10 Year Rye"],
    ["SCORPION MEZCAL ANEJO 2YR", "Scorpion Mezcal Añejo 2 Year"],
    ["RON CENTENARIO 30 YR EDICION LIMITADA", "Ron Centenario 30 Year Edicion Limitada"],
    ["SEAGRAMS 7 CROWN 80PRF", "Seagram's 7 Crown 80 Proof"],
    ["KRAKEN BLACK SPICED RUM 70PRF MINI", "Kraken Black Spiced Rum 70 Proof Mini"],
    ["FIREBALL CINNAMON WHISKEY 100ML CARRIER", "Fireball Cinnamon Whiskey 100ml Carrier"],
    ["SMIRNOFF 1.75L", "Smirnoff 1.75L"],
    ["DON JULIO 3X375ML", "Don Julio 3 x 375ml"],
    ["KETEL ONE BOTANICAL 3PK", "Ketel One Botanical 3-Pack"],
    ["CROWN ROYAL 13TH ANNIVERSARY", "Crown Royal 13th Anniversary"],
    ["NO.40 GIN", "No. 40 Gin"],
    ["E.T.51 VODKA", "E.T.51 Vodka"],
    ["CHI-CHI'S MARGARITA", "Chi-Chi's Margarita"],
    ["FIVE O'CLOCK VODKA", "Five O'Clock Vodka"],
    ["GRAND MARNIER L''ORANGE", "Grand Marnier L'Orange"],
    ["DEKUYPER TRIPLE SEC", "DeKuyper Triple Sec"],
    ["EGGO BRUNCH IN A JAR SIPPIN CREAM", "Eggo Brunch in a Jar Sippin Cream"],
    ["HOUSE OF THE DRAGON W/NFL HELMET", "House of the Dragon with NFL Helmet"],
    ["MR BOSTON SLOE GIN", "Mr. Boston Sloe Gin"],
    ["ST. GEORGE TERROIR GIN", "St. George Terroir Gin"],
    ["TEMPUS FUGIT CR\uFFFDME BANANE", "Tempus Fugit Crème Banane"],
    ["MONTELOBOS ESPAD\uFFFDN MEZCAL", "Montelobos Espadín Mezcal"],
    ["  WILD   TURKEY 101  ", "Wild Turkey 101"],
  ])("%s → %s", (source, expected) => {
    expect(readableName(source)).toBe(expected);
  });

  it.each([
    ["CH BEYCHEVELLE 2010", "Château Beychevelle 2010"],
    ["MIRAVAL ROSE", "Miraval Rosé"],
    ["POL ROGER CUVEE DE RESERVE BRUT", "Pol Roger Cuvée de Reserve Brut"],
    ["MONTHELIE 1ER CHAMPS FULLIOT", "Monthelie 1er Champs Fulliot"],
  ])("wine spelling: %s → %s", (source, expected) => {
    expect(readableName(source, { wine: true })).toBe(expected);
  });

  it("keeps wine spellings off other products (a rose on a whiskey label)", () => {
    expect(readableName("YELLOW ROSE PREMIUM AMERICAN")).toBe("Yellow Rose Premium American");
  });

  const word = fc.constantFrom(
    "MAKERS",
    "MARK",
    "12YR",
    "W/2",
    "GLASSES",
    "OF",
    "THE",
    "VSOP",
    "IPA",
    "750ML",
    "1.75L",
    "80PRF",
    "DR.",
    "MCCORMICK",
    "O'CLOCK",
    "RTD",
    "3X375ML",
    "NO.40",
    "13TH",
    "&",
    "JACK",
  );
  const sourceName = fc.array(word, { minLength: 1, maxLength: 8 }).map((words) => words.join(" "));

  it("is idempotent: a readable name stays as it is", () => {
    fc.assert(fc.property(sourceName, (name) => readableName(readableName(name)) === readableName(name)));
  });

  it("never leaves the list's shorthand or shouting behind", () => {
    fc.assert(
      fc.property(sourceName, (name) => {
        const out = readableName(name);
        return !out.includes("W/") && !/\b\d+YR\b/.test(out) && !/\b[A-Z]{5,}\b/.test(out);
      }),
    );
  });
});
