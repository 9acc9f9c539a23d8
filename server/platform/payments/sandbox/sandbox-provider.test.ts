import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DECLINE_MESSAGES } from "#domain/payments/test-cards.ts";
import { openTestDb, type TestDb, testDatabases } from "#tests/support/db.ts";
import type { AuthoriseInput, PaymentSource } from "../provider.ts";
import { type ContractCard, providerContract } from "../provider-contract.ts";
import { AUTHENTICATION_FAILED, SandboxProvider } from "./sandbox-provider.ts";

const card = (number: string) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: number.startsWith("3") ? "1234" : "123",
});
const CONTRACT_CARDS: Record<ContractCard, string> = {
  visa: "4242424242424242",
  mastercard: "5555555555554444",
  threeDSecure: "4000002760003184",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
  expiredCard: "4000000000000069",
  incorrectCvc: "4000000000000127",
};
let keys = 0;
const key = () => `test-key-${Date.now()}-${keys++}`;
/** An authorisation as checkout asks for one, with a key of its own unless given. */
const authorisation = (source: PaymentSource, fields: Partial<AuthoriseInput> = {}): AuthoriseInput => ({
  amount: 1000,
  currency: "usd",
  customerId: null,
  source,
  returnUrl: "http://localhost:3000/3dscb",
  description: "Nightcap order",
  metadata: {},
  idempotencyKey: key(),
  ...fields,
});

describe.each(testDatabases)("the sandbox card provider on %s", (kind) => {
  let t: TestDb;
  let sandbox: SandboxProvider;
  const notices: string[] = [];
  beforeAll(async () => {
    t = await openTestDb(kind);
    sandbox = new SandboxProvider(t.db, () => new Date("2026-11-25T12:00:00Z"));
    sandbox.onNotice((n) => notices.push(n.intentId));
  });
  afterAll(async () => t.close());

  const pay = async (number: string, amount = 4599) => {
    const token = await sandbox.createToken(card(number));
    return sandbox.authorise(authorisation({ kind: "token", token: token.id }, { amount }));
  };

  it("tokenises a card as brand, last four and expiry, and keeps no number", async () => {
    const token = await sandbox.createToken(card("4242424242424242"));
    expect(token).toEqual({
      id: expect.stringMatching(/^tok_/),
      card: { brand: "visa", last4: "4242", expMonth: 12, expYear: 2030, country: "US" },
    });
    const stored = JSON.stringify(await t.db.selectFrom("sandbox_cards").selectAll().execute());
    expect(stored).not.toContain("4242424242424242");
  });

  it("refuses a card its page would refuse, in Stripe's words", async () => {
    await expect(sandbox.createToken({ ...card("4242424242424241") })).rejects.toThrow(
      "Your card number is invalid.",
    );
    await expect(sandbox.createToken({ ...card("4242424242424242"), expYear: 2025 })).rejects.toThrow(
      "Your card's expiration year is in the past.",
    );
  });

  it("authorises 4242 for capture, and declines the decline numbers with their messages", async () => {
    expect(await pay("4242424242424242")).toMatchObject({
      status: "requires_capture",
      amountCapturable: 4599,
      card: { brand: "visa", last4: "4242" },
    });
    for (const [number, code] of [
      ["4000000000000002", "card_declined"],
      ["4000000000009995", "insufficient_funds"],
      ["4000000000000069", "expired_card"],
      ["4000000000000127", "incorrect_cvc"],
    ] as const) {
      expect(await pay(number)).toMatchObject({
        status: "failed",
        failure: { code, message: DECLINE_MESSAGES[code] },
        amountCapturable: 0,
      });
    }
  });

  it("asks 3184 for 3-D Secure; a passed challenge authorises it and notifies, a failed one declines it", async () => {
    const passed = await pay("4000002760003184");
    expect(passed).toMatchObject({
      status: "requires_action",
      nextActionUrl: `/sandbox-pay/3ds/${passed.id}`,
    });
    const back = await sandbox.answerChallenge(passed.id, true);
    expect(back).toBe(`http://localhost:3000/3dscb?payment_intent=${passed.id}&redirect_status=succeeded`);
    expect(await sandbox.retrieve(passed.id)).toMatchObject({
      status: "requires_capture",
      amountCapturable: 4599,
    });
    expect(notices).toContain(passed.id);

    const failed = await pay("4000002760003184");
    await sandbox.answerChallenge(failed.id, false);
    expect(await sandbox.retrieve(failed.id)).toMatchObject({
      status: "failed",
      failure: { message: AUTHENTICATION_FAILED },
    });
  });

  it("captures up to the hold (releasing the rest), refunds up to the capture, voids only what is not captured", async () => {
    const intent = await pay("4242424242424242", 5000);
    await expect(sandbox.capture(intent.id, 5001, key())).rejects.toThrow("exceeds what is capturable");
    expect(await sandbox.capture(intent.id, 4500, key())).toMatchObject({
      status: "succeeded",
      amountReceived: 4500,
      amountCapturable: 0,
    });
    await expect(sandbox.cancel(intent.id, key())).rejects.toThrow("status of succeeded");
    expect(await sandbox.refund(intent.id, 4000, key())).toMatchObject({ status: "succeeded" });
    await expect(sandbox.refund(intent.id, 501, key())).rejects.toThrow("exceeds what was charged");
    expect(await sandbox.refund(intent.id, 500, key())).toMatchObject({ status: "succeeded" });

    const held = await pay("4242424242424242");
    expect(await sandbox.cancel(held.id, key())).toMatchObject({ status: "canceled", amountCapturable: 0 });
  });

  it("does a call once per idempotency key, also when the repeats arrive together", async () => {
    const token = await sandbox.createToken(card("4242424242424242"));
    const input = authorisation({ kind: "token", token: token.id });
    const answers = await Promise.all([1, 2, 3, 4].map(() => sandbox.authorise(input)));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    const intent = answers[0];
    const refundKey = key();
    await sandbox.capture(intent.id, 1000, key());
    const refunds = await Promise.all([1, 2, 3].map(() => sandbox.refund(intent.id, 1000, refundKey)));
    expect(new Set(refunds.map((r) => r.id)).size).toBe(1);
  });

  it("answers an authorisation as retrieve reads its intent, and a repeat of its key the same", async () => {
    for (const number of ["4242424242424242", "4000000000009995", "4000002760003184", "4000008400001629"]) {
      const token = await sandbox.createToken(card(number));
      const input = authorisation(
        { kind: "token", token: token.id },
        { amount: 1234, metadata: { checkout_id: "c-1" } },
      );
      const answer = await sandbox.authorise(input);
      expect(answer).toEqual(await sandbox.retrieve(answer.id));
      expect(await sandbox.authorise(input)).toEqual(answer);
      expect(await sandbox.findAuthorisation({ idempotencyKey: input.idempotencyKey })).toEqual(answer);
    }
  });

  it("leaves no key for a call that fails, and answers repeats with other cards as the first", async () => {
    const spent = await sandbox.createToken(card("4242424242424242"));
    const input = authorisation({ kind: "token", token: spent.id }, { amount: 500 });
    await sandbox.authorise({ ...input, idempotencyKey: key() });
    const retried = key();
    await expect(sandbox.authorise({ ...input, idempotencyKey: retried })).rejects.toThrow("already used");
    const fresh = await sandbox.createToken(card("4242424242424242"));
    const first = await sandbox.authorise({
      ...input,
      source: { kind: "token", token: fresh.id },
      idempotencyKey: retried,
    });
    expect(first).toMatchObject({ status: "requires_capture", amount: 500 });

    // Repeats of a key with tokens of their own, together: one intent, and no other token spent.
    const together = key();
    const tokens = await Promise.all([1, 2, 3].map(() => sandbox.createToken(card("4242424242424242"))));
    const answers = await Promise.all(
      tokens.map((t) =>
        sandbox.authorise({ ...input, source: { kind: "token", token: t.id }, idempotencyKey: together }),
      ),
    );
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    const used = await t.db
      .selectFrom("sandbox_cards")
      .select("id")
      .where(
        "id",
        "in",
        tokens.map((x) => x.id),
      )
      .where("used_at", "is not", null)
      .execute();
    expect(used).toHaveLength(1);
    const intents = await t.db
      .selectFrom("sandbox_intents")
      .select("id")
      .where(
        "card_id",
        "in",
        tokens.map((x) => x.id),
      )
      .execute();
    expect(intents).toEqual([{ id: answers[0].id }]);
  });

  it("saves a card on a customer and pays with it; a token works once", async () => {
    const customer = await sandbox.ensureCustomer({
      userId: "user-1",
      email: "a@example.com",
      existing: null,
    });
    expect(await sandbox.ensureCustomer({ userId: "user-1", email: "a@example.com", existing: null })).toBe(
      customer,
    );
    const token = await sandbox.createToken(card("5555555555554444"));
    const saved = await sandbox.attachCard({ customerId: customer, token: token.id, idempotencyKey: key() });
    expect(saved).toMatchObject({ id: expect.stringMatching(/^pm_/), brand: "mastercard", last4: "4444" });
    await expect(
      sandbox.attachCard({ customerId: customer, token: token.id, idempotencyKey: key() }),
    ).rejects.toThrow("already used");
    const intent = await sandbox.authorise(
      authorisation({ kind: "saved", cardId: saved.id }, { amount: 2500, customerId: customer }),
    );
    expect(intent).toMatchObject({ status: "requires_capture", card: { last4: "4444" } });
    // A saved card's repeats, together: one intent, every one answered with it.
    const savedInput = authorisation(
      { kind: "saved", cardId: saved.id },
      { amount: 700, customerId: customer },
    );
    const repeats = await Promise.all([1, 2, 3].map(() => sandbox.authorise(savedInput)));
    expect(repeats.every((r) => r.id === repeats[0].id)).toBe(true);
    const made = await t.db
      .selectFrom("sandbox_intents")
      .select("id")
      .where("card_id", "=", saved.id)
      .where("amount", "=", 700)
      .execute();
    expect(made).toEqual([{ id: repeats[0].id }]);
    await expect(
      sandbox.authorise({ ...savedInput, customerId: null, idempotencyKey: key() }),
    ).rejects.toThrow("No such payment method.");
    await sandbox.detachCard({ customerId: customer, cardId: saved.id });
    await expect(
      sandbox.authorise(
        authorisation({ kind: "saved", cardId: saved.id }, { amount: 1, customerId: customer }),
      ),
    ).rejects.toThrow("No such payment method.");
  });

  describe("keeps the provider contract (the Stripe provider runs the same checks)", () => {
    providerContract(() => ({
      provider: sandbox,
      token: async (name) => (await sandbox.createToken(card(CONTRACT_CARDS[name]))).id,
      answerChallenge: async (intent, passed) => {
        await sandbox.answerChallenge(intent.id, passed);
      },
    }));
  });
});
