import { describe, expect, it } from "vitest";
import { type PromoDefinition, promoCodeOf, promoProblems } from "./definition.ts";

const base: PromoDefinition = {
  code: "SPRING10",
  kind: "percent",
  value: 10,
  description: "10% off",
  minSubtotal: 0,
  maxDiscount: null,
  startsAt: null,
  expiresAt: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  creditValidDays: null,
};

describe("promo definitions an administrator may save", () => {
  it.each<[string, Partial<PromoDefinition>]>([
    ["a percent off", {}],
    ["a capped percent off", { value: 100, maxDiscount: 2000 }],
    ["a fixed amount", { kind: "fixed", value: 500 }],
    ["free delivery", { kind: "free_delivery", value: 0 }],
    ["store credit for 30 days", { kind: "credit", value: 1000, creditValidDays: 30 }],
    [
      "a window and limits",
      {
        startsAt: new Date("2026-12-01"),
        expiresAt: new Date("2027-01-01"),
        maxUses: 100,
        maxUsesPerCustomer: 1,
      },
    ],
    ["dashes and underscores", { code: "NEW-YEAR_26" }],
  ])("accepts %s", (_, over) => {
    expect(promoProblems({ ...base, ...over })).toEqual([]);
  });

  it.each<[string, Partial<PromoDefinition>, string]>([
    [
      "a lower-case code",
      { code: "spring" },
      "A code is 3 to 32 letters, digits, dashes or underscores, starting with a letter or digit.",
    ],
    [
      "a two-letter code",
      { code: "AB" },
      "A code is 3 to 32 letters, digits, dashes or underscores, starting with a letter or digit.",
    ],
    [
      "a code with a space",
      { code: "TEN OFF" },
      "A code is 3 to 32 letters, digits, dashes or underscores, starting with a letter or digit.",
    ],
    ["no description", { description: "  " }, "Describe the offer in a few words shoppers will read."],
    ["0 percent", { value: 0 }, "A percent off is a whole number from 1 to 100."],
    ["101 percent", { value: 101 }, "A percent off is a whole number from 1 to 100."],
    ["a fixed amount of nothing", { kind: "fixed", value: 0 }, "The amount must be more than $0.00."],
    ["credit of nothing", { kind: "credit", value: 0 }, "The amount must be more than $0.00."],
    ["free delivery with a value", { kind: "free_delivery", value: 5 }, "Free delivery takes no value (0)."],
    [
      "a cap on a fixed amount",
      { kind: "fixed", value: 500, maxDiscount: 100 },
      "Only a percent off has a largest discount.",
    ],
    [
      "credit days on a discount",
      { creditValidDays: 30 },
      "Only a credit code has days the credit stays valid.",
    ],
    [
      "an end before the start",
      { startsAt: new Date("2027-01-01"), expiresAt: new Date("2026-12-01") },
      "The code must end after it starts.",
    ],
    [
      "more uses each than in all",
      { maxUses: 1, maxUsesPerCustomer: 2 },
      "Uses per customer cannot be more than uses in all.",
    ],
  ])("refuses %s", (_, over, message) => {
    expect(promoProblems({ ...base, ...over })).toContain(message);
  });

  it("reads a typed code as upper case", () => {
    expect(promoCodeOf("  spring10 ")).toBe("SPRING10");
  });
});
