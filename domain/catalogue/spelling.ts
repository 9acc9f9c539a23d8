import { compareCodeUnits } from "../compare.ts";
import { osaDistance } from "../edit-distance.ts";

/**
 * Spelling correction for search: each complete query word the catalogue never uses is replaced by the nearest
 * word it does use, so full-text search looks for what the shopper meant ("vodak" → "vodka", "jak daniels" →
 * "jack daniels"). Words the catalogue uses are never changed.
 */

/** Words shorter than this are never corrected: one edit turns them into too many others. */
export const MIN_CORRECTED_LENGTH = 3;

/** How far a word may be from its correction: 1 edit up to 4 letters, 2 beyond (0: never corrected). */
export function maxTypoDistance(length: number): number {
  if (length < MIN_CORRECTED_LENGTH) return 0;
  return length <= 4 ? 1 : 2;
}

/**
 * PostgreSQL's English stop words (tsearch_data/english.stop): full-text search drops them, so they are never
 * corrected, never a correction and never context.
 */
const STOP_WORDS = new Set(
  (
    "i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers " +
    "herself it its itself they them their theirs themselves what which who whom this that these those am is " +
    "are was were be been being have has had having do does did doing a an the and but if or because as until " +
    "while of at by for with about against between into through during before after above below to from up " +
    "down in out on off over under again further then once here there when where why how all any both each few " +
    "more most other some such no nor not only own same so than too very s t can will just don should now"
  ).split(" "),
);

/** A word of a text: where it is, and its form for comparing (lower case, no apostrophes: "Daniel's" → "daniels"). */
export interface WordToken {
  start: number;
  end: number;
  word: string;
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

/** The words of a text (NFC, so an accent typed as a separate mark is part of its letter). */
export function wordTokens(text: string): WordToken[] {
  const tokens: WordToken[] = [];
  for (const match of text.normalize("NFC").matchAll(WORD)) {
    const start = match.index ?? 0;
    tokens.push({ start, end: start + match[0].length, word: comparable(match[0]) });
  }
  return tokens;
}

function comparable(text: string): string {
  return text.toLowerCase().replace(/['’]/g, "");
}

/** A word that can be corrected, or be a correction: long enough, letters only, not a stop word. */
export function correctable(word: string): boolean {
  return word.length >= MIN_CORRECTED_LENGTH && !/\p{N}/u.test(word) && !STOP_WORDS.has(word);
}

/**
 * The words of the catalogue's products (titles, brand names, category names), with which products use each.
 * Built once from every product's text; read by every search.
 */
export class SpellingVocabulary {
  /** Per word (comparable form): the products using it, ascending. */
  private readonly products = new Map<string, Int32Array>();
  /** Per word: how the catalogue writes it, in lower case, when that differs ("daniels" → "daniel's"). */
  private readonly spellings = new Map<string, string>();
  /** Correctable words by length, with their letter masks, for the near-word scan. */
  private readonly byLength: { words: string[]; masks: number[] }[] = [];

  /** `documents`: one text per product. */
  constructor(documents: Iterable<string>) {
    const lists = new Map<string, number[]>();
    // Per word written with an apostrophe somewhere: how many products write it each such way (lower case).
    const written = new Map<string, Map<string, number>>();
    let product = 0;
    for (const text of documents) {
      const normalized = text.normalize("NFC");
      for (const token of wordTokens(normalized)) {
        const fresh = addTo(lists, token.word, product);
        if (token.end - token.start === token.word.length || !fresh) continue;
        const form = normalized.slice(token.start, token.end).toLowerCase();
        const forms = written.get(token.word);
        if (forms === undefined) written.set(token.word, new Map([[form, 1]]));
        else forms.set(form, (forms.get(form) ?? 0) + 1);
        // Full-text search splits the word there ("daniel's" → daniel, s): its parts are catalogue words too.
        for (const part of form.split(/['’]/)) addTo(lists, part, product);
      }
      product++;
    }
    for (const [word, list] of lists) {
      this.products.set(word, Int32Array.from(list));
      if (!correctable(word)) continue;
      this.byLength[word.length] ??= { words: [], masks: [] };
      const bucket = this.byLength[word.length];
      bucket.words.push(word);
      bucket.masks.push(letterMask(word));
    }
    for (const [word, forms] of written) {
      // The way most products write it; the plain word when as many write it so.
      let plain = this.frequency(word);
      for (const count of forms.values()) plain -= count;
      let best = word;
      let most = plain;
      for (const [form, count] of forms) {
        if (count > most || (count === most && best !== word && compareCodeUnits(form, best) < 0)) {
          best = form;
          most = count;
        }
      }
      if (best !== word) this.spellings.set(word, best);
    }
  }

  has(word: string): boolean {
    return this.products.has(word);
  }

  /** How many products use the word. */
  frequency(word: string): number {
    return this.products.get(word)?.length ?? 0;
  }

  /** How many products use both words. */
  together(a: string, b: string): number {
    const x = this.products.get(a);
    const y = this.products.get(b);
    if (!x || !y) return 0;
    let i = 0;
    let j = 0;
    let both = 0;
    while (i < x.length && j < y.length) {
      if (x[i] === y[j]) {
        both++;
        i++;
        j++;
      } else if (x[i] < y[j]) i++;
      else j++;
    }
    return both;
  }

  /** The word as the catalogue writes it, in lower case ("daniels" → "daniel's"). */
  spelling(word: string): string {
    return this.spellings.get(word) ?? word;
  }

  /**
   * The correctable vocabulary words within `maxDistance` edits of `word` (osaDistance), with their distances,
   * in code-unit order.
   */
  near(word: string, maxDistance: number): NearWord[] {
    const found: NearWord[] = [];
    const mask = letterMask(word);
    // Each edit adds or removes at most one letter from the set of letters a word uses, a change at most two:
    // most words fail that test and never reach the distance table.
    const maxLettersApart = 2 * maxDistance;
    for (let length = word.length - maxDistance; length <= word.length + maxDistance; length++) {
      const bucket = this.byLength[length];
      if (bucket === undefined) continue;
      for (let i = 0; i < bucket.words.length; i++) {
        if (bitCount(mask ^ bucket.masks[i]) > maxLettersApart) continue;
        const distance = osaDistance(word, bucket.words[i], maxDistance);
        if (distance <= maxDistance) found.push({ word: bucket.words[i], distance });
      }
    }
    return found.sort((a, b) => compareCodeUnits(a.word, b.word));
  }
}

/** Adds the product to the word's list, unless it is there already (then false). */
function addTo(lists: Map<string, number[]>, word: string, product: number): boolean {
  const list = lists.get(word);
  if (list === undefined) lists.set(word, [product]);
  else if (list[list.length - 1] !== product) list.push(product);
  else return false;
  return true;
}

/** A word near a typo, and how many edits away. */
export interface NearWord {
  word: string;
  distance: number;
}

/** The letters a word uses, one bit each (letters 32 apart share a bit, which only makes the test looser). */
function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) mask |= 1 << (word.charCodeAt(i) & 31);
  return mask;
}

function bitCount(n: number): number {
  let x = n - ((n >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * The rule that picks a typo's correction among the words near it. Full-text search wants every word of the
 * query in one product, so first the word used together (in one product) with the most of the query's other
 * words; then the nearest; then the one used together with them most often; then the one most products use;
 * then the first in code-unit order. `context`: the query's other words, as the catalogue has them.
 */
export function chooseCorrection(
  candidates: readonly NearWord[],
  context: readonly string[],
  vocabulary: SpellingVocabulary,
): string {
  const scored = candidates.map(({ word, distance }) => {
    let linked = 0;
    let together = 0;
    for (const other of context) {
      const both = vocabulary.together(word, other);
      if (both > 0) linked++;
      together += both;
    }
    return { word, distance, linked, together, frequency: vocabulary.frequency(word) };
  });
  scored.sort(
    (a, b) =>
      b.linked - a.linked ||
      a.distance - b.distance ||
      b.together - a.together ||
      b.frequency - a.frequency ||
      compareCodeUnits(a.word, b.word),
  );
  return scored[0].word;
}

export interface QueryCorrection {
  /** The query with each corrected word replaced, the rest as typed. */
  query: string;
  /** Each correction, in query order: the word as typed and as it replaced it. */
  corrections: { typed: string; corrected: string }[];
}

/**
 * Corrects the query's complete words that the catalogue does not use; null when none needed or could be.
 * `lastWordIsPrefix`: the last word is still being typed (autocomplete) and is left alone. Several typos are
 * corrected together: each is first chosen with the query's correct words as context, then once more with the
 * others' first choices added.
 */
export function correctQuery(
  query: string,
  vocabulary: SpellingVocabulary,
  options: { lastWordIsPrefix: boolean },
): QueryCorrection | null {
  const text = query.normalize("NFC");
  const tokens = wordTokens(text);
  const complete = options.lastWordIsPrefix ? tokens.slice(0, -1) : tokens;
  const context = complete.map((t) => t.word).filter((w) => !STOP_WORDS.has(w) && vocabulary.has(w));
  const typos = complete.flatMap((token) => {
    if (!correctable(token.word) || known(text.slice(token.start, token.end), token.word, vocabulary))
      return [];
    const candidates = vocabulary.near(token.word, maxTypoDistance(token.word.length));
    return candidates.length ? [{ token, candidates }] : [];
  });
  if (typos.length === 0) return null;

  const first = typos.map((t) => chooseCorrection(t.candidates, context, vocabulary));
  const chosen =
    typos.length === 1
      ? first
      : typos.map((t, i) =>
          chooseCorrection(t.candidates, [...context, ...first.filter((_, j) => j !== i)], vocabulary),
        );

  let corrected = "";
  let at = 0;
  const corrections = typos.map((typo, i) => {
    const typed = text.slice(typo.token.start, typo.token.end);
    const replacement = matchCase(typed, vocabulary.spelling(chosen[i]));
    corrected += text.slice(at, typo.token.start) + replacement;
    at = typo.token.end;
    return { typed, corrected: replacement };
  });
  return { query: corrected + text.slice(at), corrections };
}

/**
 * A word the catalogue uses. Full-text search splits a word at its apostrophes ("tanqueray's" → tanqueray, s),
 * so one whose every part the catalogue uses (or is a stop word) is known too, as the catalogue's own words'
 * parts are ("daniel" from "Daniel's").
 */
function known(typed: string, word: string, vocabulary: SpellingVocabulary): boolean {
  if (vocabulary.has(word)) return true;
  const parts = typed.toLowerCase().split(/['’]/);
  return parts.length > 1 && parts.every((part) => STOP_WORDS.has(part) || vocabulary.has(part));
}

/** The correction in the case the shopper typed the word in: "Jak" → "Jack", "JAK" → "JACK". */
function matchCase(typed: string, word: string): string {
  if (typed.length > 1 && typed === typed.toUpperCase() && typed !== typed.toLowerCase()) {
    return word.toUpperCase();
  }
  const first = typed.charAt(0);
  return first !== first.toLowerCase() ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}
