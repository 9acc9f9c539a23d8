/**
 * Banner placements (spec §3 Banner placement: location, categories, after_row_of_result; §7 `GET mc/serve?u=`;
 * §9 the visibility threshold; docs/adr/0036-analytics-and-banners.md). Pure rules: which banners a unit serves,
 * where a grid puts them, which links and texts a banner may carry.
 */
import { STOREFRONT_UNIT } from "./units.ts";

// In a module of its own: the search page names it without loading these rules (they load with the grid's banners).
export { STOREFRONT_UNIT };

export type BannerLocation = "category" | "storefront";
export const BANNER_LOCATIONS: readonly BannerLocation[] = ["category", "storefront"];

/** Share of a banner that must be on screen for its impression (spec §9: 50 percent by default). */
export const VISIBILITY_THRESHOLD = 0.5;
/** How long a grid waits for mc/serve before it renders without banners. */
export const SERVE_TIMEOUT_MS = 1500;
/** At most this many placements per unit. */
export const MAX_PLACEMENTS = 3;

export interface BannerRule {
  id: string;
  location: BannerLocation;
  /** Category url names; empty: every category. */
  categories: readonly string[];
  after_row_of_result: number;
  active: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  createdAt: Date;
}

/** A banner runs now: switched on, started (or no start) and not ended (or no end). */
export function isRunning(b: Pick<BannerRule, "active" | "startsAt" | "endsAt">, now: Date): boolean {
  if (!b.active) return false;
  if (b.startsAt && b.startsAt.getTime() > now.getTime()) return false;
  if (b.endsAt && b.endsAt.getTime() <= now.getTime()) return false;
  return true;
}

/** The banner targets the unit: storefront banners serve `storefront`; category banners their categories (or all). */
export function targets(b: Pick<BannerRule, "location" | "categories">, unit: string): boolean {
  if (unit === STOREFRONT_UNIT) return b.location === "storefront";
  return b.location === "category" && (b.categories.length === 0 || b.categories.includes(unit));
}

/**
 * The placements a unit serves now: running and targeted, one per row (the newest wins a row), by row, at most
 * MAX_PLACEMENTS.
 */
export function placementsFor<B extends BannerRule>(banners: readonly B[], unit: string, now: Date): B[] {
  const byRow = new Map<number, B>();
  for (const b of banners) {
    if (!isRunning(b, now) || !targets(b, unit)) continue;
    const held = byRow.get(b.after_row_of_result);
    if (!held || b.createdAt.getTime() > held.createdAt.getTime()) byRow.set(b.after_row_of_result, b);
  }
  return [...byRow.values()]
    .sort((a, b) => a.after_row_of_result - b.after_row_of_result)
    .slice(0, MAX_PLACEMENTS);
}

/**
 * Where a banner goes in a grid of `items` cards laid out in `columns` columns: after `row` full rows, i.e. before
 * card index row × columns (0: above the first row). Null when the grid does not fill that many rows: the banner is
 * not shown rather than put somewhere else.
 */
export function insertionIndex(row: number, columns: number, items: number): number | null {
  if (!Number.isInteger(row) || row < 0 || !Number.isInteger(columns) || columns < 1) return null;
  const index = row * columns;
  return index <= items ? index : null;
}

/**
 * A grid's items with the banners put in: cards and banners in order, each banner after its row. Banners whose row
 * the grid does not reach are left out.
 */
export function interleave<P, B extends { after_row_of_result: number }>(
  products: readonly P[],
  banners: readonly B[],
  columns: number,
): ({ kind: "product"; item: P; index: number } | { kind: "banner"; item: B })[] {
  const at = new Map<number, B[]>();
  for (const b of banners) {
    const i = insertionIndex(b.after_row_of_result, columns, products.length);
    if (i === null) continue;
    at.set(i, [...(at.get(i) ?? []), b]);
  }
  const out: ({ kind: "product"; item: P; index: number } | { kind: "banner"; item: B })[] = [];
  products.forEach((p, index) => {
    for (const b of at.get(index) ?? []) out.push({ kind: "banner", item: b });
    out.push({ kind: "product", item: p, index });
  });
  for (const b of at.get(products.length) ?? []) out.push({ kind: "banner", item: b });
  return out;
}

/** A banner's link: one of our own paths ("/…", not "//…") or an https URL. */
export function isSafeLink(link: string): boolean {
  if (link.length === 0 || link.length > 500 || /[\s\\]/.test(link)) return false;
  if (link.startsWith("/")) return !link.startsWith("//");
  try {
    const url = new URL(link);
    return url.protocol === "https:" && url.hostname.length > 0 && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

/**
 * An image: one of our own paths only. The pages' Content-Security-Policy loads images from our origin alone, and a
 * banner must not be the way around it (docs/adr/0036-analytics-and-banners.md).
 */
export function isSafeImage(url: string): boolean {
  return url.startsWith("/") && isSafeLink(url);
}

/** Plain text: no markup and no control characters (shown as text, never as HTML). */
export function isPlainText(text: string): boolean {
  if (/[<>]/.test(text)) return false;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if ((code < 0x20 && ch !== "\t" && ch !== "\n") || code === 0x7f) return false;
  }
  return true;
}
