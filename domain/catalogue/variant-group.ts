import { compareCodeUnits } from "../compare.ts";
import { slugify } from "../slug.ts";

/**
 * Products that are sizes of one product (same source, brand and title once sizes are taken out) share a
 * variant group; the catalogue API builds `volume_variants` from it.
 */

/** Words that name a size or container rather than the product ("Mini", "50ml", "1.75L", "Pet", "6-Pack"). */
const SIZE_WORDS =
  /\b(\d+(\.\d+)?\s?(ml|l|oz|cl)|\d+\s?x\s?\d+(\.\d+)?\s?(ml|l)|\d+-pack|minis?|pet|plastic|traveler|magnum)\b/gi;

export function titleWithoutSize(title: string): string {
  return title.replace(SIZE_WORDS, " ").replace(/\s+/g, " ").trim();
}

export function variantBaseKey(source: string, brand: string | null, title: string): string {
  return `${source}:${slugify(brand ?? "")}:${slugify(titleWithoutSize(title))}`;
}

export interface VariantCandidate {
  sku: string;
  source: string;
  brand: string | null;
  title: string;
  volumeMl: number | null;
  packageQty: number;
}

/**
 * Group key per SKU. Two products of one group with the same size would make the size picker ambiguous,
 * so the later SKU (in SKU order) of such a pair gets a group of its own.
 */
export function assignVariantGroups(items: readonly VariantCandidate[]): Map<string, string> {
  const groups = new Map<string, string>();
  const sizesTaken = new Map<string, Set<string>>();
  const ordered = [...items].sort((a, b) => compareCodeUnits(a.sku, b.sku));
  for (const item of ordered) {
    const base = variantBaseKey(item.source, item.brand, item.title);
    const size = `${item.volumeMl ?? "-"}x${item.packageQty}`;
    const taken = sizesTaken.get(base) ?? new Set<string>();
    if (taken.has(size)) {
      groups.set(item.sku, `${base}:${item.sku.toLowerCase()}`);
      continue;
    }
    taken.add(size);
    sizesTaken.set(base, taken);
    groups.set(item.sku, base);
  }
  return groups;
}
