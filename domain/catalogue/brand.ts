import { readableName } from "./naming.ts";

/**
 * Brand extraction. Neither source has a brand column: Iowa writes it at the start of "Item Description",
 * BC writes "BRAND - PRODUCT" (or, for many wines, "VARIETAL/APPELLATION - PRODUCER"). A brand is the
 * longest leading run of words (1–3) that the data itself repeats: "JACK" and "JACK DANIELS" both start
 * many names, "JACK DANIELS OLD" only a few, so the brand is "Jack Daniel's".
 */

export type PrefixCounts = ReadonlyMap<string, number>;

const MAX_BRAND_WORDS = 3;
/** A longer prefix is kept when at least this share of the names with the shorter one continue with it. */
const CONTINUATION_SHARE = 0.6;

/** Words that open a name but cannot be a brand on their own ("OLD" Forester, "THE" Busker). */
const WEAK_FIRST_WORDS = new Set([
  "THE",
  "OLD",
  "NEW",
  "EL",
  "LA",
  "LE",
  "LES",
  "LOS",
  "LAS",
  "DE",
  "DON",
  "DONA",
  "MR",
  "MR.",
  "DR",
  "DR.",
  "ST",
  "ST.",
  "SAINT",
  "SIR",
  "CAPTAIN",
  "BIG",
  "LITTLE",
  "GRAND",
  "HIGH",
  "BLUE",
  "BLACK",
  "WHITE",
  "RED",
  "GREEN",
  "GREY",
  "GOLD",
  "WILD",
  "SOUTHERN",
  "NORTH",
  "NORTHERN",
  "GREAT",
  "ROYAL",
  "TWO",
  "THREE",
  "FOUR",
  "DOS",
  "TRES",
  "CH",
  "CHATEAU",
  "DOM",
  "DOMAINE",
  "CASA",
  "BODEGAS",
  "BODEGA",
  "TENUTA",
  "CANTINA",
  "CANTINE",
  "CASTELLO",
  "MAISON",
  "CLOS",
  "QUINTA",
  "VILLA",
  "VINA",
  "PODERE",
  "POGGIO",
  "FATTORIA",
  "WEINGUT",
  "SCHLOSS",
  "MARQUES",
  "CAVE",
  "CAVES",
  "JOHN",
  "JEAN",
  "PIERRE",
  "LOUIS",
  "LUIGI",
  "SAN",
  "SANTA",
  "RON",
  "GRAN",
  "TEQUILA",
  "CANADIAN",
  "AMERICAN",
  "KENTUCKY",
  "FIVE",
  "GLEN",
  "UNCLE",
  "RIVER",
  "SIP",
  "OAK",
  "RICH",
  "COPPER",
  "VERY",
  "MONKEY",
  "DEVILS",
  "JIM",
  "JACK",
  "JOSE",
  "PAUL",
  "E",
  "J",
  "M",
  "A",
]);

/** Words that describe the product rather than name its maker; a brand never continues into them. */
const DESCRIPTOR_WORDS = new Set(
  (
    "VODKA GIN RUM TEQUILA MEZCAL WHISKEY WHISKY WHISKIES BOURBON RYE SCOTCH MALT BRANDY COGNAC LIQUEUR SCHNAPPS " +
    "CREAM SPIRIT SPIRITS MOONSHINE SHINE LIGHT DARK SPICED FLAVORED FLAVOURED SILVER GOLD BLANCO REPOSADO ANEJO " +
    "EXTRA RESERVE RESERVA SELECT SELECTION SINGLE DOUBLE SMALL BATCH BARREL CASK AGED STRAIGHT BLENDED ORIGINAL " +
    "CLASSIC PREMIUM SPECIAL RARE FINE OLD VS VSOP XO MINI MINIS PET PACK CAN CANS BOTTLE LAGER ALE IPA PILSNER " +
    "STOUT PORTER CIDER COOLER WINE RED WHITE ROSE BRUT SEC SWEET DRY VANILLA APPLE CHERRY PEACH HONEY CINNAMON " +
    "COCONUT MANGO LIME LEMON ORANGE GRAPE WATERMELON STRAWBERRY PINEAPPLE RASPBERRY CHOCOLATE COFFEE " +
    "CABERNET SAUVIGNON MERLOT SHIRAZ SYRAH PINOT NOIR CHARDONNAY RIESLING MALBEC ZINFANDEL NAPA SONOMA CALIFORNIA " +
    "MARLBOROUGH BAROSSA OKANAGAN COONAWARRA MENDOZA VALLEY ORGANIC KOSHER BLEND WINEMAKERS W/ WITH"
  ).split(" "),
);

/** Words that join a name ("CHATEAU DE LA", "INNIS & GUNN"): a brand never ends on one. */
const JOINER_WORDS = new Set([
  "DE",
  "DU",
  "DES",
  "LA",
  "LE",
  "LES",
  "DI",
  "DEL",
  "DELLA",
  "DEI",
  "OF",
  "THE",
  "Y",
  "&",
  "AND",
  "D'",
  "LAS",
  "LOS",
]);

const isSizeOrAge = (word: string) => /^\d+(\.\d+)?(ML|L|YR|YRS|YO|PRF|PF|PR|P|PK|OZ)$/i.test(word);

const prefixKey = (words: readonly string[], n: number) => words.slice(0, n).join(" ");

/** Counts every 1..3-word prefix of the given names (upper-case, split on spaces). */
export function countPrefixes(names: Iterable<readonly string[]>): PrefixCounts {
  const counts = new Map<string, number>();
  for (const words of names) {
    for (let n = 1; n <= Math.min(MAX_BRAND_WORDS, words.length); n++) {
      const key = prefixKey(words, n);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

/** The leading words of a name that make its brand. */
export function brandWords(words: readonly string[], counts: PrefixCounts): string[] {
  if (words.length === 0) return [];
  let n = 1;
  while (n < Math.min(MAX_BRAND_WORDS, words.length)) {
    const next = words[n].toUpperCase();
    if (DESCRIPTOR_WORDS.has(next) || isSizeOrAge(next)) break;
    const current = counts.get(prefixKey(words, n)) ?? 0;
    const longer = counts.get(prefixKey(words, n + 1)) ?? 0;
    const weak = n === 1 && WEAK_FIRST_WORDS.has(words[0].toUpperCase());
    // A name seen once: a two-word brand unless its second word describes the product.
    const unique = current <= 1 && n === 1;
    const repeated = longer >= 2 && longer >= current * CONTINUATION_SHARE;
    if (!(weak || unique || repeated)) break;
    n++;
    if (unique && !weak) break;
  }
  while (n < words.length && n < MAX_BRAND_WORDS + 2 && JOINER_WORDS.has(words[n - 1].toUpperCase())) n++;
  return words.slice(0, n);
}

/** Iowa's administrative markers in front of some names (HA, BP, SOOH, CM) are not part of the product. */
const IOWA_MARKERS = /^(HA|BP|SOOH|CM)\s+/;

export function cleanIowaDescription(description: string): string {
  return description.replace(/\s+/g, " ").trim().replace(IOWA_MARKERS, "");
}

/** The words a brand is read from: a name up to any "W/" add-on, without sizes. */
export function brandSourceWords(name: string): string[] {
  const head = name.toUpperCase().split(/\s*\bW\//)[0];
  return head.split(/\s+/).filter((w) => w.length > 0);
}

/** Brand names that the prefix rule cannot get right, by the leading words of the name they apply to. */
const BRAND_OVERRIDES: [string, string][] = [
  ["TITOS", "Tito's"],
  ["JACK DANIELS", "Jack Daniel's"],
  ["GENTLEMAN JACK", "Jack Daniel's"],
  ["DR MCGILLICUDDYS", "Dr. McGillicuddy's"],
  ["DR. MCGILLICUDDYS", "Dr. McGillicuddy's"],
  ["99 ", "99 Brand"],
  ["E & J", "E&J"],
  ["E&J", "E&J"],
  ["SEAGRAMS 7", "Seagram's"],
  ["SEAGRAMS", "Seagram's"],
  ["MOET & CHANDON", "Moët & Chandon"],
  ["MOET", "Moët & Chandon"],
  ["VEUVE CLICQUOT", "Veuve Clicquot"],
  ["CROWN ROYAL", "Crown Royal"],
  ["JOHNNIE WALKER", "Johnnie Walker"],
  ["JIM BEAM", "Jim Beam"],
  ["JOSE CUERVO", "Jose Cuervo"],
  ["DON JULIO", "Don Julio"],
  ["CAPTAIN MORGAN", "Captain Morgan"],
  ["GREY GOOSE", "Grey Goose"],
  ["KETEL ONE", "Ketel One"],
  ["MAKERS MARK", "Maker's Mark"],
  ["ANGELS ENVY", "Angel's Envy"],
  ["BASIL HAYDENS", "Basil Hayden's"],
  ["BUFFALO TRACE", "Buffalo Trace"],
  ["WILD TURKEY", "Wild Turkey"],
  ["WOODFORD RESERVE", "Woodford Reserve"],
  ["KNOB CREEK", "Knob Creek"],
  ["SOUTHERN COMFORT", "Southern Comfort"],
  ["HIGH NOON", "High Noon"],
  ["OLE SMOKY", "Ole Smoky"],
  ["PLATINUM 7X", "Platinum 7X"],
  ["NAKED GRAPE", "Naked Grape"],
  ["JACKSON TRIGGS", "Jackson-Triggs"],
  ["INNISKILLIN", "Inniskillin"],
  ["KRAKEN", "Kraken"],
  ["BELVEDERE", "Belvedere"],
  ["SKREWBALL", "Skrewball"],
  ["MEMBERS MARK", "Member's Mark"],
  ["MICHTERS", "Michter's"],
  ["EH TAYLOR", "E.H. Taylor"],
  ["CHRISTIAN BROS", "Christian Brothers"],
  ["BASIL HAYDEN", "Basil Hayden's"],
  ["E GUIGAL", "E. Guigal"],
  ["GUINNESS", "Guinness"],
  ["DOM PERIGNON", "Dom Pérignon"],
  ["LINDEMANS", "Lindemans"],
];

function overrideFor(upperName: string): string | null {
  for (const [prefix, brand] of BRAND_OVERRIDES) {
    if (upperName === prefix.trim() || upperName.startsWith(prefix.endsWith(" ") ? prefix : `${prefix} `))
      return brand;
  }
  return null;
}

/** Readable brand of an Iowa product from its (cleaned) description. */
export function iowaBrand(cleanDescription: string, counts: PrefixCounts): string {
  const upper = cleanDescription.toUpperCase();
  return overrideFor(upper) ?? readableName(brandWords(brandSourceWords(upper), counts).join(" "));
}

/** Grapes, styles and wine words: a BC wine name whose right side starts with one is "PRODUCER - WINE". */
const WINE_STYLE_WORDS = new Set(
  (
    "CABERNET SAUVIGNON SHIRAZ SYRAH CHARDONNAY PINOT MERLOT MALBEC RIESLING ZINFANDEL VIOGNIER GEWURZTRAMINER " +
    "CARMENERE MOSCATO MUSCAT TEMPRANILLO SANGIOVESE NEBBIOLO BARBERA GAMAY GRENACHE GARNACHA MOURVEDRE MONASTRELL " +
    "PINOTAGE CHENIN SEMILLON TORRONTES PROSECCO BRUT CUVEE RED WHITE ROSE BLANC BLANCS NOIR NOIRS ROUGE ROSSO BIANCO " +
    "TINTO BLEND PORT TAWNY RUBY VINTAGE LBV ICEWINE ICE VIDAL SPARKLING CHAMPAGNE EXTRA DRY SEC DEMI SAKE JUNMAI " +
    "GINJO DAIGINJO SHERRY FINO AMONTILLADO OLOROSO CREAM VERMOUTH MERITAGE PETITE PETIT GRUNER ALBARINO VERDEJO " +
    "MARSANNE ROUSSANNE PRIMITIVO NERO AGLIANICO MONTEPULCIANO DOLCETTO LAMBRUSCO CORVINA SPATLESE KABINETT AUSLESE " +
    "LATE HARVEST APPASSIMENTO RIPASSO RESERVE RESERVA RISERVA CLASSICO ZWEIGELT BLAUFRANKISCH FRIZZANTE SPUMANTE " +
    "ASTI CAVA CREMANT ORGANIC UNOAKED OAKED SAUVIGNON BLUSH BRANCO FUME " +
    "AMARETTO CALVADOS GRAPPA LIMONCELLO SAMBUCA OUZO KIRSCH SLIVOVITZ PISCO SOJU SHOCHU BAIJIU ABSINTHE AQUAVIT"
  ).split(" "),
);

/** First words of BC wine names that are a grape, a style or a region rather than a producer. */
const WINE_REGION_WORDS = new Set(
  (
    "BAROLO BARBARESCO TOSCANA BRUNELLO ROSSO CHIANTI AMARONE VALPOLICELLA CHATEAUNEUF COTES COTE COTEAUX RHONE " +
    "HERMITAGE ERMITAGE CROZES GIGONDAS VACQUEYRAS BOURGOGNE CHABLIS MEURSAULT POMMARD VOLNAY NUITS GEVREY " +
    "CHAMBERTIN CHARMES CHAMBOLLE VOUGEOT CLOS ECHEZEAUX ROMANEE CORTON SANCERRE POUILLY BEAUJOLAIS MORGON FLEURIE " +
    "MOULIN REGNIE BROUILLY JULIENAS BORDEAUX MEDOC HAUT MARGAUX PAUILLAC SAINT ST EMILION POMEROL GRAVES PESSAC " +
    "SAUTERNES RIOJA RIBERA PRIORAT TORO RUEDA RIAS DOURO ALENTEJO DAO NAPA SONOMA CALIFORNIA COLUMBIA WASHINGTON " +
    "OREGON WILLAMETTE PASO CENTRAL LODI OKANAGAN NIAGARA VQA MARLBOROUGH BAROSSA MCLAREN COONAWARRA MARGARET " +
    "MENDOZA LANGHE ROERO PIEMONTE SICILIA PUGLIA ABRUZZO MONTEPULCIANO SALICE SOAVE FRASCATI ORVIETO VERDICCHIO " +
    "BOLGHERI MAREMMA VINO CARINENA CALATAYUD JUMILLA NAVARRA PENEDES MONTSANT CAMPO FRANCIACORTA VOUVRAY " +
    "MUSCADET ANJOU SAUMUR CHINON BOURGUEIL ALSACE PROVENCE BANDOL TAVEL LANGUEDOC ROUSSILLON MINERVOIS CORBIERES " +
    "CAHORS MADIRAN PAYS VIN VINHO MOSEL RHEINGAU PFALZ NAHE TOKAJI SETUBAL VENETO DELLE IGT DOC DOCG AOC " +
    "MONTAGNY MERCUREY GIVRY RULLY SANTENAY CHASSAGNE PULIGNY SAVIGNY BEAUNE ALOXE FIXIN MARSANNAY VOSNE MOREY " +
    "CONDRIEU CORNAS LIRAC RASTEAU CAIRANNE BARSAC LALANDE LUSSAC FRONSAC LISTRAC MOULIS ENTRE MONTEFALCO TAURASI " +
    "CARMIGNANO MONTECUCCO VALTELLINA GATTINARA GHEMME ETNA VALDEPENAS YECLA BIERZO TXAKOLI VOLNAY NIEDEROSTERREICH " +
    "WACHAU KAMPTAL CASABLANCA MAIPO COLCHAGUA RAPEL MAULE ELQUI ACONCAGUA LEYDA SALTA CAFAYATE STELLENBOSCH PAARL " +
    "SWARTLAND CONSTANTIA HAWKES CENTRAL MARTINBOROUGH OTAGO WAIPARA YARRA EDEN CLARE ADELAIDE MUDGEE HUNTER " +
    "RUTHERGLEN LIMESTONE RUSSIAN ALEXANDER DRY CARNEROS MENDOCINO LAKE SANTA MONTEREY AMADOR SIERRA SIMILKAMEEN " +
    "NARAMATA GOLDEN ALENTEJANO BEIRAS JURANCON MONTHELIE MONTRACHET BATARD CHEVALIER CORTON BIENVENUES " +
    "CRIOTS LADOIX PERNAND AUXEY MARANGES ST-EMILION"
  ).split(" "),
);

const VINTAGE_TOKEN = /^(\d{2}|(19|20)\d{2})(\/(\d{2}|(19|20)\d{2}))?$/;

/** "08" → "2008", "95" → "1995", "10/11" → "2010/2011"; 4-digit years stay. */
export function expandVintage(token: string): string {
  return token
    .split("/")
    .map((part) => {
      if (part.length === 4) return part;
      const n = Number(part);
      return String(n >= 80 ? 1900 + n : 2000 + n);
    })
    .join("/");
}

/** Splits a wine's vintage out of its words; a number followed by YEAR/YR/ANS is an age, not a vintage. */
export function splitVintage(words: readonly string[]): { words: string[]; vintage: string | null } {
  for (let i = words.length - 1; i >= 1; i--) {
    const next = words[i + 1]?.toUpperCase();
    if (VINTAGE_TOKEN.test(words[i]) && !["YEAR", "YR", "YRS", "YO", "ANS", "YEARS"].includes(next ?? "")) {
      const year = expandVintage(words[i]);
      const plausible = year.split("/").every((y) => Number(y) >= 1900 && Number(y) <= 2016);
      if (plausible) return { words: [...words.slice(0, i), ...words.slice(i + 1)], vintage: year };
    }
  }
  return { words: [...words], vintage: null };
}

export interface BcNameParts {
  /** Upper-case brand words (the maker). */
  brandWords: string[];
  /** Upper-case words of the product title, maker first, vintage last. */
  titleWords: string[];
}

const words = (text: string) => text.trim().split(/\s+/).filter(Boolean);

/** "BRAND - PRODUCT": a dash with a space on at least one side (KNEE-HIGH and CHI-CHI'S are words). */
export function splitOnDashes(name: string): string[] {
  return name
    .split(/\s+-\s*|\s*-\s+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * Is a BC name written "VARIETAL/APPELLATION - PRODUCER" (rather than "PRODUCER - WINE")? The right side
 * starting with a grape or style says producer first; the left side starting with one, or the right side
 * starting with a known producer, says producer last.
 */
export function isProducerLast(left: string, right: string, knownProducers?: PrefixCounts): boolean {
  const rightWords = words(right).map((w) => w.toUpperCase());
  const rightFirst = rightWords[0] ?? "";
  if (WINE_STYLE_WORDS.has(rightFirst)) return false;
  if (/^\d/.test(rightFirst) && /^(YEAR|YR|YO|YEARS)$/.test(rightWords[1] ?? "")) return false;
  const leftWords = words(left).map((w) => w.toUpperCase());
  const [leftFirst = "", leftLast = ""] = [leftWords[0], leftWords.at(-1)];
  if (WINE_STYLE_WORDS.has(leftFirst) || WINE_REGION_WORDS.has(leftFirst)) return true;
  // "ELDERFLOWER LIQUEUR - ST GERMAIN": a kind of drink first, its maker after the dash.
  if (/^(LIQUEURS?|CREAM|SCHNAPPS|GRAPPA)$/.test(leftLast)) return true;
  return knownProducers !== undefined && (knownProducers.get(rightFirst) ?? 0) >= 3;
}

export interface BcPrefixCounts {
  /** Prefix counts of the producer side of names written "VARIETAL - PRODUCER". */
  producers: PrefixCounts;
  /** Prefix counts of names without a dash. */
  names: PrefixCounts;
}

/** Splits a BC long name into brand and title words. */
export function bcNameParts(longName: string, isWine: boolean, counts: BcPrefixCounts): BcNameParts {
  const name = longName.toUpperCase().replace(/\s+/g, " ").trim();
  const parts = splitOnDashes(name);
  if (parts.length < 2) {
    const { words: rest, vintage } = isWine
      ? splitVintage(words(name))
      : { words: words(name), vintage: null };
    return { brandWords: brandWords(rest, counts.names), titleWords: vintage ? [...rest, vintage] : rest };
  }
  const producerLast = isProducerLast(
    parts[0],
    parts[parts.length - 1],
    isWine ? counts.producers : undefined,
  );
  if (producerLast) {
    const { words: producerSide, vintage } = splitVintage(words(parts[parts.length - 1]));
    const maker = brandWords(producerSide, counts.producers);
    const title = [...producerSide, ...parts.slice(0, -1).flatMap(words)];
    return { brandWords: maker, titleWords: vintage ? [...title, vintage] : title };
  }
  const leftWords = words(parts[0]);
  const rightText = parts.slice(1).join(" ");
  const { words: rest, vintage } = isWine
    ? splitVintage(words(rightText))
    : { words: words(rightText), vintage: null };
  // "PILSNER URQUELL - PILSNER URQUELL CAN": do not say the brand twice.
  const repeats = rest.slice(0, leftWords.length).join(" ") === leftWords.join(" ");
  const title = repeats ? rest : [...leftWords, ...rest];
  return { brandWords: leftWords, titleWords: vintage ? [...title, vintage] : title };
}

/** The producer side of a BC name written "VARIETAL - PRODUCER" (by the word lists alone), for counting. */
export function bcProducerWords(longName: string): string[] | null {
  const parts = splitOnDashes(longName.toUpperCase());
  if (parts.length < 2 || !isProducerLast(parts[0], parts[parts.length - 1])) return null;
  return splitVintage(words(parts[parts.length - 1])).words;
}

/** Readable brand of a BC product. */
export function bcBrand(parts: BcNameParts, options: { wine: boolean }): string {
  const upper = parts.brandWords.join(" ");
  return overrideFor(upper) ?? readableName(upper, options);
}
