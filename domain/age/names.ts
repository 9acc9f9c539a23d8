/**
 * Does the name on a licence belong to the account holder? Licences write names in capitals and mostly without
 * accents ("JOSE GARCIA LOPEZ"), people type them as they like ("José García", "Mary-Anne", "o'brien"), and many
 * go by a middle name. Names are compared as words: accents stripped (NFD), case folded, apostrophes dropped,
 * hyphens and other punctuation turned into spaces; a name also matches written without its spaces.
 */

/** Letters NFD does not take apart. */
const FOLDED: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};

/** Particles of compound surnames: on their own they say nothing of whose name it is. */
const PARTICLES = new Set([
  "de",
  "del",
  "della",
  "der",
  "den",
  "di",
  "da",
  "do",
  "dos",
  "das",
  "du",
  "la",
  "le",
  "lo",
  "los",
  "las",
  "van",
  "von",
  "y",
  "e",
  "st",
  "ste",
  "bin",
  "ibn",
  "al",
  "el",
  "ben",
  "mac",
  "mc",
  "jr",
  "sr",
  "ii",
  "iii",
  "iv",
]);

/** "José-María O'Neil" → ["jose", "maria", "oneil"]. */
export function nameWords(name: string): string[] {
  const folded = name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => FOLDED[c] ?? c)
    .replace(/['’‘`´ʼ]/g, "");
  return folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

const compact = (words: string[]) => words.join("");

/** Whether `inner` appears in `outer` as a run of whole words. */
function containsRun(outer: string[], inner: string[]): boolean {
  if (inner.length === 0 || inner.length > outer.length) return false;
  for (let i = 0; i + inner.length <= outer.length; i++) {
    if (inner.every((w, j) => outer[i + j] === w)) return true;
  }
  return false;
}

/**
 * The account's first name matches the licence's first name or one of its given names (a shopper may go by a
 * middle name), and either side may carry the middle names: every word of the account's first name must be among
 * the licence's given names, or the whole of it must be the licence's first name (or its given names) without
 * the spaces ("Maryanne" for "MARY ANNE", "Mary Anne" for "MARYANNE").
 */
export function firstNameMatches(
  accountFirst: string,
  licenceFirst: string,
  licenceMiddles: string[],
): boolean {
  const account = nameWords(accountFirst);
  if (account.length === 0) return false;
  const first = nameWords(licenceFirst);
  const given = [...first, ...licenceMiddles.flatMap(nameWords)];
  if (account.every((w) => given.includes(w))) return true;
  const whole = compact(account);
  if (whole === compact(first) || whole === compact(given)) return true;
  // The account's name may start with the licence's first name and go on with middle names the licence omits.
  return first.length > 0 && first.every((w, i) => account[i] === w);
}

/**
 * The family names match: the same words (or the same letters without the spaces: "O BRIEN", "OBRIEN"), or one
 * side's compound surname contains the other's as whole words ("García" in "GARCIA LOPEZ", "SMITH" in
 * "Smith-Jones"), provided the contained part is more than particles ("de" alone proves nothing).
 */
export function lastNameMatches(accountLast: string, licenceLast: string): boolean {
  const account = nameWords(accountLast);
  const licence = nameWords(licenceLast);
  if (account.length === 0 || licence.length === 0) return false;
  if (compact(account) === compact(licence)) return true;
  const [shorter, longer] = account.length <= licence.length ? [account, licence] : [licence, account];
  return containsRun(longer, shorter) && shorter.some((w) => !PARTICLES.has(w));
}
