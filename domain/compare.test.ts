import { describe, expect, it } from "vitest";
import { compareCodeUnits } from "./compare.ts";

describe("compareCodeUnits", () => {
  it.each([
    ["a", "b", -1],
    ["b", "a", 1],
    ["same", "same", 0],
    ["B", "a", -1],
    ["10", "9", -1],
    ["Jameson", "Jameson 12", -1],
  ])("%s vs %s → %i", (a, b, order) => {
    expect(compareCodeUnits(a, b)).toBe(order);
  });

  it("sorts SKUs into the same order whatever order they came in", () => {
    const skus = ["IA-10160-750", "BC-111-750", "IA-10157-750", "IA-10157-750_ETCH"];
    const sorted = ["BC-111-750", "IA-10157-750", "IA-10157-750_ETCH", "IA-10160-750"];
    expect([...skus].sort(compareCodeUnits)).toEqual(sorted);
    expect([...skus].reverse().sort(compareCodeUnits)).toEqual(sorted);
  });
});
