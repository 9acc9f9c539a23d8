import type { GIFT_OCCASIONS } from "../checkout/gift.ts";

/** An occasion the checkout's gift form offers (spec §3 Checkout giftOccasion). */
export type GiftOccasion = (typeof GIFT_OCCASIONS)[number];

/**
 * How each occasion reads after "Casey sent you …": an occasion is an adjective for some ("a birthday gift"), a
 * phrase of its own for others ("a gift to say congratulations"), and "an" before a vowel ("an anniversary gift").
 * Typed by the form's list, so an occasion added there does not build until it has its words here.
 */
const PHRASES: Record<GiftOccasion, string> = {
  Birthday: "a birthday gift",
  "Thank you": "a thank-you gift",
  Congratulations: "a gift to say congratulations",
  Holiday: "a holiday gift",
  Anniversary: "an anniversary gift",
  "Just because": "a gift, just because",
};

const isOccasion = (occasion: string): occasion is GiftOccasion => Object.hasOwn(PHRASES, occasion);

/** "a birthday gift", or "a gift" with no occasion (or one the form no longer offers). */
export function giftPhrase(occasion: string | null | undefined): string {
  return occasion && isOccasion(occasion) ? PHRASES[occasion] : "a gift";
}

/** "Casey sent you a birthday gift": the gift email's subject and first line, the text's opening. */
export function giftHeadline(from: string, occasion: string | null | undefined): string {
  return `${from} sent you ${giftPhrase(occasion)}`;
}
