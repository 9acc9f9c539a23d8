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

/** The lines as the preview shows them (empty lines dropped). */
export function engravingPreviewLines(engraving: Partial<Engraving>): string[] {
  return [engraving.line_1, engraving.line_2, engraving.line_3]
    .map((l) => sanitizeEngravingLine(l ?? ""))
    .filter(Boolean);
}
