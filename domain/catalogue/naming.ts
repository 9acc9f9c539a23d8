/**
 * Turns the upper-case names of the government price lists into readable titles:
 * "MAKERS MARK 46" → "Maker's Mark 46", "GLENLIVET 12YR W/2 GLASSES" → "Glenlivet 12 Year with 2 Glasses".
 */

/** Words kept in capitals: grades, styles and initialisms. */
const ABBREVIATIONS = new Set([
  "VS",
  "VSOP",
  "XO",
  "XXO",
  "VO",
  "VSO",
  "IPA",
  "DIPA",
  "NEIPA",
  "IPL",
  "ESB",
  "APA",
  "USA",
  "US",
  "UK",
  "RTD",
  "BBN",
  "BIB",
  "NFL",
  "BBQ",
  "NV",
  "LBV",
  "DOC",
  "DOCG",
  "AOC",
  "IGT",
  "VQA",
  "II",
  "III",
  "IV",
  "VI",
  "VII",
  "VIII",
  "IX",
  "XI",
  "XII",
  "XXX",
  "XX",
  "UV",
  "JW",
  "PX",
  "HSV",
  "TGI",
  "OG",
]);

/** Brands written with an apostrophe that the source lists drop ("MAKERS" → "Maker's"). */
const POSSESSIVES = new Set([
  "ANGELS",
  "BAKERS",
  "BALLANTINES",
  "BECKS",
  "BLANTONS",
  "BOOKERS",
  "BRENDANS",
  "BUCHANANS",
  "BURNETTS",
  "CAROLANS",
  "CHAIRMANS",
  "DANIELS",
  "DEWARS",
  "FLEISCHMANNS",
  "GIBSONS",
  "GILBEYS",
  "GORDONS",
  "GOSLINGS",
  "GRANTS",
  "HAYDENS",
  "HAYMANS",
  "HENDRICKS",
  "HUSSONGS",
  "JACKS",
  "JEFFERSONS",
  "JEPPSONS",
  "KEITHS",
  "LAIRDS",
  "LAUDERS",
  "MAKERS",
  "MCCLELLANDS",
  "MCGILLICUDDYS",
  "MICHTERS",
  "MIKES",
  "MURPHYS",
  "PADDYS",
  "PARKERS",
  "PRICHARDS",
  "PUSSERS",
  "RICKARDS",
  "RUSSELLS",
  "SALVADORS",
  "SEAGRAMS",
  "SHANKYS",
  "SMITHWICKS",
  "STRANAHANS",
  "TEACHERS",
  "TINKERMANS",
  "TITOS",
  "TOMMYS",
  "WARRES",
  "WISERS",
]);

/** Whole-word spellings the capitals cannot recover. */
const SPELLINGS: Record<string, string> = {
  DEKUYPER: "DeKuyper",
  MCCORMICK: "McCormick",
  DR: "Dr.",
  MR: "Mr.",
  MRS: "Mrs.",
  ST: "St.",
  MT: "Mt.",
  JR: "Jr.",
  SR: "Sr.",
  YR: "Year",
  YRS: "Years",
  YO: "Year Old",
  PK: "Pack",
  OZ: "oz",
  ML: "ml",
  CREME: "Crème",
  ANEJO: "Añejo",
};

/** Spellings that only hold for wine names ("ROSE" is a rose on a whiskey label). */
const WINE_SPELLINGS: Record<string, string> = {
  CH: "Château",
  CHATEAU: "Château",
  ROSE: "Rosé",
  CUVEE: "Cuvée",
};

/** Small words that stay lower case inside a title. */
const SMALL_WORDS = new Set([
  "a",
  "and",
  "of",
  "the",
  "with",
  "in",
  "on",
  "for",
  "or",
  "de",
  "du",
  "des",
  "di",
  "del",
  "della",
  "da",
  "y",
]);

/** Words the source lost to a broken encoding (U+FFFD) and how they were meant. */
const BROKEN_WORDS: Record<string, string> = {
  "CR\uFFFDME": "CRÈME",
  "ESPAD\uFFFDN": "ESPADÍN",
};

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

function caseWithDigits(word: string): string {
  const upper = word.toUpperCase();
  const rules: [RegExp, (m: RegExpMatchArray) => string][] = [
    [/^NO\.(\d+)$/, (m) => `No. ${m[1]}`],
    [/^(\d+)YRS?$/, (m) => `${m[1]} Year`],
    [/^(\d+)YO$/, (m) => `${m[1]} Year Old`],
    [/^(\d+)(?:PRF|PF|PR|P)$/, (m) => `${m[1]} Proof`],
    [/^(\d+)X(\d+(?:\.\d+)?)ML$/, (m) => `${m[1]} x ${m[2]}ml`],
    [/^(\d+(?:\.\d+)?)MLS?$/, (m) => `${m[1]}ml`],
    [/^(\d+(?:\.\d+)?)L$/, (m) => `${m[1]}L`],
    [/^(\d+)PK$/, (m) => `${m[1]}-Pack`],
    [/^(\d+)OZ$/, (m) => `${m[1]} oz`],
    [/^(\d+)(ST|ND|RD|TH|ER|RE)$/, (m) => `${m[1]}${m[2].toLowerCase()}`],
  ];
  for (const [pattern, format] of rules) {
    const match = upper.match(pattern);
    if (match) return format(match);
  }
  return upper;
}

function caseWord(word: string, isFirst: boolean, wine: boolean): string {
  if (word === "x") return word;
  const upper = word.toUpperCase();
  if (/\d/.test(upper)) return caseWithDigits(upper);
  if (ABBREVIATIONS.has(upper)) return upper;
  if (wine && WINE_SPELLINGS[upper]) return WINE_SPELLINGS[upper];
  if (SPELLINGS[upper]) return SPELLINGS[upper];
  if (POSSESSIVES.has(upper)) return `${caseWord(upper.slice(0, -1), isFirst, wine)}'s`;
  const lower = upper.toLowerCase();
  if (!isFirst && SMALL_WORDS.has(lower)) return lower;
  // O'CLOCK, D'USSE, L'ORANGE: a one-letter elision keeps both parts capitalised.
  const elision = upper.match(/^([A-Z])'+([A-Z].*)$/);
  if (elision) return `${elision[1]}'${capitalize(elision[2])}`;
  if (/^MC[A-Z]{3,}$/.test(upper)) return `Mc${capitalize(upper.slice(2))}`;
  // Short runs without vowels are initialisms (RTD, NFL, BBQ).
  if (upper.length >= 2 && upper.length <= 4 && !/[AEIOUY]/.test(upper) && /^[A-Z]+$/.test(upper))
    return upper;
  return capitalize(upper);
}

/**
 * A readable title from an upper-case source name; `wine` turns on wine spellings (ROSE → Rosé, CH → Château).
 * Idempotent on its own output.
 */
export function readableName(source: string, options: { wine?: boolean } = {}): string {
  const wine = options.wine ?? false;
  let text = source.normalize("NFC");
  for (const [broken, fixed] of Object.entries(BROKEN_WORDS)) text = text.replaceAll(broken, fixed);
  text = text
    .replace(/\uFFFD/g, "")
    .replace(/\bW\/\s*/gi, " with ")
    .replace(/''/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  let index = 0;
  return text.replace(/[\p{L}\p{N}.'’]+/gu, (token) => {
    const isFirst = index++ === 0;
    // Dotted initials (E.T., S.B.C.) and decimals (2.0) stay as written, in capitals.
    if (/^([\p{L}]\.)+[\p{L}\p{N}]*$/u.test(token) || /^\d+\.\d+[A-Z]*$/i.test(token)) {
      return /\d/.test(token) ? caseWithDigits(token) : token.toUpperCase();
    }
    const trailingDot = token.endsWith(".") ? "." : "";
    const core = trailingDot ? token.slice(0, -1) : token;
    if (!core) return token;
    const cased = caseWord(core, isFirst, wine);
    return cased.endsWith(".") && trailingDot ? cased : cased + trailingDot;
  });
}
