import { prose } from "../prose.ts";
import { lacksEngraving } from "./engraving.ts";
import type { Engraving } from "./merge.ts";

/**
 * Cart lines that cannot be bought as they are stay in the cart, shown, out of the totals and of checkout, until
 * the shopper removes them (or the shelf or the address changes again). This says why, and tells the shopper.
 */
export type UnavailableReason = "not_sold" | "out_of_stock" | "engraving_required";

/** Why a line cannot be bought at its store, or null when it can. `price` is null when the store does not sell it. */
export function unavailableReason(line: {
  sku: string;
  engraving: Engraving | null;
  price: number | null;
  stock: number;
}): UnavailableReason | null {
  if (line.price === null) return "not_sold";
  if (line.stock <= 0) return "out_of_stock";
  if (lacksEngraving(line)) return "engraving_required";
  return null;
}

export interface UnavailableLine {
  title: string;
  store_name: string;
  reason: UnavailableReason;
  /** When the law keeps it from the address (reason "not_sold"): why, in the shopper's words (domain/compliance/where.ts). */
  restriction?: string | null;
}

/** "A", "A and B", "A, B and C". */
export function listTitles(titles: readonly string[]): string {
  const unique = [...new Set(titles)];
  if (unique.length <= 1) return unique[0] ?? "";
  return `${unique.slice(0, -1).join(", ")} and ${unique.at(-1)}`;
}

export const UNAVAILABLE_KEPT =
  "Unavailable items stay in your cart, left out of the total, until you remove them.";

/** The message naming a cart's unavailable lines (null when there are none). */
export function unavailableMessage(lines: readonly UnavailableLine[]): string | null {
  if (lines.length === 0) return null;
  const sentences: string[] = [];
  const byStore = new Map<string, string[]>();
  const byRestriction = new Map<string, string[]>();
  for (const l of lines) {
    if (l.reason === "engraving_required") continue;
    if (l.restriction) {
      byRestriction.set(l.restriction, [...(byRestriction.get(l.restriction) ?? []), l.title]);
      continue;
    }
    byStore.set(l.store_name, [...(byStore.get(l.store_name) ?? []), l.title]);
  }
  for (const [why, titles] of byRestriction) sentences.push(prose`${why} Left out: ${listTitles(titles)}.`);
  for (const [store, titles] of byStore)
    sentences.push(prose`Not available from ${store}: ${listTitles(titles)}.`);
  const unengraved = lines.filter((l) => l.reason === "engraving_required").map((l) => l.title);
  if (unengraved.length > 0) {
    const verb = new Set(unengraved).size === 1 ? "needs" : "need";
    sentences.push(`${listTitles(unengraved)} ${verb} engraving text: remove and add again with your text.`);
  }
  sentences.push(UNAVAILABLE_KEPT);
  return sentences.join(" ");
}

/** What the shopper is told when the cart moved to another store: what it lacks, and what it has fewer of. */
export function relocationMessage(input: {
  storeName: string;
  unavailable: readonly string[];
  lowered: readonly { title: string; qty: number }[];
}): string | null {
  const sentences: string[] = [];
  if (input.unavailable.length > 0) {
    sentences.push(prose`Not available from ${input.storeName}: ${listTitles(input.unavailable)}.`);
  }
  for (const l of input.lowered) {
    sentences.push(`Only ${l.qty} of ${l.title} at ${input.storeName}: quantity lowered.`);
  }
  if (input.unavailable.length > 0) sentences.push(UNAVAILABLE_KEPT);
  return sentences.length > 0 ? sentences.join(" ") : null;
}
