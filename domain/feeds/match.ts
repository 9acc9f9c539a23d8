/**
 * Matching a feed's lines to the catalogue (issue 34 §1): by UPC first, then by SKU (the catalogue's own sku_id, or
 * the store's SKU it mapped before), then by name and size — and that last only as a proposal a person reviews,
 * never applied on its own. Lines nothing matches are listed for the store to map or propose as new products.
 */

import { maxTypoDistance, SpellingVocabulary, wordTokens } from "../catalogue/spelling.ts";
import { osaDistance } from "../edit-distance.ts";
import { type FeedLine, upcKey } from "./layouts.ts";

/** What matching needs of a catalogue product (products: sku_id, upc, title, volume_ml). */
export interface CatalogueEntry {
  skuId: string;
  upc: string | null;
  title: string;
  volumeMl: number | null;
}

/** upc, sku: the catalogue's own codes; mapped: the store's code it mapped before, or in this review; reviewed: an accepted proposal. */
export type MatchedBy = "upc" | "sku" | "mapped" | "reviewed";

export interface MatchedLine {
  line: FeedLine;
  skuId: string;
  by: MatchedBy;
}

/** A fuzzy candidate for a person to accept or reject; `score` in (0, 1], higher is closer. */
export interface Proposal {
  line: FeedLine;
  skuId: string;
  title: string;
  score: number;
}

/** A line whose product another line already took (the first line in the file wins). */
export interface Clash {
  line: FeedLine;
  skuId: string;
  otherLine: number;
}

export interface MatchResult {
  matched: MatchedLine[];
  proposed: Proposal[];
  unmatched: FeedLine[];
  clashes: Clash[];
}

export interface MatchOptions {
  /** The store's SKUs it mapped before (its SKU → catalogue sku_id), e.g. from reviewed proposals. */
  storeSkus?: ReadonlyMap<string, string>;
  /** The store's UPCs the catalogue does not know, mapped before (its UPC → catalogue sku_id). */
  storeUpcs?: ReadonlyMap<string, string>;
  /** The least score a fuzzy candidate needs to be proposed (default 0.6). */
  minScore?: number;
}

/** "750ml", "750 mL", "1.75L", "1.75 Ltr", "1 litre", "50cl", "375 ML" → millilitres; null when it is no size. */
export function sizeMl(text: string): number | null {
  const m = /(\d+(?:[.,]\d+)?)\s*(ml|millilit(?:er|re)s?|cl|l|lt|ltr|lit(?:er|re)s?)\b/i.exec(text);
  if (!m) return null;
  const n = Number(m[1].replace(",", "."));
  const unit = m[2].toLowerCase();
  const ml = unit === "ml" || unit.startsWith("milli") ? n : unit === "cl" ? n * 10 : n * 1000;
  return ml > 0 ? Math.round(ml) : null;
}

/** The words that name the product, without the size and without "ml"/"l" leftovers. */
function nameWords(text: string): string[] {
  const withoutSize = text.replace(
    /(\d+(?:[.,]\d+)?)\s*(ml|millilit(?:er|re)s?|cl|l|lt|ltr|lit(?:er|re)s?)\b/gi,
    " ",
  );
  return wordTokens(withoutSize.normalize("NFD").replace(/\p{M}/gu, "")).map((t) => t.word);
}

/** Dice's coefficient of two word lists, a word counting as shared when one typo apart (`maxTypoDistance`). */
function wordScore(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const used = new Array<boolean>(b.length).fill(false);
  let shared = 0;
  for (const word of a) {
    let best = -1;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (let j = 0; j < b.length; j++) {
      if (used[j]) continue;
      const max = Math.min(maxTypoDistance(word.length), maxTypoDistance(b[j].length));
      const d = osaDistance(word, b[j], max);
      if (d <= max && d < bestDistance) {
        best = j;
        bestDistance = d;
        if (d === 0) break;
      }
    }
    if (best >= 0) {
      used[best] = true;
      shared += bestDistance === 0 ? 1 : 0.8;
    }
  }
  return (2 * shared) / (a.length + b.length);
}

/** Words more products use than this do not pick candidates (every vodka shares "vodka"). */
const COMMON_WORD = 400;
/** At most this many proposals per line. */
const PROPOSALS_PER_LINE = 3;

/** Matches the feed's lines to the catalogue; see the module comment for the order. */
export function matchFeed(
  lines: readonly FeedLine[],
  catalogue: readonly CatalogueEntry[],
  options: MatchOptions = {},
): MatchResult {
  const minScore = options.minScore ?? 0.6;
  const byUpc = new Map<string, CatalogueEntry>();
  const bySku = new Map<string, CatalogueEntry>();
  for (const product of catalogue) {
    const key = upcKey(product.upc);
    if (key !== null && !byUpc.has(key)) byUpc.set(key, product);
    bySku.set(product.skuId.toLowerCase(), product);
  }
  const skuToProduct = (sku: string): CatalogueEntry | undefined => {
    const mapped = options.storeSkus?.get(sku);
    if (mapped !== undefined) return bySku.get(mapped.toLowerCase());
    return bySku.get(sku.toLowerCase());
  };

  const result: MatchResult = { matched: [], proposed: [], unmatched: [], clashes: [] };
  const taken = new Map<string, number>();
  const rest: FeedLine[] = [];
  for (const line of lines) {
    let product: CatalogueEntry | undefined;
    let by: MatchedBy = "upc";
    if (line.upc !== undefined) product = byUpc.get(line.upc);
    if (product === undefined && line.sku !== undefined) {
      product = skuToProduct(line.sku);
      by = options.storeSkus?.has(line.sku) ? "mapped" : "sku";
    }
    if (product === undefined && line.upc !== undefined) {
      const mapped = options.storeUpcs?.get(line.upc);
      product = mapped === undefined ? undefined : bySku.get(mapped.toLowerCase());
      by = "mapped";
    }
    if (product === undefined) {
      rest.push(line);
      continue;
    }
    const other = taken.get(product.skuId);
    if (other !== undefined) {
      result.clashes.push({ line, skuId: product.skuId, otherLine: other });
      continue;
    }
    taken.set(product.skuId, line.line);
    result.matched.push({ line, skuId: product.skuId, by });
  }
  if (rest.length === 0) return result;

  // Fuzzy candidates, among the products no line matched exactly.
  const open = catalogue.filter((p) => !taken.has(p.skuId));
  const words = open.map((p) => nameWords(p.title));
  const vocabulary = new SpellingVocabulary(words.map((w) => w.join(" ")));
  const postings = new Map<string, number[]>();
  words.forEach((list, i) => {
    for (const w of new Set(list)) {
      const posting = postings.get(w);
      if (posting === undefined) postings.set(w, [i]);
      else posting.push(i);
    }
  });

  for (const line of rest) {
    const lineWords = nameWords(line.name);
    const ml = sizeMl(line.size ?? "") ?? sizeMl(line.name);
    const candidates = new Set<number>();
    const lookUp = (w: string) => {
      const posting = postings.get(w);
      if (posting !== undefined && posting.length <= COMMON_WORD) for (const i of posting) candidates.add(i);
    };
    for (const w of lineWords) {
      if (vocabulary.has(w)) lookUp(w);
      else for (const near of vocabulary.near(w, maxTypoDistance(w.length))) lookUp(near.word);
    }
    const scored: Proposal[] = [];
    for (const i of candidates) {
      const product = open[i];
      // Sizes, when both are known, must agree: a 1.75L is not the 750ml.
      if (ml !== null && product.volumeMl !== null && product.volumeMl !== ml) continue;
      const score = wordScore(lineWords, words[i]);
      if (score >= minScore) {
        scored.push({
          line,
          skuId: product.skuId,
          title: product.title,
          score: Math.round(score * 1000) / 1000,
        });
      }
    }
    if (scored.length === 0) {
      result.unmatched.push(line);
      continue;
    }
    scored.sort((a, b) => b.score - a.score || (a.skuId < b.skuId ? -1 : a.skuId > b.skuId ? 1 : 0));
    result.proposed.push(...scored.slice(0, PROPOSALS_PER_LINE));
  }
  return result;
}

/**
 * The person's review: each accepted proposal (by line number → sku_id) becomes a match; lines with proposals none
 * of which was accepted become unmatched. A product another line already has stays with that line (a clash).
 */
export function acceptProposals(result: MatchResult, accepted: ReadonlyMap<number, string>): MatchResult {
  const next: MatchResult = {
    matched: [...result.matched],
    proposed: [],
    unmatched: [...result.unmatched],
    clashes: [...result.clashes],
  };
  const taken = new Map(result.matched.map((m) => [m.skuId, m.line.line]));
  const seen = new Set<number>();
  for (const proposal of result.proposed) {
    const { line } = proposal;
    if (seen.has(line.line)) continue;
    const choice = accepted.get(line.line);
    const chosen = result.proposed.find((p) => p.line.line === line.line && p.skuId === choice);
    seen.add(line.line);
    if (chosen === undefined) {
      next.unmatched.push(line);
      continue;
    }
    const other = taken.get(chosen.skuId);
    if (other !== undefined) {
      next.clashes.push({ line, skuId: chosen.skuId, otherLine: other });
      continue;
    }
    taken.set(chosen.skuId, line.line);
    next.matched.push({ line, skuId: chosen.skuId, by: "reviewed" });
  }
  next.unmatched.sort((a, b) => a.line - b.line);
  return next;
}

/**
 * The store's own choices for lines nothing matched (by line number → a catalogue product): each becomes a match,
 * unless another line has that product already (a clash). Lines not chosen stay unmatched.
 */
export function mapLines(result: MatchResult, chosen: ReadonlyMap<number, CatalogueEntry>): MatchResult {
  const next: MatchResult = {
    ...result,
    matched: [...result.matched],
    unmatched: [],
    clashes: [...result.clashes],
  };
  const taken = new Map(result.matched.map((m) => [m.skuId, m.line.line]));
  for (const line of result.unmatched) {
    const product = chosen.get(line.line);
    if (product === undefined) {
      next.unmatched.push(line);
      continue;
    }
    const other = taken.get(product.skuId);
    if (other !== undefined) {
      next.clashes.push({ line, skuId: product.skuId, otherLine: other });
      continue;
    }
    taken.set(product.skuId, line.line);
    next.matched.push({ line, skuId: product.skuId, by: "mapped" });
  }
  return next;
}

/** The store's code a choice for this line is remembered by: its SKU, else its UPC; null when it has neither. */
export function storeCodeOf(line: FeedLine): { kind: "sku" | "upc"; code: string } | null {
  if (line.sku !== undefined) return { kind: "sku", code: line.sku };
  if (line.upc !== undefined) return { kind: "upc", code: line.upc };
  return null;
}
