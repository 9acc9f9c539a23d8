import { type CardBrand, cardBrand, luhnValid } from "./card-number.ts";

/**
 * How the sandbox provider answers a card, by Stripe's public test numbers (stripe.com/docs/testing), so the
 * embedded store can be tried the way a Stripe integration is: a test number behaves as Stripe's does, and any
 * other number is declined as Stripe's test mode declines a real card.
 */
export type DeclineCode =
  | "card_declined"
  | "insufficient_funds"
  | "expired_card"
  | "incorrect_cvc"
  | "processing_error"
  | "live_card_in_test_mode";

export type CardBehaviour =
  | { kind: "succeeds" }
  /** Asks for 3-D Secure on every payment; succeeds once the challenge is passed. */
  | { kind: "requires_3ds" }
  /** Asks for 3-D Secure, then is declined once the challenge is passed. */
  | { kind: "requires_3ds_then_declines"; code: DeclineCode }
  | { kind: "declines"; code: DeclineCode };

export const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  card_declined: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  expired_card: "Your card has expired.",
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: "An error occurred while processing your card. Try again in a little bit.",
  live_card_in_test_mode:
    "Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.",
};

const SUCCEEDS = [
  "4242424242424242",
  "4000056655665556",
  "5555555555554444",
  "2223003122003222",
  "5200828282828210",
  "5105105105105100",
  "378282246310005",
  "371449635398431",
  "6011111111111117",
  "6011000990139424",
  "3056930009020004",
  "36227206271667",
  "3566002020360505",
  "6200000000000005",
];

const SPECIAL: Record<string, CardBehaviour> = {
  "4000002760003184": { kind: "requires_3ds" },
  "4000002500003155": { kind: "requires_3ds" },
  "4000000000003220": { kind: "requires_3ds" },
  "4000008400001629": { kind: "requires_3ds_then_declines", code: "card_declined" },
  "4000000000000002": { kind: "declines", code: "card_declined" },
  "4000000000009995": { kind: "declines", code: "insufficient_funds" },
  "4000000000000069": { kind: "declines", code: "expired_card" },
  "4000000000000127": { kind: "declines", code: "incorrect_cvc" },
  "4000000000000119": { kind: "declines", code: "processing_error" },
};

export function cardBehaviour(digits: string): CardBehaviour {
  if (SPECIAL[digits]) return SPECIAL[digits];
  if (SUCCEEDS.includes(digits)) return { kind: "succeeds" };
  return { kind: "declines", code: "live_card_in_test_mode" };
}

export interface CardForm {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardFormProblem = { field: "number" | "expiry" | "cvc"; message: string };

/** The card page's own checks, before anything is tokenised (Stripe's wording for the same mistakes). */
export function checkCardForm(
  form: CardForm,
  today: { year: number; month: number },
): CardFormProblem | null {
  const brand: CardBrand = cardBrand(form.number);
  const lengthOk =
    brand === "amex" ? form.number.length === 15 : form.number.length >= 13 && form.number.length <= 19;
  if (!/^\d+$/.test(form.number) || !lengthOk)
    return { field: "number", message: "Your card number is incomplete." };
  if (!luhnValid(form.number)) return { field: "number", message: "Your card number is invalid." };
  if (!Number.isInteger(form.expMonth) || form.expMonth < 1 || form.expMonth > 12)
    return { field: "expiry", message: "Your card's expiration date is incomplete." };
  const year = form.expYear < 100 ? 2000 + form.expYear : form.expYear;
  if (year < today.year || (year === today.year && form.expMonth < today.month))
    return { field: "expiry", message: "Your card's expiration year is in the past." };
  if (year > today.year + 50) return { field: "expiry", message: "Your card's expiration year is invalid." };
  const cvcLength = brand === "amex" ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(form.cvc))
    return { field: "cvc", message: "Your card's security code is incomplete." };
  return null;
}

/**
 * How the sandbox answers a wallet payment, by the last four digits the wallet shows: as the Stripe test card with
 * those digits declines, so does the wallet; a wallet payment is already authenticated by the device, so it never
 * asks for 3-D Secure.
 */
export function walletBehaviour(last4: string | null): CardBehaviour {
  const declining = Object.entries(SPECIAL).find(
    ([digits, behaviour]) => behaviour.kind === "declines" && digits.endsWith(last4 ?? "-"),
  );
  return declining ? declining[1] : { kind: "succeeds" };
}
