import { describe, expect, it } from "vitest";
import { GIFT_OCCASIONS } from "../checkout/gift.ts";
import { giftHeadline, giftPhrase } from "./wording.ts";

describe("giftPhrase: the occasion in the gift's words", () => {
  it.each([
    ["Birthday", "a birthday gift"],
    ["Thank you", "a thank-you gift"],
    ["Congratulations", "a gift to say congratulations"],
    ["Holiday", "a holiday gift"],
    ["Anniversary", "an anniversary gift"],
    ["Just because", "a gift, just because"],
    // The form's "None", an empty field, and an occasion the form no longer offers (an older order's).
    [null, "a gift"],
    [undefined, "a gift"],
    ["", "a gift"],
    ["Graduation", "a gift"],
    ["birthday", "a gift"],
    ["constructor", "a gift"],
  ])("%j reads %j", (occasion, phrase) => {
    expect(giftPhrase(occasion)).toBe(phrase);
  });

  it("has words of its own for every occasion the checkout offers, none of them 'a gift for …'", () => {
    const phrases = GIFT_OCCASIONS.map(giftPhrase);
    expect(new Set(phrases).size).toBe(GIFT_OCCASIONS.length);
    for (const [i, occasion] of GIFT_OCCASIONS.entries()) {
      expect(phrases[i], occasion).not.toBe(giftPhrase(null));
      expect(phrases[i], occasion).not.toMatch(/gift for/);
      // "a" or "an" agrees with the word after it.
      const [article, next] = phrases[i].split(" ");
      expect(article, occasion).toBe(/^[aeiou]/i.test(next) ? "an" : "a");
    }
  });
});

describe("giftHeadline", () => {
  it.each([
    ["Casey", "Birthday", "Casey sent you a birthday gift"],
    ["Casey", "Anniversary", "Casey sent you an anniversary gift"],
    ["Sam", "Just because", "Sam sent you a gift, just because"],
    ["Sam", null, "Sam sent you a gift"],
  ])("%s, %j: %j", (from, occasion, headline) => {
    expect(giftHeadline(from, occasion)).toBe(headline);
  });
});
