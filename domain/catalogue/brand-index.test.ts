import { describe, expect, it } from "vitest";
import { brandIndexJumpLetters, brandIndexLetter, groupBrandsByLetter } from "./brand-index.ts";

const brand = (name: string) => ({ name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-") });

describe("brandIndexLetter", () => {
  it.each([
    ["Maker's Mark", "M"],
    ["absolut", "A"],
    ["Émile Pernot", "E"],
    ["Żubrówka", "Z"],
    ["1792", "#"],
    ["99 Brand", "#"],
    ["'Ohana", "#"],
    ["  Tito's", "T"],
    ["", "#"],
  ])("%j → %s", (name, letter) => {
    expect(brandIndexLetter(name)).toBe(letter);
  });
});

describe("groupBrandsByLetter", () => {
  it("puts '#' first, then letters in order, and sorts names within a letter", () => {
    const sections = groupBrandsByLetter(
      [
        "jameson",
        "Absolut",
        "1792",
        "Jack Daniel's",
        "Émile Pernot",
        "10th Mountain",
        "Ardbeg",
        "espolon",
      ].map(brand),
    );
    expect(sections.map((s) => [s.letter, s.brands.map((b) => b.name)])).toEqual([
      ["#", ["10th Mountain", "1792"]],
      ["A", ["Absolut", "Ardbeg"]],
      ["E", ["Émile Pernot", "espolon"]],
      ["J", ["Jack Daniel's", "jameson"]],
    ]);
  });

  it("keeps every brand exactly once and skips blank names", () => {
    const input = ["Zyn", "zubrowka", "", "  ", "Bic", "bic"].map(brand);
    const sections = groupBrandsByLetter(input);
    expect(sections.flatMap((s) => s.brands.map((b) => b.name)).sort()).toEqual([
      "Bic",
      "Zyn",
      "bic",
      "zubrowka",
    ]);
  });

  it("returns no sections for no brands", () => {
    expect(groupBrandsByLetter([])).toEqual([]);
  });

  it("keeps extra fields of the entries", () => {
    const [section] = groupBrandsByLetter([{ name: "Zyn", slug: "zyn", product_count: 2 }]);
    expect(section.brands[0].product_count).toBe(2);
  });
});

describe("brandIndexJumpLetters", () => {
  it("lists # and A–Z and marks the letters that have brands", () => {
    const jump = brandIndexJumpLetters([{ letter: "#" }, { letter: "M" }]);
    expect(jump).toHaveLength(27);
    expect(jump[0]).toEqual({ letter: "#", present: true });
    expect(jump.filter((j) => j.present).map((j) => j.letter)).toEqual(["#", "M"]);
  });
});
