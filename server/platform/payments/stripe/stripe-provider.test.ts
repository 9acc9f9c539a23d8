import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  STAND_IN_PUBLISHABLE_KEY,
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  type StripeStandIn,
  signEvent,
  startStripeStandIn,
  type TEST_PAYMENT_METHODS,
} from "#tests/support/stripe-stand-in.ts";
import type { AuthoriseInput, PaymentNotice } from "../provider.ts";
import { type ContractCard, providerContract, refusal } from "../provider-contract.ts";
import { providerKey, StripeProvider } from "./stripe-provider.ts";

type TestPaymentMethod = keyof typeof TEST_PAYMENT_METHODS;

const CONTRACT_CARDS: Record<ContractCard, TestPaymentMethod> = {
  visa: "pm_card_visa",
  mastercard: "pm_card_mastercard",
  threeDSecure: "pm_card_threeDSecure2Required",
  declined: "pm_card_chargeDeclined",
  insufficientFunds: "pm_card_chargeDeclinedInsufficientFunds",
  expiredCard: "pm_card_chargeDeclinedExpiredCard",
  incorrectCvc: "pm_card_chargeDeclinedIncorrectCvc",
};

let keys = 0;
const key = () => `order-${Date.now()}-${keys++}`;

describe("the Stripe card provider, against a stand-in of Stripe's API", () => {
  let standIn: StripeStandIn;
  let stripe: StripeProvider;
  const provider = (options: { apiUrl?: string; secretKey?: string; maxNetworkRetries?: number } = {}) =>
    new StripeProvider({
      secretKey: options.secretKey ?? STAND_IN_SECRET_KEY,
      publishableKey: STAND_IN_PUBLISHABLE_KEY,
      webhookSecret: STAND_IN_WEBHOOK_SECRET,
      apiUrl: options.apiUrl ?? standIn.url,
      // The SDK's own retries are off unless a test is about them; a closed connection is still retried once.
      maxNetworkRetries: options.maxNetworkRetries ?? 0,
    });

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    stripe = provider();
  });
  afterAll(async () => standIn.close());

  const authoriseInput = (paymentMethod: string, extra: Partial<AuthoriseInput> = {}): AuthoriseInput => ({
    amount: 4599,
    currency: "usd",
    customerId: null,
    source: { kind: "token", token: paymentMethod },
    returnUrl: "http://localhost:3000/3dscb",
    description: "Nightcap order N-1001",
    metadata: { order: "N-1001" },
    idempotencyKey: key(),
    ...extra,
  });
  const seen = (idempotencyKey: string) =>
    standIn.requests.filter((r) => r.idempotencyKey === idempotencyKey);

  it("hands the storefront the publishable key, and Google Pay through Stripe's gateway in test mode", () => {
    const config = stripe.clientConfig();
    expect(config).toMatchObject({ provider: "stripe", publishableKey: STAND_IN_PUBLISHABLE_KEY });
    expect(config.walletMethods.map((m) => m.wallet)).toEqual(["googlePay"]);
    expect(config.walletMethods[0].data).toMatchObject({
      environment: "TEST",
      allowedPaymentMethods: [
        {
          tokenizationSpecification: {
            parameters: { gateway: "stripe", "stripe:publishableKey": STAND_IN_PUBLISHABLE_KEY },
          },
        },
      ],
    });
  });

  it("pays with the card token a wallet handed back, as the PaymentMethod's data", async () => {
    const input = authoriseInput("tok_visa");
    expect(await stripe.authorise(input)).toMatchObject({
      status: "requires_capture",
      card: { last4: "4242" },
    });
    const [request] = seen(providerKey("authorise", input.idempotencyKey));
    expect(request.params.get("payment_method_data[type]")).toBe("card");
    expect(request.params.get("payment_method_data[card][token]")).toBe("tok_visa");
    expect(request.params.get("payment_method")).toBeNull();
    const declined = await stripe.authorise(authoriseInput("tok_chargeDeclined"));
    expect(declined).toMatchObject({ status: "failed", failure: { message: "Your card was declined." } });
  });

  it("makes a customer with the user's id in its metadata, once, and keeps one that still exists", async () => {
    const before = standIn.requests.length;
    const id = await stripe.ensureCustomer({ userId: "user-41", email: "ada@example.com", existing: null });
    expect(standIn.customer(id)).toMatchObject({
      email: "ada@example.com",
      metadata: { user_id: "user-41" },
    });
    const [create] = standIn.requests.slice(before);
    expect(create).toMatchObject({
      method: "POST",
      path: "/v1/customers",
      authorization: `Bearer ${STAND_IN_SECRET_KEY}`,
    });
    expect(create.idempotencyKey).toMatch(/^nightcap-customer-/);
    // A repeat (a retried sign-up, two tabs) answers the same customer.
    expect(await stripe.ensureCustomer({ userId: "user-41", email: "ada@example.com", existing: null })).toBe(
      id,
    );
    expect(standIn.requests.slice(before).filter((r) => r.method === "POST")).toHaveLength(2);
    expect(standIn.requests.at(-1)?.replayed).toBe(true);

    const reads = standIn.requests.length;
    expect(await stripe.ensureCustomer({ userId: "user-41", email: "ada@example.com", existing: id })).toBe(
      id,
    );
    expect(standIn.requests.slice(reads).map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/customers/${id}`,
    ]);

    standIn.deleteCustomer(id);
    const fresh = await stripe.ensureCustomer({ userId: "user-41", email: "ada@example.com", existing: id });
    expect(fresh).not.toBe(id);
    expect(standIn.customer(fresh)).toMatchObject({ metadata: { user_id: "user-41" } });
    expect(
      await stripe.ensureCustomer({ userId: "user-41", email: "ada@example.com", existing: "cus_nope" }),
    ).not.toBe(fresh);
  });

  it("saves a card by attaching the PaymentMethod Stripe.js made to the customer", async () => {
    const customer = await stripe.ensureCustomer({
      userId: "user-42",
      email: "b@example.com",
      existing: null,
    });
    const token = standIn.createPaymentMethod("pm_card_visa");
    const idempotencyKey = key();
    const card = await stripe.attachCard({ customerId: customer, token, idempotencyKey });
    expect(card).toEqual({
      id: token,
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
      country: "US",
    });
    expect(standIn.paymentMethod(token)?.customer).toBe(customer);
    expect(seen(providerKey("attach", idempotencyKey))).toMatchObject([
      { method: "POST", path: `/v1/payment_methods/${token}/attach` },
    ]);
    expect(standIn.requests.at(-1)?.params.get("customer")).toBe(customer);

    // Attaching checks the card: one that declines everything is refused, in Stripe's words.
    const declined = await refusal(
      stripe.attachCard({ customerId: customer, token: "pm_card_chargeDeclined", idempotencyKey: key() }),
    );
    expect(declined).toMatchObject({
      message: "Your card was declined.",
      code: "card_declined",
      retryable: false,
    });
    // One that attaches but declines its charges (4000000000000341) is saved, and its payment fails.
    const failsLater = await stripe.attachCard({
      customerId: customer,
      token: "pm_card_chargeCustomerFail",
      idempotencyKey: key(),
    });
    expect(failsLater).toMatchObject({ last4: "0341" });
    expect(
      await stripe.authorise(
        authoriseInput(failsLater.id, {
          customerId: customer,
          source: { kind: "saved", cardId: failsLater.id },
        }),
      ),
    ).toMatchObject({
      status: "failed",
      failure: { code: "card_declined", message: "Your card was declined." },
    });
  });

  it("detaches only the customer's own card", async () => {
    const alice = await stripe.ensureCustomer({ userId: "user-43", email: "c@example.com", existing: null });
    const bob = await stripe.ensureCustomer({ userId: "user-44", email: "d@example.com", existing: null });
    const card = await stripe.attachCard({ customerId: alice, token: "pm_card_visa", idempotencyKey: key() });
    await stripe.detachCard({ customerId: bob, cardId: card.id });
    expect(standIn.paymentMethod(card.id)?.customer).toBe(alice);
    await stripe.detachCard({ customerId: alice, cardId: card.id });
    expect(standIn.paymentMethod(card.id)?.customer).toBeNull();
    expect(standIn.requests.at(-1)).toMatchObject({
      path: `/v1/payment_methods/${card.id}/detach`,
      idempotencyKey: providerKey("detach", card.id),
    });
    await stripe.detachCard({ customerId: alice, cardId: "pm_unknown" });
  });

  it("authorises with a PaymentIntent for manual capture, confirmed at once, and says so in the request", async () => {
    const customer = await stripe.ensureCustomer({
      userId: "user-45",
      email: "e@example.com",
      existing: null,
    });
    const input = authoriseInput("pm_card_visa", { customerId: customer });
    const intent = await stripe.authorise(input);
    expect(intent).toMatchObject({
      status: "requires_capture",
      amountCapturable: 4599,
      card: { last4: "4242" },
    });
    const [request] = seen(providerKey("authorise", input.idempotencyKey));
    expect(request).toMatchObject({ method: "POST", path: "/v1/payment_intents" });
    expect(Object.fromEntries(request.params)).toEqual({
      amount: "4599",
      currency: "usd",
      customer,
      payment_method: "pm_card_visa",
      "allowed_payment_method_types[0]": "card",
      capture_method: "manual",
      confirm: "true",
      return_url: "http://localhost:3000/3dscb",
      description: "Nightcap order N-1001",
      "metadata[order]": "N-1001",
      "expand[0]": "payment_method",
    });
  });

  it("passes Stripe's decline messages through as they are, with the decline's reason as the code", async () => {
    for (const [pm, code, message] of [
      ["pm_card_chargeDeclined", "card_declined", "Your card was declined."],
      ["pm_card_chargeDeclinedInsufficientFunds", "insufficient_funds", "Your card has insufficient funds."],
      ["pm_card_chargeDeclinedExpiredCard", "expired_card", "Your card has expired."],
      ["pm_card_chargeDeclinedIncorrectCvc", "incorrect_cvc", "Your card's security code is incorrect."],
      [
        "pm_card_chargeDeclinedProcessingError",
        "processing_error",
        "An error occurred while processing your card. Try again in a little bit.",
      ],
    ] as const) {
      const input = authoriseInput(pm);
      const intent = await stripe.authorise(input);
      expect(intent).toMatchObject({ status: "failed", amountCapturable: 0, failure: { code, message } });
      // Asked again with the same key, Stripe answers the same decline of the same intent.
      expect(await stripe.authorise(input)).toEqual(intent);
    }
  });

  it("takes the shopper through 3-D Secure and learns the outcome from a signed webhook", async () => {
    const notices: PaymentNotice[] = [];
    const refused: string[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        try {
          const notice = stripe.parseNotice(Buffer.concat(chunks), req.headers);
          if (notice) notices.push(notice);
          res.writeHead(200).end();
        } catch (e) {
          refused.push(String(e));
          res.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    standIn.sendEventsTo(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`);
    try {
      const intent = await stripe.authorise(
        authoriseInput("pm_card_threeDSecure2Required", { amount: 3000 }),
      );
      expect(intent).toMatchObject({
        status: "requires_action",
        nextActionUrl: `${standIn.url}/3ds/${intent.id}`,
        card: { brand: "visa", last4: "3184" },
      });
      const page = await fetch(intent.nextActionUrl as string);
      expect(page.status).toBe(200);
      const back = await standIn.completeChallenge(intent.nextActionUrl as string, true);
      expect(back).toMatch(
        new RegExp(`^http://localhost:3000/3dscb\\?payment_intent=${intent.id}&.*redirect_status=succeeded$`),
      );
      await standIn.webhooksSent();
      expect(refused).toEqual([]);
      expect(standIn.delivered.length).toBeGreaterThan(0);
      expect(standIn.delivered.every((d) => d.status === 200)).toBe(true);
      // The order is confirmed from the notice: it names the intent, and the intent is re-read.
      expect(notices.map((n) => n.intentId)).toContain(intent.id);
      expect(notices.every((n) => n.eventId.startsWith("evt_"))).toBe(true);
      expect(await stripe.retrieve(intent.id)).toMatchObject({
        status: "requires_capture",
        amountCapturable: 3000,
      });

      const failed = await stripe.authorise(authoriseInput("pm_card_threeDSecure2Required"));
      expect(await standIn.completeChallenge(failed.nextActionUrl as string, false)).toContain(
        "redirect_status=failed",
      );
      expect(await stripe.retrieve(failed.id)).toMatchObject({
        status: "failed",
        failure: { code: "payment_intent_authentication_failure" },
        card: { last4: "3184" },
      });
    } finally {
      standIn.sendEventsTo(null);
      await standIn.webhooksSent();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  it("finds a checkout's authorisation by the checkout id in its metadata (recovery after a lost answer)", async () => {
    const checkoutId = `u_${keys}_${Date.now()}`;
    const made = await stripe.authorise(
      authoriseInput("pm_card_visa", { metadata: { checkout_id: checkoutId, user_id: "u" } }),
    );
    // Another checkout's intent is not taken for it.
    await stripe.authorise(authoriseInput("pm_card_visa", { metadata: { checkout_id: `${checkoutId}0` } }));
    const found = await stripe.findAuthorisation({ checkoutId });
    expect(found).toMatchObject({ id: made.id, status: "requires_capture", amount: 4599 });
    expect(found?.card).toMatchObject({ brand: "visa", last4: "4242" });
    expect(standIn.requests.at(-2)).toMatchObject({ method: "GET", path: "/v1/payment_intents/search" });
    expect(standIn.requests.at(-2)?.params.get("query")).toBe(`metadata['checkout_id']:'${checkoutId}'`);
    // None made: null, so recovery releases the checkout; a quote in the id cannot end the query's string.
    expect(await stripe.findAuthorisation({ checkoutId: "never_made" })).toBeNull();
    expect(await stripe.findAuthorisation({ checkoutId: "x' OR metadata['a']:'b" })).toBeNull();
  });

  it("captures, voids and refunds as Stripe allows, passing its refusals through", async () => {
    const intent = await stripe.authorise(authoriseInput("pm_card_visa", { amount: 5000 }));
    const over = await refusal(stripe.capture(intent.id, 5001, key()));
    expect(over).toMatchObject({ code: "amount_too_large", retryable: false });
    expect(over.message).toBe(
      "The amount to capture ($50.01) is greater than the amount capturable on this PaymentIntent ($50.00).",
    );
    const refundHold = await refusal(stripe.refund(intent.id, 100, key()));
    expect(refundHold.message).toContain("does not have a successful charge to refund");
    const captureKey = key();
    expect(await stripe.capture(intent.id, 4200, captureKey)).toMatchObject({
      status: "succeeded",
      amountReceived: 4200,
      amountCapturable: 0,
    });
    expect(seen(providerKey("capture", captureKey))[0].params.get("amount_to_capture")).toBe("4200");
    expect((await refusal(stripe.cancel(intent.id, key()))).message).toMatch(
      /^You cannot cancel this PaymentIntent because it has a status of succeeded\./,
    );
    const refundKey = key();
    const refund = await stripe.refund(intent.id, 4200, refundKey);
    expect(refund).toEqual({ id: expect.stringMatching(/^re_/), status: "succeeded" });
    expect(Object.fromEntries(seen(providerKey("refund", refundKey))[0].params)).toEqual({
      payment_intent: intent.id,
      amount: "4200",
    });
    expect(await refusal(stripe.refund(intent.id, 1, key()))).toMatchObject({
      code: "charge_already_refunded",
      retryable: false,
    });

    const voided = await stripe.authorise(authoriseInput("pm_card_visa"));
    expect(await stripe.cancel(voided.id, key())).toMatchObject({ status: "canceled", amountCapturable: 0 });
    expect(await refusal(stripe.capture(voided.id, 100, key()))).toMatchObject({
      code: "payment_intent_unexpected_state",
    });
  });

  it("sends every POST with an idempotency key derived from the caller's", async () => {
    const from = standIn.requests.length;
    const customer = await stripe.ensureCustomer({
      userId: "user-46",
      email: "f@example.com",
      existing: null,
    });
    const card = await stripe.attachCard({
      customerId: customer,
      token: "pm_card_visa",
      idempotencyKey: "k-attach",
    });
    const intent = await stripe.authorise(
      authoriseInput(card.id, {
        customerId: customer,
        source: { kind: "saved", cardId: card.id },
        idempotencyKey: "k-pay",
      }),
    );
    await stripe.capture(intent.id, 1000, "k-capture");
    await stripe.refund(intent.id, 500, "k-refund");
    const held = await stripe.authorise(authoriseInput("pm_card_visa", { idempotencyKey: "k-pay-2" }));
    await stripe.cancel(held.id, "k-void");
    await stripe.detachCard({ customerId: customer, cardId: card.id });
    const posts = standIn.requests.slice(from).filter((r) => r.method === "POST");
    expect(posts.map((r) => r.idempotencyKey)).toEqual([
      expect.stringMatching(/^nightcap-customer-/),
      "nightcap-attach-k-attach",
      "nightcap-authorise-k-pay",
      "nightcap-capture-k-capture",
      "nightcap-refund-k-refund",
      "nightcap-authorise-k-pay-2",
      "nightcap-cancel-k-void",
      `nightcap-detach-${card.id}`,
    ]);
    // Stripe keeps keys of up to 255 characters: a longer one is hashed, the same way each time.
    const long = "x".repeat(300);
    expect(providerKey("refund", long)).toHaveLength("nightcap-refund-".length + 64);
    expect(providerKey("refund", long)).toBe(providerKey("refund", long));
  });

  it("does a retried call once: the same key answers the first answer, another body with it is refused", async () => {
    const input = authoriseInput(standIn.createPaymentMethod("pm_card_visa"));
    const intents = standIn.intentCount();
    const first = await stripe.authorise(input);
    const second = await stripe.authorise(input);
    expect(second).toEqual(first);
    expect(standIn.intentCount()).toBe(intents + 1);
    expect(seen(providerKey("authorise", input.idempotencyKey)).map((r) => r.replayed)).toEqual([
      false,
      true,
    ]);

    const misuse = await refusal(stripe.authorise({ ...input, amount: 4600 }));
    expect(misuse).toMatchObject({ code: "idempotency_error", retryable: false });
    expect(misuse.message).toContain("can only be used with the same parameters");
  });

  it("does it once when the answer is lost on the way back and the SDK asks again with the same key", async () => {
    const input = authoriseInput(standIn.createPaymentMethod("pm_card_visa"));
    const intents = standIn.intentCount();
    standIn.failNext({ kind: "drop" });
    const intent = await stripe.authorise(input);
    expect(intent).toMatchObject({ status: "requires_capture" });
    expect(standIn.intentCount()).toBe(intents + 1);
    expect(seen(providerKey("authorise", input.idempotencyKey)).map((r) => r.replayed)).toEqual([
      false,
      true,
    ]);

    // A 500 is retried by the SDK (with retries on, as in production), under the same key.
    const retrying = provider({ maxNetworkRetries: 2 });
    const refundKey = key();
    await stripe.capture(intent.id, 4599, key());
    standIn.failNext({ kind: "status", status: 500 });
    expect(await retrying.refund(intent.id, 4599, refundKey)).toMatchObject({ status: "succeeded" });
    expect(seen(providerKey("refund", refundKey))).toHaveLength(2);
    expect(standIn.refundCount()).toBeGreaterThan(0);
    expect(await refusal(stripe.refund(intent.id, 1, key()))).toMatchObject({
      code: "charge_already_refunded",
    });
  });

  it("calls a failure worth retrying retryable (network, 5xx, 429) and any other refusal final", async () => {
    standIn.failNext({ kind: "status", status: 500 });
    expect(await refusal(stripe.retrieve("pi_any"))).toMatchObject({ code: "api_error", retryable: true });
    standIn.failNext({ kind: "status", status: 503 });
    expect(await refusal(stripe.authorise(authoriseInput("pm_card_visa")))).toMatchObject({
      retryable: true,
    });
    standIn.failNext({ kind: "status", status: 429 });
    expect(await refusal(stripe.capture("pi_any", 100, key()))).toMatchObject({
      code: "rate_limit",
      retryable: true,
    });

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = provider({ apiUrl: `http://127.0.0.1:${port}` });
    expect(await refusal(unreachable.authorise(authoriseInput("pm_card_visa")))).toMatchObject({
      code: "connection_error",
      retryable: true,
    });

    const wrongKey = provider({ secretKey: "sk_test_not_the_key_0000" });
    const auth = await refusal(wrongKey.retrieve("pi_any"));
    expect(auth).toMatchObject({ retryable: false });
    expect(auth.message).toMatch(/^Invalid API Key provided: sk_test_/);
    expect(await refusal(stripe.retrieve("pi_unknown"))).toMatchObject({
      code: "resource_missing",
      message: "No such payment_intent: 'pi_unknown'",
      retryable: false,
    });
    expect(await refusal(stripe.authorise(authoriseInput("pm_card_visa", { amount: 49 })))).toMatchObject({
      code: "amount_too_small",
      retryable: false,
    });
  });

  describe("notices (webhooks)", () => {
    const event = (type: string, object: Record<string, unknown>) => ({
      id: "evt_1",
      object: "event",
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object },
      request: { id: null, idempotency_key: null },
    });
    const intentEvent = event("payment_intent.amount_capturable_updated", {
      id: "pi_123",
      object: "payment_intent",
    });
    const parse = (body: string, headers: Record<string, string | string[] | undefined>) =>
      stripe.parseNotice(Buffer.from(body), headers);
    const refusedNotice = (body: string, headers: Record<string, string | string[] | undefined>) => {
      try {
        parse(body, headers);
      } catch (e) {
        return e as { code: string; message: string };
      }
      throw new Error("the notice was accepted");
    };

    it("accepts a payment_intent event signed with the endpoint's secret and names its intent", () => {
      const { body, headers } = signEvent(intentEvent, STAND_IN_WEBHOOK_SECRET);
      expect(parse(body, headers)).toEqual({ eventId: "evt_1", intentId: "pi_123" });
      expect(parse(body, { "Stripe-Signature": [headers["stripe-signature"]] })).toEqual({
        eventId: "evt_1",
        intentId: "pi_123",
      });
    });

    it("answers null for an event about anything other than a payment", () => {
      const { body, headers } = signEvent(
        event("charge.refunded", { id: "ch_1", payment_intent: "pi_123" }),
        STAND_IN_WEBHOOK_SECRET,
      );
      expect(parse(body, headers)).toBeNull();
    });

    it("refuses a notice signed with another secret, a changed body, an old timestamp, or no signature", () => {
      const other = signEvent(intentEvent, "whsec_someone_else");
      expect(refusedNotice(other.body, other.headers)).toMatchObject({ code: "signature_invalid" });

      const { body, headers } = signEvent(intentEvent, STAND_IN_WEBHOOK_SECRET);
      expect(refusedNotice(body.replace("pi_123", "pi_999"), headers)).toMatchObject({
        code: "signature_invalid",
      });

      const old = signEvent(intentEvent, STAND_IN_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 301);
      expect(refusedNotice(old.body, old.headers)).toMatchObject({
        code: "signature_invalid",
        message: expect.stringContaining("Timestamp outside the tolerance zone"),
      });
      const recent = signEvent(intentEvent, STAND_IN_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 240);
      expect(parse(recent.body, recent.headers)).toMatchObject({ intentId: "pi_123" });

      expect(refusedNotice(body, {})).toMatchObject({ code: "signature_missing" });
      expect(refusedNotice(body, { "stripe-signature": "t=1,v1=00" })).toMatchObject({
        code: "signature_invalid",
      });
    });
  });

  describe("keeps the provider contract (the sandbox runs the same checks)", () => {
    providerContract(() => ({
      provider: stripe,
      token: async (card) => standIn.createPaymentMethod(CONTRACT_CARDS[card]),
      answerChallenge: async (intent, passed) => {
        await standIn.completeChallenge(intent.nextActionUrl as string, passed);
      },
    }));
  });
});
