/**
 * Card numbers, as the sandbox provider's card page and the "no card number reaches our API" checks read them.
 * Our API never receives a number: only the provider's own page does (docs/adr/0021-checkout-and-payments.md).
 */
export type CardBrand =
  | "visa"
  | "mastercard"
  | "amex"
  | "discover"
  | "diners"
  | "jcb"
  | "unionpay"
  | "unknown";

/** The digits of a number typed with spaces or dashes; null when anything else is in it. */
export function cardDigits(input: string): string | null {
  const digits = input.replace(/[\s-]/g, "");
  return /^\d+$/.test(digits) ? digits : null;
}

/** The Luhn (mod 10) check every card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * What a card number looks like: 13–19 digits, Luhn-valid, starting with a digit card networks issue under (2–6:
 * Mastercard's 2-series, Amex, Diners and JCB, Visa, Mastercard, Discover and UnionPay). The first-digit rule
 * keeps millisecond timestamps (1…, 13 digits, a tenth of them Luhn-valid) from passing for cards.
 */
export const looksLikeCardNumber = (digits: string) =>
  digits.length >= 13 && digits.length <= 19 && /^[2-6]/.test(digits) && luhnValid(digits);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * Every run of 13–19 digits in a text (separated by nothing, spaces or dashes) that passes Luhn. UUIDs (our ids)
 * are passed over: their groups can be all digits, and no card number is written 8-4-4-4-12.
 */
export function cardNumbersIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.replace(UUID, " ").matchAll(/\d(?:[ -]?\d){12,18}/g)) {
    const digits = match[0].replace(/[ -]/g, "");
    if (looksLikeCardNumber(digits)) found.push(digits);
  }
  return found;
}

const BRANDS: [CardBrand, RegExp][] = [
  ["amex", /^3[47]/],
  ["diners", /^3(0[0-5]|[68])/],
  ["jcb", /^35(2[89]|[3-8])/],
  ["discover", /^6(011|5|4[4-9]|22)/],
  ["unionpay", /^62/],
  ["mastercard", /^(5[1-5]|2(2[2-9]|[3-6]|7[01]|720))/],
  ["visa", /^4/],
];

export function cardBrand(digits: string): CardBrand {
  return BRANDS.find(([, prefix]) => prefix.test(digits))?.[0] ?? "unknown";
}

/** How many digits a brand's numbers have, and its security code's length. */
export function cardShape(brand: CardBrand): { lengths: number[]; cvcLength: number } {
  if (brand === "amex") return { lengths: [15], cvcLength: 4 };
  if (brand === "diners") return { lengths: [14, 16], cvcLength: 3 };
  if (brand === "unknown") return { lengths: [13, 14, 15, 16, 17, 18, 19], cvcLength: 3 };
  return { lengths: [16], cvcLength: 3 };
}
