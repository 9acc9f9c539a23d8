import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cardBrand, cardDigits, cardNumbersIn, looksLikeCardNumber, luhnValid } from "./card-number.ts";

describe("luhnValid", () => {
  it.each([
    ["4242424242424242", true],
    ["4000002760003184", true],
    ["378282246310005", true],
    ["6011111111111117", true],
    ["5555555555554444", true],
    ["4242424242424241", false],
    ["1234567812345678", false],
    ["", false],
    ["12a4", false],
  ])("%s → %s", (digits, valid) => {
    expect(luhnValid(digits)).toBe(valid);
  });

  it("catches every single-digit mistake", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (at, delta) => {
        const good = "4242424242424242";
        const d = (Number(good[at]) + delta) % 10;
        expect(luhnValid(good.slice(0, at) + d + good.slice(at + 1))).toBe(false);
      }),
    );
  });
});

describe("cardNumbersIn", () => {
  it("finds numbers written plain, with spaces or dashes, inside any text", () => {
    expect(cardNumbersIn('{"token":"tok_1","n":"4242 4242 4242 4242","x":"4000-0027-6000-3184"}')).toEqual([
      "4242424242424242",
      "4000002760003184",
    ]);
    expect(cardNumbersIn("card=4242424242424242&exp=12/30")).toEqual(["4242424242424242"]);
  });

  it("passes over UUIDs, even one whose groups are all digits", () => {
    expect(cardNumbersIn('{"user":"12345678-2400-1710-0090-412345678901"}')).toEqual([]);
    expect(cardNumbersIn("4242-4242-4242-4242")).toEqual(["4242424242424242"]);
  });

  it("ignores ids, timestamps and numbers that fail Luhn", () => {
    expect(cardNumbersIn('{"ts":1732500000000,"order":"u_1-1732500000000","phone":"2125550134"}')).toEqual(
      [],
    );
    expect(cardNumbersIn("4242424242424241")).toEqual([]);
  });
});

describe("card brands", () => {
  it.each([
    ["4242424242424242", "visa"],
    ["5555555555554444", "mastercard"],
    ["2223003122003222", "mastercard"],
    ["378282246310005", "amex"],
    ["6011111111111117", "discover"],
    ["3056930009020004", "diners"],
    ["3566002020360505", "jcb"],
    ["6200000000000005", "unionpay"],
  ])("%s is %s", (digits, brand) => {
    expect(cardBrand(digits)).toBe(brand);
    expect(looksLikeCardNumber(digits)).toBe(true);
  });

  it("takes no number outside the networks' first digits for a card (timestamps, ids)", () => {
    expect(cardBrand("9999999999999995")).toBe("unknown");
    expect(luhnValid("1732500000002")).toBe(true);
    expect(looksLikeCardNumber("1732500000002")).toBe(false);
  });

  it("reads digits typed with spaces and dashes", () => {
    expect(cardDigits("4242 4242-4242 4242")).toBe("4242424242424242");
    expect(cardDigits("4242 abcd")).toBeNull();
  });
});
