import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ENGRAVING_LINE_MAX, FREE_SHIPPING_THRESHOLD_CENTS } from "./constants.ts";
import {
  cleanEngraving,
  engravingForItem,
  engravingPreviewLines,
  isEtchSku,
  lacksEngraving,
  sanitizeEngravingLine,
} from "./engraving.ts";
import { minimumError } from "./minimum.ts";
import {
  freeShippingHint,
  qualifiesForFreeShipping,
  selectShippingOption,
  shippingOptionsFor,
} from "./shipping.ts";
import { isSplitCart, storeIdsOf } from "./split.ts";
import { tipCents } from "./totals.ts";

const at = (...stores: string[]) => stores.map((store_id) => ({ store_id }));

describe("split carts", () => {
  it.each([
    [at(), false],
    [at("a", "a"), false],
    [at("a", "b"), true],
    [at("b", "a", "b"), true],
  ])("isSplitCart(%j) = %s", (lines, expected) => {
    expect(isSplitCart(lines)).toBe(expected);
  });

  it("removing lines until one store remains clears the split", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "b", "c"), { minLength: 2, maxLength: 12 }), (stores) => {
        let lines = at(...stores);
        while (lines.length > 0) {
          expect(isSplitCart(lines)).toBe(storeIdsOf(lines).length > 1);
          lines = lines.slice(1);
        }
        expect(isSplitCart(lines)).toBe(false);
      }),
    );
  });
});

describe("minimum_error", () => {
  it.each([
    [1000, 0, null],
    [3000, 3000, null],
    [4500, 3000, null],
    [1750, 3000, "Add $12.50 more to reach the $30 minimum at Uptown."],
    [2999, 3000, "Add $0.01 more to reach the $30 minimum at Uptown."],
  ])("subtotal %i, minimum %i", (subtotal, minimum, expected) => {
    expect(minimumError(subtotal, minimum, "Uptown")).toBe(expected);
  });

  it("ends with one full stop after a store name that has its own", () => {
    expect(minimumError(1750, 3000, "Williamsburg Bottle Co.")).toBe(
      "Add $12.50 more to reach the $30 minimum at Williamsburg Bottle Co.",
    );
  });
});

describe("shipping", () => {
  it("free ground shipping starts exactly at 150", () => {
    expect(FREE_SHIPPING_THRESHOLD_CENTS).toBe(15000);
    expect(qualifiesForFreeShipping(14999)).toBe(false);
    expect(qualifiesForFreeShipping(15000)).toBe(true);
    expect(shippingOptionsFor(14999)[0].price).toBeGreaterThan(0);
    expect(shippingOptionsFor(15000)[0].price).toBe(0);
    expect(shippingOptionsFor(15000)[1].price).toBeGreaterThan(0);
    expect(freeShippingHint(14000)).toBe("Add $10.00 more for free shipping");
    expect(freeShippingHint(15000)).toBeNull();
  });

  it("offers nothing when nothing ships", () => {
    expect(shippingOptionsFor(0)).toEqual([]);
    expect(selectShippingOption([], null)).toBeNull();
  });

  it("selects the chosen option, else the first", () => {
    const options = shippingOptionsFor(5000);
    expect(selectShippingOption(options, null)?.name).toBe(options[0].name);
    expect(selectShippingOption(options, "Overnight")?.name).toBe("Overnight");
    expect(selectShippingOption(options, "Teleport")?.name).toBe(options[0].name);
  });
});

describe("engraving", () => {
  it.each([
    ["  Happy   Birthday  ", "Happy Birthday"],
    ["<script>alert(1)</script>", "scriptalert(1)/script"],
    ["Tom & Jerry's 1st!", "Tom & Jerry's 1st!"],
    ["Ｆｕｌｌｗｉｄｔｈ", "Fullwidth"],
    ["tab\there\nnewline", "tab here newline"],
    ["Zoë 💍", "Zoë"],
  ])("sanitizes %j", (input, expected) => {
    expect(sanitizeEngravingLine(input)).toBe(expected);
  });

  it("limits each line to ENGRAVING_LINE_MAX after cleaning", () => {
    const ok = cleanEngraving({ line_1: "x".repeat(ENGRAVING_LINE_MAX), line_2: "", line_3: "" });
    expect(ok).toEqual({
      ok: true,
      engraving: { line_1: "x".repeat(ENGRAVING_LINE_MAX), line_2: "", line_3: "" },
    });
    const tooLong = cleanEngraving({ line_1: "a", line_2: "y".repeat(ENGRAVING_LINE_MAX + 1) });
    expect(tooLong).toEqual({
      ok: false,
      problem: { line: 2, message: `Engraving line 2 can be at most ${ENGRAVING_LINE_MAX} characters.` },
    });
    expect(cleanEngraving({ line_1: "   ", line_2: "<>" })).toEqual({ ok: true, engraving: null });
    expect(cleanEngraving(null)).toEqual({ ok: true, engraving: null });
  });

  it("cleaned lines never hold markup or control characters", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        const clean = sanitizeEngravingLine(s);
        expect(clean).not.toMatch(/[<>"`\\\p{Cc}]/u);
        expect(clean).toBe(clean.trim());
        expect(sanitizeEngravingLine(clean)).toBe(clean);
      }),
    );
  });

  const ETCH = { sku: "IA-10006-750_ETCH", title: "Bourbon — Engraved" };
  const PLAIN = { sku: "IA-10006-750", title: "Bourbon" };
  const REQUIRED = "Bourbon — Engraved is engraved to order: enter at least one line of text to engrave.";
  it.each([
    [
      "an engraved bottle with text",
      ETCH,
      { line_1: " Happy " },
      { line_1: "Happy", line_2: "", line_3: "" },
    ],
    ["text on the third line only", ETCH, { line_3: "Dad" }, { line_1: "", line_2: "", line_3: "Dad" }],
    ["a plain bottle without engraving", PLAIN, null, null],
    ["a plain bottle with blank lines", PLAIN, { line_1: "  " }, null],
  ])("accepts %s", (_name, item, input, engraving) => {
    expect(engravingForItem(item, input)).toEqual({ ok: true, engraving });
  });

  it.each([
    ["an engraved bottle without engraving", ETCH, undefined, "engraving_required", REQUIRED],
    ["an engraved bottle with null", ETCH, null, "engraving_required", REQUIRED],
    [
      "an engraved bottle with empty lines",
      ETCH,
      { line_1: "", line_2: "", line_3: "" },
      "engraving_required",
      REQUIRED,
    ],
    [
      "an engraved bottle with lines that clean to nothing",
      ETCH,
      { line_1: "  ", line_2: "<>💍" },
      "engraving_required",
      REQUIRED,
    ],
    [
      "a line too long",
      ETCH,
      { line_1: "x".repeat(ENGRAVING_LINE_MAX + 1) },
      "engraving_too_long",
      `Engraving line 1 can be at most ${ENGRAVING_LINE_MAX} characters.`,
    ],
    [
      "text on a plain bottle",
      PLAIN,
      { line_1: "Hi" },
      "not_engravable",
      "Bourbon cannot be engraved: only engravable (_ETCH) products can.",
    ],
  ])("refuses %s", (_name, item, input, code, message) => {
    expect(engravingForItem(item, input)).toEqual({ ok: false, code, message });
  });

  it("an engraved bottle goes into the cart only with at least one non-empty cleaned line", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: ENGRAVING_LINE_MAX }), { minLength: 3, maxLength: 3 }),
        (l) => {
          const check = engravingForItem(ETCH, { line_1: l[0], line_2: l[1], line_3: l[2] });
          const cleaned = l.map(sanitizeEngravingLine);
          // NFKC may lengthen a line ("ﬀ" → "ff"): one too long is refused for that, not for being empty.
          const fits = cleaned.every((c) => c.length <= ENGRAVING_LINE_MAX);
          expect(check.ok).toBe(fits && cleaned.join("") !== "");
          if (check.ok) expect(lacksEngraving({ sku: ETCH.sku, engraving: check.engraving })).toBe(false);
        },
      ),
    );
  });

  it("knows etched SKUs and previews non-empty lines", () => {
    expect(isEtchSku("IA-10006-750_ETCH")).toBe(true);
    expect(isEtchSku("IA-10006-750")).toBe(false);
    expect(engravingPreviewLines({ line_1: "Happy", line_2: " ", line_3: "40th" })).toEqual([
      "Happy",
      "40th",
    ]);
  });
});

describe("tipCents", () => {
  it("a tip amount wins over a percent", () => {
    expect(tipCents({ amount: 300, percent: 20 }, 10000)).toBe(300);
    expect(tipCents({ percent: 15 }, 1001)).toBe(150);
    expect(tipCents({}, 1001)).toBe(0);
  });
});
