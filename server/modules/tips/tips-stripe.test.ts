import { describe, expect, it } from "vitest";
import { ProviderError } from "#server/platform/payments/provider.ts";
import { StripeProvider } from "#server/platform/payments/stripe/stripe-provider.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { moveOrderAsStaff } from "#tests/factories/orders.ts";
import { placedOrder } from "#tests/factories/placed-orders.ts";
import { useTestApp } from "#tests/support/app.ts";
import { useStripeStandIn } from "#tests/support/stripe-app.ts";
import {
  STAND_IN_PUBLISHABLE_KEY,
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
} from "#tests/support/stripe-stand-in.ts";
import { chargeExtra } from "../payments/index.ts";

const WHISKEY = "IA-9001-750";

/** chargeExtra through the Stripe provider, against the stand-in of Stripe's API (PGlite is enough here). */
describe("a tip through the Stripe provider", () => {
  const stand = useStripeStandIn();
  const s = useTestApp("pglite", { fixture: createDeliveryFixture, env: stand.env });

  async function deliveredOrderPaidWithSavedCard() {
    const placed = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }], {
      body: { paymentMethod: { type: "token", token: "pm_card_visa", save: true } },
    });
    const id = placed.orders[0]._id;
    for (const type of ["accept", "dispatch", "deliver"] as const) await moveOrderAsStaff(s.db, id, { type });
    return { ...placed, id };
  }

  const tipRequests = (id: string) =>
    stand.standIn.requests.filter((r) => r.idempotencyKey?.includes(`tip:${id}`) && r.method === "POST");

  it("authorises and captures a new intent on the saved card, for the shopper's customer", async () => {
    const { id, user, browser } = await deliveredOrderPaidWithSavedCard();
    const paid = await s.db
      .selectFrom("payments as p")
      .innerJoin("cards as c", "c.id", "p.card_id")
      .innerJoin("users as u", "u.id", "p.user_id")
      .select(["c.provider_card_id", "u.payment_customer_id"])
      .where("p.user_id", "=", user.id)
      .where("p.purpose", "=", "checkout")
      .executeTakeFirstOrThrow();

    const res = await browser.post("/order/tip/", { id, amount: 650, rating: 5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ amount: 650, rating: 5, charge: { brand: "visa", last4: "4242" } });

    const [create, capture] = tipRequests(id);
    expect(create.path).toBe("/v1/payment_intents");
    expect(create.params.get("amount")).toBe("650");
    expect(create.params.get("capture_method")).toBe("manual");
    expect(create.params.get("payment_method")).toBe(paid.provider_card_id);
    expect(create.params.get("customer")).toBe(paid.payment_customer_id);
    expect(create.params.get("metadata[purpose]")).toBe("tip");
    expect(capture.path).toMatch(/^\/v1\/payment_intents\/[^/]+\/capture$/);
    expect(capture.params.get("amount_to_capture")).toBe("650");
  });

  it("a lost answer leaves the charge pending; carried on with the same keys, Stripe replays it: one intent", async () => {
    const { id, user } = await deliveredOrderPaidWithSavedCard();
    const stripe = new StripeProvider({
      secretKey: STAND_IN_SECRET_KEY,
      publishableKey: STAND_IN_PUBLISHABLE_KEY,
      webhookSecret: STAND_IN_WEBHOOK_SECRET,
      apiUrl: stand.standIn.url,
      maxNetworkRetries: 0,
    });
    // The capture happens at Stripe, but its answer never comes back.
    let lose = true;
    const lossy = Object.create(stripe) as StripeProvider;
    lossy.capture = async (intentId, amount, key) => {
      const answer = await stripe.capture(intentId, amount, key);
      if (lose) {
        lose = false;
        throw new ProviderError("connection reset", "api_connection_error", true);
      }
      return answer;
    };
    const charge = {
      userId: user.id,
      orderId: id,
      amount: 425,
      purpose: "substitution" as const,
      idempotencyKey: `substitution:${id}:1`,
      description: "Nightcap substitution",
      origin: "http://localhost",
    };
    const intentsBefore = stand.standIn.intentCount();
    await expect(chargeExtra({ db: s.db, provider: lossy }, charge)).rejects.toMatchObject({
      status: 502,
      code: "payment_provider_unavailable",
    });
    const pending = await s.db
      .selectFrom("payments")
      .select("id")
      .where("idempotency_key", "=", charge.idempotencyKey)
      .executeTakeFirstOrThrow();
    const ops = () =>
      s.db
        .selectFrom("payment_operations")
        .select(["kind", "status"])
        .where("payment_id", "=", pending.id)
        .orderBy("id")
        .execute();
    expect(await ops()).toEqual([
      { kind: "authorisation", status: "succeeded" },
      { kind: "capture", status: "pending" },
    ]);
    // At once: the first request might still be at it.
    await expect(chargeExtra({ db: s.db, provider: lossy }, charge)).rejects.toMatchObject({
      status: 409,
      code: "charge_in_progress",
    });
    // Later: carried on with the same keys.
    await s.db
      .updateTable("payments")
      .set({ updated_at: new Date(Date.now() - 60_000) })
      .where("id", "=", pending.id)
      .execute();
    const outcome = await chargeExtra({ db: s.db, provider: lossy }, charge);
    expect(outcome).toMatchObject({ status: "succeeded", amount: 425, card: { last4: "4242" } });
    expect(await ops()).toEqual([
      { kind: "authorisation", status: "succeeded" },
      { kind: "capture", status: "succeeded" },
    ]);
    expect(stand.standIn.intentCount()).toBe(intentsBefore + 1);
    const replays = stand.standIn.requests.filter((r) => r.idempotencyKey?.includes(charge.idempotencyKey));
    expect(replays.filter((r) => r.replayed).length).toBeGreaterThanOrEqual(2);
    // The same key once more: the first outcome, no call to Stripe.
    const seen = stand.standIn.requests.length;
    expect(await chargeExtra({ db: s.db, provider: lossy }, charge)).toEqual(outcome);
    expect(stand.standIn.requests.length).toBe(seen);
  });
});
