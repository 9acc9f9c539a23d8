import { ENGRAVING_LINE_MAX } from "./constants.ts";
import type { Engraving } from "./merge.ts";

/** Etched (engravable) products have a SKU ending in "_ETCH" (spec §5). */
export const isEtchSku = (sku: string) => sku.endsWith("_ETCH");

// Letters (any script), digits, spaces and a few marks a bottle can carry; everything else is dropped.
const DISALLOWED = /[^\p{L}\p{N} .,'&!?#@:+()/-]/gu;

/** One engraving line as it will be etched: normalised, stripped of markup and odd characters, one space apart. */
export function sanitizeEngravingLine(text: string): string {
  return text.normalize("NFKC").replace(/\s+/g, " ").replace(DISALLOWED, "").replace(/ +/g, " ").trim();
}

export type EngravingProblem = { line: 1 | 2 | 3; message: string };

/**
 * Cleans the three lines and checks their length. Returns the cleaned engraving (null when all lines are
 * empty) or the first problem.
 */
export function cleanEngraving(
  input: Partial<Engraving> | null | undefined,
): { ok: true; engraving: Engraving | null } | { ok: false; problem: EngravingProblem } {
  if (!input) return { ok: true, engraving: null };
  const lines = [input.line_1 ?? "", input.line_2 ?? "", input.line_3 ?? ""].map(sanitizeEngravingLine);
  for (const [i, line] of lines.entries()) {
    if (line.length > ENGRAVING_LINE_MAX) {
      const n = (i + 1) as 1 | 2 | 3;
      return {
        ok: false,
        problem: { line: n, message: `Engraving line ${n} can be at most ${ENGRAVING_LINE_MAX} characters.` },
      };
    }
  }
  if (lines.every((l) => l === "")) return { ok: true, engraving: null };
  return { ok: true, engraving: { line_1: lines[0], line_2: lines[1], line_3: lines[2] } };
}

export type EngravingCheck =
  | { ok: true; engraving: Engraving | null }
  | { ok: false; code: "engraving_too_long" | "engraving_required" | "not_engravable"; message: string };

/** What the shopper is told when an engraved bottle comes without text. */
export const engravingRequiredMessage = (title: string) =>
  `${title} is engraved to order: enter at least one line of text to engrave.`;

/**
 * The engraving an item may go into the cart with: the cleaned lines (cleanEngraving), required on an engravable
 * "_ETCH" SKU (an engraved bottle costs the engraving: without text there is nothing to engrave) and refused on
 * any other. The server checks every add with it; the product page checks before sending.
 */
export function engravingForItem(
  item: { sku: string; title: string },
  input: Partial<Engraving> | null | undefined,
): EngravingCheck {
  const cleaned = cleanEngraving(input);
  if (!cleaned.ok) return { ok: false, code: "engraving_too_long", message: cleaned.problem.message };
  if (isEtchSku(item.sku) && !cleaned.engraving) {
    return { ok: false, code: "engraving_required", message: engravingRequiredMessage(item.title) };
  }
  if (cleaned.engraving && !isEtchSku(item.sku)) {
    return {
      ok: false,
      code: "not_engravable",
      message: `${item.title} cannot be engraved: only engravable (_ETCH) products can.`,
    };
  }
  return cleaned;
}

/** A stored line that cannot be bought as it is: an engravable bottle without text (kept from before the rule). */
export const lacksEngraving = (line: { sku: string; engraving: Engraving | null }) =>
  isEtchSku(line.sku) && line.engraving === null;

/** The lines as the preview shows them (empty lines dropped). */
export function engravingPreviewLines(engraving: Partial<Engraving>): string[] {
  return [engraving.line_1, engraving.line_2, engraving.line_3]
    .map((l) => sanitizeEngravingLine(l ?? ""))
    .filter(Boolean);
}
