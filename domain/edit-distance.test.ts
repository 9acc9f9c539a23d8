import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { osaDistance } from "./edit-distance.ts";

/** The textbook recurrence over the whole table, no shortcuts: what osaDistance must agree with. */
function reference(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.length][b.length];
}

/** Every string over `letters` up to `length` long, the empty one included. */
function allStrings(letters: string, length: number): string[] {
  let level = [""];
  const all = [""];
  for (let n = 1; n <= length; n++) {
    level = level.flatMap((s) => [...letters].map((c) => s + c));
    all.push(...level);
  }
  return all;
}

describe("osaDistance", () => {
  it.each([
    ["vodak", "vodka", 1, "one swap"],
    ["tequlia", "tequila", 1, "one swap"],
    ["whiksey", "whiskey", 1, "one swap"],
    ["jak", "jack", 1, "one letter dropped"],
    ["jamesn", "jameson", 1, "one letter dropped"],
    ["smirnof", "smirnoff", 1, "one letter dropped"],
    ["baccardi", "bacardi", 1, "one letter doubled"],
    ["whisky", "whiskey", 1, "one letter dropped"],
    ["jak", "oak", 1, "one letter changed"],
    ["kitten", "sitting", 3, "two changes and an insertion"],
    ["ca", "abc", 3, "no character is edited twice (unrestricted Damerau–Levenshtein says 2)"],
    ["ab", "ba", 1, "a swap"],
    ["abcd", "badc", 2, "two swaps"],
    ["abc", "cba", 2, "a swap of non-neighbours is two changes"],
    ["", "abc", 3, "from nothing"],
    ["abc", "", 3, "to nothing"],
    ["", "", 0, "nothing"],
    ["rosé", "rose", 1, "an accent is a letter"],
    ["daniels", "daniels", 0, "the same word"],
  ])("%s → %s: %i (%s)", (a, b, expected) => {
    expect(osaDistance(a, b)).toBe(expected);
    expect(osaDistance(b, a)).toBe(expected);
    expect(reference(a, b)).toBe(expected);
  });

  it.each([
    ["vodak", "vodka", 0, 1],
    ["vodak", "vodka", 1, 1],
    ["kitten", "sitting", 1, 2],
    ["kitten", "sitting", 2, 3],
    ["kitten", "sitting", 3, 3],
    ["tequila", "vodka", 2, 3],
    ["a", "abcdef", 2, 3],
    ["gin", "gin", 0, 0],
  ])("%s → %s within %i: %i", (a, b, max, expected) => {
    expect(osaDistance(a, b, max)).toBe(expected);
  });

  it("agrees with the full table for every pair of strings of up to 4 letters over a 3-letter alphabet", () => {
    const strings = allStrings("abc", 4);
    for (const a of strings) {
      for (const b of strings) {
        const exact = reference(a, b);
        expect(osaDistance(a, b), `${a} ${b}`).toBe(exact);
        for (const max of [0, 1, 2])
          expect(osaDistance(a, b, max), `${a} ${b} ≤ ${max}`).toBe(Math.min(exact, max + 1));
      }
    }
  });

  const word = fc.string({ unit: fc.constantFrom(..."abcdeé'"), maxLength: 9 });

  it("agrees with the full table, and within a bound with the bounded answer, for any words", () => {
    fc.assert(
      fc.property(word, word, fc.nat(4), (a, b, max) => {
        const exact = reference(a, b);
        expect(osaDistance(a, b)).toBe(exact);
        expect(osaDistance(a, b, max)).toBe(Math.min(exact, max + 1));
      }),
      { numRuns: 3000 },
    );
  });

  it("is symmetric, zero only for the same word, between the length difference and the longer length", () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        const d = osaDistance(a, b);
        expect(osaDistance(b, a)).toBe(d);
        expect(d === 0).toBe(a === b);
        expect(d).toBeGreaterThanOrEqual(Math.abs(a.length - b.length));
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });

  it("counts one edit for one insertion, deletion, change or swap of neighbours", () => {
    const edited = word
      .filter((w) => w.length >= 2)
      .chain((w) =>
        fc.tuple(
          fc.constant(w),
          fc.nat(w.length - 2),
          fc.constantFrom("insert", "delete", "change", "swap"),
          fc.constantFrom(..."xyz"),
        ),
      );
    fc.assert(
      fc.property(edited, ([w, at, edit, letter]) => {
        const changed =
          edit === "insert"
            ? w.slice(0, at) + letter + w.slice(at)
            : edit === "delete"
              ? w.slice(0, at) + w.slice(at + 1)
              : edit === "change"
                ? w.slice(0, at) + letter + w.slice(at + 1)
                : w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2);
        expect(osaDistance(w, changed)).toBe(changed === w ? 0 : 1);
      }),
    );
  });
});
