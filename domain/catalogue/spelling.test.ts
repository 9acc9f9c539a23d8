import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { osaDistance } from "../edit-distance.ts";
import {
  chooseCorrection,
  correctable,
  correctQuery,
  maxTypoDistance,
  type NearWord,
  SpellingVocabulary,
  wordTokens,
} from "./spelling.ts";

/** A small catalogue: one text per product (title, brand, category), as search builds them. */
const PRODUCTS = [
  "Jack Daniel's Old No. 7 Tennessee Whiskey Jack Daniel's Whiskey",
  "Jack Daniel's Tennessee Honey Jack Daniel's Whiskey",
  "Oak Barrel Red Blend Oak Barrel Red wine",
  "Oak Cask Chardonnay Oak Cask White wine",
  "Oak Ridge Zinfandel Oak Ridge Red wine",
  "Jameson Irish Whiskey Jameson Whiskey",
  "Smirnoff No. 21 Vodka Smirnoff Vodka",
  "Tito's Handmade Vodka Tito's Vodka",
  "Grey Goose Vodka Grey Goose Vodka",
  "Captain Morgan Spiced Rum Captain Morgan Rum",
  "Capital Brewing Amber Lager Capital Brewing Beer",
  "Capital Brewing Pilsner Capital Brewing Beer",
  "Maker's Mark Bourbon Maker's Mark Whiskey",
  "Gun Barrel Bourbon Gun Barrel Whiskey",
  "Hendrick's Gin Hendrick's Gin",
  "Tanqueray London Dry Gin Tanqueray Gin",
  "Beefeater Gin Beefeater Gin",
  "Don Julio Añejo Tequila Don Julio Tequila",
  "Tequila Ocho Plata Tequila Ocho Tequila",
  "Rosé All Day Rosé Rosé wine",
];
const vocabulary = new SpellingVocabulary(PRODUCTS);

/** Every word of the products: as they compare ("daniels"), and split at apostrophes as full text splits them. */
const CATALOGUE_WORDS = [
  ...new Set(
    PRODUCTS.flatMap((p) => [
      ...wordTokens(p).map((t) => t.word),
      ...p.toLowerCase().split(/[^\p{L}\p{N}]+/u),
    ]),
  ),
].filter(Boolean);

const correct = (query: string, lastWordIsPrefix = false) =>
  correctQuery(query, vocabulary, { lastWordIsPrefix })?.query ?? null;

describe("maxTypoDistance", () => {
  it.each([
    [0, 0],
    [1, 0],
    [2, 0],
    [3, 1],
    [4, 1],
    [5, 2],
    [9, 2],
  ])("a word of %i letters: %i", (length, max) => {
    expect(maxTypoDistance(length)).toBe(max);
  });
});

describe("correctable", () => {
  it.each([
    ["jak", true],
    ["añejo", true],
    ["jk", false],
    ["12yr", false],
    ["vodak12", false],
    ["wiht", true],
    ["with", false],
    ["all", false],
    ["the", false],
  ])("%s: %s", (word, expected) => {
    expect(correctable(word)).toBe(expected);
  });
});

describe("wordTokens", () => {
  it.each([
    ["Jack Daniel's Old No. 7", ["jack", "daniels", "old", "no", "7"]],
    ["Tito’s  handmade", ["titos", "handmade"]],
    ['"jak daniels" -honey', ["jak", "daniels", "honey"]],
    ["rose\u0301 añejo", ["rosé", "añejo"]],
    ["coca-cola 12yr", ["coca", "cola", "12yr"]],
    ["'quoted' !!!", ["quoted"]],
    ["", []],
  ])("%s → %j", (text, words) => {
    expect(wordTokens(text).map((t) => t.word)).toEqual(words);
  });

  it("says where each word is", () => {
    const text = "Jak  Daniel's";
    expect(wordTokens(text).map((t) => text.slice(t.start, t.end))).toEqual(["Jak", "Daniel's"]);
  });
});

describe("SpellingVocabulary", () => {
  it("counts the products using each word, and using two words together", () => {
    expect(vocabulary.frequency("oak")).toBe(3);
    expect(vocabulary.frequency("jack")).toBe(2);
    expect(vocabulary.frequency("daniels")).toBe(2);
    expect(vocabulary.frequency("whiskey")).toBe(5);
    expect(vocabulary.frequency("nope")).toBe(0);
    expect(vocabulary.together("jack", "daniels")).toBe(2);
    expect(vocabulary.together("oak", "daniels")).toBe(0);
    expect(vocabulary.together("whiskey", "bourbon")).toBe(2);
    expect(vocabulary.together("whiskey", "nope")).toBe(0);
  });

  it("knows words in the form they compare (lower case, no apostrophes), and how the catalogue writes them", () => {
    expect(vocabulary.has("daniels")).toBe(true);
    expect(vocabulary.has("Daniels")).toBe(false);
    // Full text splits "Daniel's" into daniel and s: the parts are words too.
    expect(vocabulary.frequency("daniel")).toBe(2);
    expect(vocabulary.spelling("daniels")).toBe("daniel's");
    expect(vocabulary.spelling("titos")).toBe("tito's");
    expect(vocabulary.spelling("vodka")).toBe("vodka");
    // Written both ways: the way more products write it; the plain word on a tie.
    expect(new SpellingVocabulary(["Bob's Ale", "Bobs Lager", "Bobs Stout"]).spelling("bobs")).toBe("bobs");
    expect(new SpellingVocabulary(["Bob's Ale", "Bob's Lager", "Bobs Stout"]).spelling("bobs")).toBe("bob's");
    expect(new SpellingVocabulary(["Bob's Ale", "Bobs Stout"]).spelling("bobs")).toBe("bobs");
  });

  it.each([
    [
      "vodak",
      2,
      [
        ["oak", 2],
        ["vodka", 1],
      ],
    ],
    [
      "jak",
      1,
      [
        ["jack", 1],
        ["oak", 1],
      ],
    ],
    [
      "capitan",
      2,
      [
        ["capital", 1],
        ["captain", 2],
      ],
    ],
    // Stop words, words with digits and words shorter than 3 letters are never offered.
    ["wiht", 1, []],
    ["no", 1, []],
    ["zzqxv", 2, []],
  ])("near(%s, %i) → %j", (word, max, expected) => {
    expect(vocabulary.near(word, max).map((n) => [n.word, n.distance])).toEqual(expected);
  });

  it("finds exactly the words a scan of every word with osaDistance finds", () => {
    const offered = CATALOGUE_WORDS.filter(correctable);
    const typed = fc.string({ unit: fc.constantFrom(..."abcdegiklnorstuvwyñ"), minLength: 1, maxLength: 9 });
    fc.assert(
      fc.property(
        fc.oneof(
          typed,
          fc.constantFrom(...offered).map((w) => `${w.slice(1)}${w[0]}`),
        ),
        fc.integer({ min: 0, max: 3 }),
        (word, max) => {
          const expected = offered
            .map((w) => ({ word: w, distance: osaDistance(word, w) }))
            .filter((n) => n.distance <= max)
            .sort((a, b) => (a.word < b.word ? -1 : 1));
          expect(vocabulary.near(word, max)).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("chooseCorrection", () => {
  const near = (...pairs: [string, number][]): NearWord[] =>
    pairs.map(([word, distance]) => ({ word, distance }));

  it.each([
    ["alone, the word most products use", near(["oak", 1], ["jack", 1]), [], "oak"],
    ["the word used with the other query words", near(["oak", 1], ["jack", 1]), ["daniels"], "jack"],
    [
      "with more of the other words before a nearer one",
      near(["capital", 1], ["captain", 2]),
      ["morgan"],
      "captain",
    ],
    [
      "the nearer one when both are used with the same words",
      near(["whiskey", 2], ["whiskey", 1]),
      [],
      "whiskey",
    ],
    [
      "the nearest when none is used with the others",
      near(["capital", 1], ["captain", 2]),
      ["tequila"],
      "capital",
    ],
    ["the nearest before the most used", near(["oak", 2], ["jack", 1]), [], "jack"],
    ["used together more often", near(["red", 1], ["rosé", 1]), ["wine", "blend"], "red"],
    [
      "the first in code-unit order when all else ties",
      near(["gun", 1], ["gin", 1]),
      ["bourbon", "vodka"],
      "gun",
    ],
    ["the first in code-unit order when all else ties, too", near(["tito", 1], ["tits", 1]), [], "tito"],
  ])("%s", (_why, candidates, context, expected) => {
    expect(chooseCorrection(candidates, context, vocabulary)).toBe(expected);
  });
});

describe("correctQuery", () => {
  it.each([
    ["vodak", "vodka"],
    ["tequlia", "tequila"],
    ["jameson irish whiksey", "jameson irish whiskey"],
    // Alone, "jak" is nearest to jack and oak: oak is on more products. With "daniels", only jack is used with it.
    ["jak", "oak"],
    ["jak daniels", "jack daniels"],
    ["daniels jak", "daniels jack"],
    // Two typos: each chosen with the correct words, then with the other's choice.
    ["jak danils", "jack daniel's"],
    ["capitan morgan", "captain morgan"],
    ["makrs mark", "maker's mark"],
    ["grey goos vodka", "grey goose vodka"],
    ["anejo", "añejo"],
    // As typed: capitals, spacing, punctuation and search syntax are kept.
    ["Jak Daniels", "Jack Daniels"],
    ["VODAK", "VODKA"],
    ['"jak  daniels" -honey', '"jack  daniels" -honey'],
    ["Tito's vodak!", "Tito's vodka!"],
  ])("%s → %s", (query, corrected) => {
    expect(correct(query)).toBe(corrected);
  });

  it.each([
    ["words the catalogue uses, however rare", "gun barrel"],
    ["a rare word next to a common one", "gun"],
    ["the parts of words the catalogue writes with an apostrophe", "jack daniel tito maker"],
    ["upper case and apostrophes", "Tito's HANDMADE"],
    ["apostrophes the catalogue does not write", "makers tanqueray's jack's"],
    ["nothing near", "zzqxv"],
    ["short words", "jk rd"],
    ["a stop word as the only word near", "wiht"],
    ["words with digits", "vodak12 12yr"],
    ["no words", "!!! &|"],
  ])("leaves %s alone: %s", (_why, query) => {
    expect(correctQuery(query, vocabulary, { lastWordIsPrefix: false })).toBeNull();
  });

  it("in autocomplete corrects the complete words only", () => {
    expect(correct("jak daniels d", true)).toBe("jack daniels d");
    expect(correct("vodak", true)).toBeNull();
    expect(correct("smirnof vodak", true)).toBe("smirnoff vodak");
  });

  it("says what it corrected", () => {
    expect(correctQuery("Jak danils whiskey", vocabulary, { lastWordIsPrefix: false })).toEqual({
      query: "Jack daniel's whiskey",
      corrections: [
        { typed: "Jak", corrected: "Jack" },
        { typed: "danils", corrected: "daniel's" },
      ],
    });
  });

  const separator = fc.constantFrom(" ", "  ", " -", ' "', "! ", ", ");

  it("never changes a query of words the catalogue uses", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...CATALOGUE_WORDS), separator), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        (words, prefix) => {
          const query = words.map(([w, s]) => w + s).join("");
          expect(correctQuery(query, vocabulary, { lastWordIsPrefix: prefix })).toBeNull();
        },
      ),
    );
  });

  it("corrects each word to a catalogue word within its distance, and a corrected query needs no more", () => {
    const word = fc.oneof(
      fc.constantFrom(...CATALOGUE_WORDS),
      fc.string({ unit: fc.constantFrom(..."abcdegijklnorstuvwy"), minLength: 1, maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), (words) => {
        const query = words.join(" ");
        const result = correctQuery(query, vocabulary, { lastWordIsPrefix: false });
        if (result === null) return;
        for (const { typed, corrected } of result.corrections) {
          const [from] = wordTokens(typed);
          const [to] = wordTokens(corrected);
          expect(vocabulary.has(from.word)).toBe(false);
          expect(vocabulary.has(to.word)).toBe(true);
          expect(osaDistance(from.word, to.word)).toBeLessThanOrEqual(maxTypoDistance(from.word.length));
        }
        expect(wordTokens(result.query)).toHaveLength(words.length);
        expect(correctQuery(result.query, vocabulary, { lastWordIsPrefix: false })).toBeNull();
      }),
    );
  });
});
