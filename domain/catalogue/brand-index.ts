/** Bucket for brand names that do not start with a letter (spec §2: '#' for non-letters). */
export const NON_LETTER_BUCKET = "#";

export interface BrandIndexEntry {
  name: string;
  slug: string;
}

export interface BrandIndexSection<T extends BrandIndexEntry = BrandIndexEntry> {
  /** "A"–"Z" or "#". */
  letter: string;
  brands: T[];
}

/** The index letter of a brand name: its first character without accents, upper case, or '#' when not a letter. */
export function brandIndexLetter(name: string): string {
  const first = name
    .trim()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .charAt(0)
    .toUpperCase();
  return /^[A-Z]$/.test(first) ? first : NON_LETTER_BUCKET;
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/**
 * Brands grouped by first letter for the brand index (spec §2): '#' first, then A–Z; only letters that have
 * brands; names sorted case- and accent-insensitively within a letter.
 */
export function groupBrandsByLetter<T extends BrandIndexEntry>(brands: readonly T[]): BrandIndexSection<T>[] {
  const byLetter = new Map<string, T[]>();
  for (const brand of brands) {
    if (!brand.name.trim()) continue;
    const letter = brandIndexLetter(brand.name);
    const list = byLetter.get(letter);
    if (list) list.push(brand);
    else byLetter.set(letter, [brand]);
  }
  return [...byLetter.entries()]
    .sort(([a], [b]) => (a === NON_LETTER_BUCKET ? -1 : b === NON_LETTER_BUCKET ? 1 : a.localeCompare(b)))
    .map(([letter, list]) => ({
      letter,
      brands: [...list].sort((a, b) => collator.compare(a.name, b.name)),
    }));
}

/** The jump bar's entries: '#' and A–Z, each marked with whether the index has brands under it. */
export function brandIndexJumpLetters(
  sections: readonly { letter: string }[],
): { letter: string; present: boolean }[] {
  const present = new Set(sections.map((s) => s.letter));
  const letters = [NON_LETTER_BUCKET, ..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"];
  return letters.map((letter) => ({ letter, present: present.has(letter) }));
}
