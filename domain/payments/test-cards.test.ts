import { describe, expect, it } from "vitest";
import { cardBehaviour, checkCardForm, DECLINE_MESSAGES, walletBehaviour } from "./test-cards.ts";

describe("the sandbox's test cards (Stripe's numbers)", () => {
  it.each([
    ["4242424242424242", { kind: "succeeds" }],
    ["5555555555554444", { kind: "succeeds" }],
    ["378282246310005", { kind: "succeeds" }],
    ["4000002760003184", { kind: "requires_3ds" }],
    ["4000008400001629", { kind: "requires_3ds_then_declines", code: "card_declined" }],
    ["4000000000000002", { kind: "declines", code: "card_declined" }],
    ["4000000000009995", { kind: "declines", code: "insufficient_funds" }],
    ["4000000000000069", { kind: "declines", code: "expired_card" }],
    ["4000000000000127", { kind: "declines", code: "incorrect_cvc" }],
    ["4111111111111111", { kind: "declines", code: "live_card_in_test_mode" }],
  ])("%s → %j", (digits, behaviour) => {
    expect(cardBehaviour(digits)).toEqual(behaviour);
  });

  it("declines in Stripe's words", () => {
    expect(DECLINE_MESSAGES.insufficient_funds).toBe("Your card has insufficient funds.");
    expect(DECLINE_MESSAGES.card_declined).toBe("Your card was declined.");
  });
});

describe("checkCardForm", () => {
  const today = { year: 2026, month: 11 };
  const good = { number: "4242424242424242", expMonth: 12, expYear: 30, cvc: "123" };

  it("accepts a whole card, this month's expiry included", () => {
    expect(checkCardForm(good, today)).toBeNull();
    expect(checkCardForm({ ...good, expMonth: 11, expYear: 2026 }, today)).toBeNull();
    expect(checkCardForm({ ...good, number: "378282246310005", cvc: "1234" }, today)).toBeNull();
  });

  it.each([
    [{ number: "424242" }, "number", "Your card number is incomplete."],
    [{ number: "4242424242424241" }, "number", "Your card number is invalid."],
    [{ number: "37828224631000" }, "number", "Your card number is incomplete."],
    [{ expMonth: 13 }, "expiry", "Your card's expiration date is incomplete."],
    [{ expMonth: 10, expYear: 26 }, "expiry", "Your card's expiration year is in the past."],
    [{ expYear: 2099 }, "expiry", "Your card's expiration year is invalid."],
    [{ cvc: "12" }, "cvc", "Your card's security code is incomplete."],
    [{ number: "378282246310005", cvc: "123" }, "cvc", "Your card's security code is incomplete."],
  ])("%j → %s: %s", (change, field, message) => {
    expect(checkCardForm({ ...good, ...change }, today)).toEqual({ field, message });
  });
});

describe("walletBehaviour", () => {
  it.each([
    ["4242", { kind: "succeeds" }],
    ["1111", { kind: "succeeds" }],
    ["3184", { kind: "succeeds" }], // a 3-D Secure card's digits: the device already authenticated
    ["0002", { kind: "declines", code: "card_declined" }],
    ["9995", { kind: "declines", code: "insufficient_funds" }],
    ["0069", { kind: "declines", code: "expired_card" }],
    [null, { kind: "succeeds" }],
  ])("a wallet card ending %s", (last4, expected) => {
    expect(walletBehaviour(last4)).toEqual(expected);
  });
});
