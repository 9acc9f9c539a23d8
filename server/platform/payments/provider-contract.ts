import { expect, it } from "vitest";
import { DECLINE_MESSAGES } from "#domain/payments/test-cards.ts";
import { type IntentState, type PaymentProvider, ProviderError } from "./provider.ts";

/** The test cards every provider can be handed, by what they do. */
export type ContractCard =
  | "visa"
  | "mastercard"
  | "threeDSecure"
  | "declined"
  | "insufficientFunds"
  | "expiredCard"
  | "incorrectCvc";

export interface ContractHarness {
  provider: PaymentProvider;
  /** What the browser hands our API for a test card: the sandbox's token, or the id Stripe.js makes. */
  token(card: ContractCard): Promise<string>;
  /** The shopper passes or fails the 3-D Secure challenge at the intent's nextActionUrl. */
  answerChallenge(intent: IntentState, passed: boolean): Promise<void>;
}

const AUTHENTICATION_FAILED =
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.";

let keys = 0;
const key = () => `contract-${Date.now()}-${keys++}`;

/** The refusal a call ends in: a ProviderError, or the test fails. */
export async function refusal(call: Promise<unknown>): Promise<ProviderError> {
  const outcome = await call.then(
    (answer) => ({ answer }),
    (error: unknown) => ({ error }),
  );
  if (!("error" in outcome)) throw new Error(`expected a refusal, got ${JSON.stringify(outcome.answer)}`);
  expect(outcome.error).toBeInstanceOf(ProviderError);
  return outcome.error as ProviderError;
}

/**
 * What checkout, cards and the order's life rely on from any PaymentProvider, run against each of them (the
 * sandbox, and Stripe's stand-in), so that switching STRIPE_* on changes who takes the card and nothing else.
 * Call inside a describe whose beforeAll makes the harness.
 */
export function providerContract(harness: () => ContractHarness) {
  const pay = async (card: ContractCard, amount = 4599, customerId: string | null = null) => {
    const { provider, token } = harness();
    return provider.authorise({
      amount,
      currency: "usd",
      customerId,
      source: { kind: "token", token: await token(card) },
      returnUrl: "http://localhost:3000/3dscb",
      description: "Nightcap order",
      metadata: { order: "contract" },
      idempotencyKey: key(),
    });
  };

  it("authorises a good card for manual capture: the whole amount held, nothing taken", async () => {
    expect(await pay("visa")).toEqual({
      id: expect.any(String),
      status: "requires_capture",
      amount: 4599,
      amountCapturable: 4599,
      amountReceived: 0,
      nextActionUrl: null,
      failure: null,
      card: { brand: "visa", last4: "4242" },
    });
  });

  it("fails a declined card with the same code and the provider's own message, holding nothing", async () => {
    for (const [card, code] of [
      ["declined", "card_declined"],
      ["insufficientFunds", "insufficient_funds"],
      ["expiredCard", "expired_card"],
      ["incorrectCvc", "incorrect_cvc"],
    ] as const) {
      expect(await pay(card)).toMatchObject({
        status: "failed",
        amountCapturable: 0,
        failure: { code, message: DECLINE_MESSAGES[code] },
        card: { brand: "visa" },
      });
    }
  });

  it("asks for 3-D Secure; a passed challenge leaves the whole amount held for capture", async () => {
    const intent = await pay("threeDSecure", 2500);
    expect(intent).toMatchObject({ status: "requires_action", amountCapturable: 0, failure: null });
    expect(intent.nextActionUrl).toEqual(expect.any(String));
    await harness().answerChallenge(intent, true);
    expect(await harness().provider.retrieve(intent.id)).toMatchObject({
      status: "requires_capture",
      amountCapturable: 2500,
      nextActionUrl: null,
    });
  });

  it("fails the payment when the challenge is failed, in the provider's words", async () => {
    const intent = await pay("threeDSecure");
    await harness().answerChallenge(intent, false);
    expect(await harness().provider.retrieve(intent.id)).toMatchObject({
      status: "failed",
      amountCapturable: 0,
      failure: { code: "payment_intent_authentication_failure", message: AUTHENTICATION_FAILED },
    });
  });

  it("captures part of a hold (the rest released), never more than the hold, and only once", async () => {
    const { provider } = harness();
    const intent = await pay("visa", 5000);
    const tooMuch = await refusal(provider.capture(intent.id, 5001, key()));
    expect(tooMuch).toMatchObject({ code: "amount_too_large", retryable: false });
    expect(await provider.capture(intent.id, 4500, key())).toMatchObject({
      status: "succeeded",
      amountReceived: 4500,
      amountCapturable: 0,
    });
    const again = await refusal(provider.capture(intent.id, 100, key()));
    expect(again).toMatchObject({ code: "payment_intent_unexpected_state", retryable: false });
  });

  it("voids a hold, but not a captured payment", async () => {
    const { provider } = harness();
    const held = await pay("visa");
    expect(await provider.cancel(held.id, key())).toMatchObject({ status: "canceled", amountCapturable: 0 });
    const captured = await pay("visa");
    await provider.capture(captured.id, captured.amount, key());
    const refused = await refusal(provider.cancel(captured.id, key()));
    expect(refused).toMatchObject({ code: "payment_intent_unexpected_state", retryable: false });
    expect(refused.message).toContain("status of succeeded");
  });

  it("refunds in parts up to what was captured, and no more", async () => {
    const { provider } = harness();
    const intent = await pay("visa", 5000);
    await provider.capture(intent.id, 4500, key());
    expect(await provider.refund(intent.id, 4000, key())).toEqual({
      id: expect.any(String),
      status: "succeeded",
    });
    const tooMuch = await refusal(provider.refund(intent.id, 501, key()));
    expect(tooMuch).toMatchObject({ code: "amount_too_large", retryable: false });
    expect(await provider.refund(intent.id, 500, key())).toMatchObject({ status: "succeeded" });
  });

  it("does each call once per idempotency key, also when the repeats arrive together", async () => {
    const { provider, token } = harness();
    const input = {
      amount: 1000,
      currency: "usd" as const,
      customerId: null,
      source: { kind: "token" as const, token: await token("visa") },
      returnUrl: "http://localhost:3000/3dscb",
      description: "Nightcap order",
      metadata: {},
      idempotencyKey: key(),
    };
    const answers = await Promise.all([1, 2, 3, 4].map(() => provider.authorise(input)));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    const intent = answers[0];
    const captureKey = key();
    await provider.capture(intent.id, 1000, captureKey);
    expect(await provider.capture(intent.id, 1000, captureKey)).toMatchObject({ status: "succeeded" });
    const refundKey = key();
    const refunds = await Promise.all([1, 2, 3].map(() => provider.refund(intent.id, 600, refundKey)));
    expect(new Set(refunds.map((r) => r.id)).size).toBe(1);
    // The repeats refunded nothing more: the other 400 is still there to refund.
    expect(await provider.refund(intent.id, 400, key())).toMatchObject({ status: "succeeded" });
  });

  it("takes a fresh card once: the same token again is refused", async () => {
    const { provider, token } = harness();
    const once = await token("visa");
    const input = {
      amount: 1000,
      currency: "usd" as const,
      customerId: null,
      source: { kind: "token" as const, token: once },
      returnUrl: "http://localhost:3000/3dscb",
      description: "Nightcap order",
      metadata: {},
    };
    expect(await provider.authorise({ ...input, idempotencyKey: key() })).toMatchObject({
      status: "requires_capture",
    });
    const again = await refusal(provider.authorise({ ...input, idempotencyKey: key() }));
    expect(again.retryable).toBe(false);
  });

  it("keeps one customer per user, saves a card on it, pays with it, and forgets it", async () => {
    const { provider, token } = harness();
    const userId = `user-${key()}`;
    const customer = await provider.ensureCustomer({ userId, email: "a@example.com", existing: null });
    expect(await provider.ensureCustomer({ userId, email: "a@example.com", existing: customer })).toBe(
      customer,
    );
    expect(await provider.ensureCustomer({ userId, email: "a@example.com", existing: null })).toBe(customer);
    const other = await provider.ensureCustomer({
      userId: `user-${key()}`,
      email: "b@example.com",
      existing: "cus_gone",
    });
    expect(other).not.toBe("cus_gone");

    const saved = await provider.attachCard({
      customerId: customer,
      token: await token("mastercard"),
      idempotencyKey: key(),
    });
    expect(saved).toEqual({
      id: expect.any(String),
      brand: "mastercard",
      last4: "4444",
      expMonth: expect.any(Number),
      expYear: expect.any(Number),
      country: "US",
    });
    const withSaved = (idempotencyKey: string) =>
      provider.authorise({
        amount: 2500,
        currency: "usd",
        customerId: customer,
        source: { kind: "saved", cardId: saved.id },
        returnUrl: "http://localhost:3000/3dscb",
        description: "Nightcap order",
        metadata: {},
        idempotencyKey,
      });
    expect(await withSaved(key())).toMatchObject({ status: "requires_capture", card: { last4: "4444" } });
    expect(await withSaved(key())).toMatchObject({ status: "requires_capture" });
    await provider.detachCard({ customerId: customer, cardId: saved.id });
    expect((await refusal(withSaved(key()))).retryable).toBe(false);
  });

  it("refuses to save a card that declines, in the provider's words", async () => {
    const { provider, token } = harness();
    const customer = await provider.ensureCustomer({
      userId: `user-${key()}`,
      email: "d@example.com",
      existing: null,
    });
    const refused = await refusal(
      provider.attachCard({ customerId: customer, token: await token("declined"), idempotencyKey: key() }),
    );
    expect(refused).toMatchObject({
      code: "card_declined",
      message: "Your card was declined.",
      retryable: false,
    });
  });

  it("answers an unknown payment with resource_missing", async () => {
    const missing = await refusal(harness().provider.retrieve("pi_unknown"));
    expect(missing).toMatchObject({ code: "resource_missing", retryable: false });
  });
}
