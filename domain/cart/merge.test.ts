import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type MergeableLine, mergeCartLines } from "./merge.ts";

const line = (sku: string, qty: number, e: [string, string, string] | null = null): MergeableLine => ({
  sku,
  qty,
  engraving: e ? { line_1: e[0], line_2: e[1], line_3: e[2] } : null,
});

describe("mergeCartLines", () => {
  it.each([
    ["same sku, no engraving", [line("IA-1-750", 1)], line("IA-1-750", 2), [line("IA-1-750", 3)]],
    ["different sku", [line("IA-1-750", 1)], line("IA-2-750", 1), [line("IA-1-750", 1), line("IA-2-750", 1)]],
    [
      "same sku, same three engraving lines",
      [line("IA-1-750_ETCH", 1, ["A", "B", "C"])],
      line("IA-1-750_ETCH", 1, ["A", "B", "C"]),
      [line("IA-1-750_ETCH", 2, ["A", "B", "C"])],
    ],
    [
      "same sku, third line differs",
      [line("IA-1-750_ETCH", 1, ["A", "B", "C"])],
      line("IA-1-750_ETCH", 1, ["A", "B", "D"]),
      [line("IA-1-750_ETCH", 1, ["A", "B", "C"]), line("IA-1-750_ETCH", 1, ["A", "B", "D"])],
    ],
    [
      "engraved vs plain",
      [line("IA-1-750", 1)],
      line("IA-1-750", 1, ["A", "", ""]),
      [line("IA-1-750", 1), line("IA-1-750", 1, ["A", "", ""])],
    ],
    [
      "empty engraving equals none",
      [line("IA-1-750", 1, ["", "", ""])],
      line("IA-1-750", 4),
      [line("IA-1-750", 5, ["", "", ""])],
    ],
    ["into empty cart", [], line("IA-1-750", 1), [line("IA-1-750", 1)]],
  ])("%s", (_name, lines, add, expected) => {
    expect(mergeCartLines(lines, add)).toEqual(expected);
  });

  it("keeps the total quantity and never duplicates a line key", () => {
    const arbLine = fc.record({
      sku: fc.constantFrom("IA-1-750", "IA-2-750", "BC-3-6X341"),
      qty: fc.integer({ min: 1, max: 9 }),
      engraving: fc.option(
        fc.record({
          line_1: fc.constantFrom("", "A"),
          line_2: fc.constantFrom("", "B"),
          line_3: fc.constant(""),
        }),
        { nil: null },
      ),
    });
    fc.assert(
      fc.property(fc.array(arbLine, { maxLength: 20 }), (adds) => {
        const cart = adds.reduce<MergeableLine[]>((acc, a) => mergeCartLines(acc, a), []);
        expect(cart.reduce((s, l) => s + l.qty, 0)).toBe(adds.reduce((s, l) => s + l.qty, 0));
        const keys = cart.map((l) =>
          JSON.stringify([l.sku, l.engraving ?? { line_1: "", line_2: "", line_3: "" }]),
        );
        expect(new Set(keys).size).toBe(keys.length);
      }),
    );
  });
});
