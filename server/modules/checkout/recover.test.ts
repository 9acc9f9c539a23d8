import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkoutIdFor } from "#domain/checkout/request.ts";
import { ORDER_STATUS } from "#domain/orders/status.ts";
import { loadConfig } from "#server/config.ts";
import type { JobQueue } from "#server/platform/jobs.ts";
import type { AuthoriseInput } from "#server/platform/payments/provider.ts";
import { SandboxProvider } from "#server/platform/payments/sandbox/sandbox-provider.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { shopperWithCart } from "#tests/factories/shopper.ts";
import { useTestApp } from "#tests/support/app.ts";
import { testDatabases } from "#tests/support/db.ts";
import { Outbox } from "../messages/index.ts";
import { OrderMoves } from "../orders/index.ts";
import type { CheckoutContext } from "./context.ts";
import { RECOVER_CHECKOUT_AFTER_SECONDS } from "./jobs.ts";
import { recoverCheckout, sweepCutOffCheckouts } from "./recover.ts";

const WHISKEY = "IA-9001-750"; // $29.99 at Manhattan
const MANHATTAN = "d-manhattan";
const CARDS = {
  succeeds: "4242424242424242",
  declines: "4000000000000002",
  threeDSecure: "4000002760003184",
};

let clock = Date.now();

describe.each(testDatabases)("a checkout cut off before it settled, on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture });
  const realAuthorise = SandboxProvider.prototype.authorise;
  afterEach(() => vi.restoreAllMocks());

  /** The job's handler as another instance runs it (its moves' notification jobs are not this test's business). */
  const ctx = (): CheckoutContext => {
    const jobs = {
      send: async () => null,
      gathered: (_tx: unknown, work: () => Promise<unknown>) => work(),
    } as unknown as JobQueue;
    return {
      db: s.db,
      config: loadConfig({ NODE_ENV: "test" }),
      provider: new SandboxProvider(s.db),
      jobs,
      outbox: new Outbox(jobs),
      orderMoves: new OrderMoves(),
      now: () => new Date(),
    };
  };

  async function token(number: string) {
    const res = await s.app.inject({
      method: "POST",
      url: "/sandbox-pay/v1/tokens",
      payload: { number, exp_month: 12, exp_year: 2031, cvc: "123" },
    });
    return res.json().id as string;
  }

  const stockOf = async () =>
    (
      await s.db
        .selectFrom("inventory")
        .select("stock")
        .where("store_id", "=", MANHATTAN)
        .where("sku_id", "=", WHISKEY)
        .executeTakeFirstOrThrow()
    ).stock;

  /**
   * Places 2 whiskeys with `card`; `cut` says when the instance dies: after the provider authorised (its answer
   * never settled) or before it asked; "never" places it normally.
   */
  async function place(card: string, cut: "after-authorising" | "before-authorising" | "never") {
    const { user, browser } = await shopperWithCart(s, [{ sku: WHISKEY, qty: 2 }]);
    if (cut !== "never")
      vi.spyOn(SandboxProvider.prototype, "authorise").mockImplementationOnce(async function (
        this: SandboxProvider,
        input: AuthoriseInput,
      ) {
        if (cut === "after-authorising") await realAuthorise.call(this, input);
        throw new Error("SIGKILL");
      });
    const id = checkoutIdFor(user.id, new Date(clock++));
    const body = { id, paymentMethod: { type: "token", token: await token(card) }, deliveryTime: "asap" };
    const res = await browser.post("/order/v3", body);
    expect(res.statusCode, res.body).toBe(cut === "never" ? 200 : 500);
    return { id, user, browser, retry: () => browser.post("/order/v3", body) };
  }

  const checkoutOf = (id: string) =>
    s.db.selectFrom("checkouts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const ordersOf = (id: string) =>
    s.db
      .selectFrom("orders")
      .select(["order_status", "version", "payment_id"])
      .where("checkout_id", "=", id)
      .execute();
  const intentsOf = (userId: string) =>
    s.db
      .selectFrom("sandbox_intents")
      .select(["id", "status", "amount_capturable"])
      .where(sql<string>`metadata->>'user_id'`, "=", userId)
      .execute();
  const authorisationOf = (paymentId: string) =>
    s.db
      .selectFrom("payment_operations")
      .select("status")
      .where("payment_id", "=", paymentId)
      .where("kind", "=", "authorisation")
      .execute();
  /** Its claim made `seconds` ago. */
  const age = (id: string, seconds: number) =>
    s.db
      .updateTable("checkouts")
      .set({ created_at: new Date(Date.now() - seconds * 1000) })
      .where("id", "=", id)
      .execute();
  const sweep = () =>
    sweepCutOffCheckouts(ctx(), (err) => {
      throw err;
    });

  it("is swept once its delay is up, and an authorised one settled: orders placed, held once, stock sold", async () => {
    const before = await stockOf();
    const { id, user, retry } = await place(CARDS.succeeds, "after-authorising");
    // The cut-off as the soak saw it: processing, awaiting payment, the hold made but not recorded.
    expect((await checkoutOf(id)).state).toBe("processing");
    expect((await ordersOf(id)).map((o) => o.order_status)).toEqual([ORDER_STATUS.awaitingPayment]);
    expect((await retry()).json().error.code).toBe("checkout_in_progress");
    // Within its delay, the sweep leaves it to its request.
    await age(id, RECOVER_CHECKOUT_AFTER_SECONDS - 2);
    await sweep();
    expect((await checkoutOf(id)).state).toBe("processing");

    await age(id, RECOVER_CHECKOUT_AFTER_SECONDS + 1);
    await sweep();
    expect((await checkoutOf(id)).state).toBe("completed");
    expect((await checkoutOf(id)).answer).toMatchObject({ status: "succeeded", checkout_id: id });
    const [order] = await ordersOf(id);
    expect(order.order_status).toBe(ORDER_STATUS.placed);
    expect(await authorisationOf(order.payment_id)).toEqual([{ status: "succeeded" }]);
    const intents = await intentsOf(user.id);
    expect(intents).toMatchObject([{ status: "requires_capture" }]);
    const payment = await s.db
      .selectFrom("payments")
      .select("provider_intent_id")
      .where("id", "=", order.payment_id)
      .executeTakeFirstOrThrow();
    expect(payment.provider_intent_id).toBe(intents[0].id);
    expect(await stockOf()).toBe(before - 2);

    // Again (a repeated job): nothing changes; the shopper's retry gets the orders.
    expect(await recoverCheckout(ctx(), id)).toBeNull();
    expect(await ordersOf(id)).toEqual([order]);
    expect(await intentsOf(user.id)).toEqual(intents);
    const answer = await retry();
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().orders).toMatchObject([{ order_status: ORDER_STATUS.placed }]);
  });

  it.each([
    ["declined", CARDS.declines, "after-authorising", "card_declined"],
    ["never asked", CARDS.succeeds, "before-authorising", "checkout_interrupted"],
    ["left at a challenge never shown", CARDS.threeDSecure, "after-authorising", "checkout_interrupted"],
  ] as const)("releases one %s: stock back, nothing held, orders cancelled", async (_, card, cut, code) => {
    const before = await stockOf();
    const { id, user, retry } = await place(card, cut);
    expect(await stockOf()).toBe(before - 2);

    expect(await recoverCheckout(ctx(), id)).toMatchObject({ status: "failed", error: { code } });
    expect(await recoverCheckout(ctx(), id)).toBeNull();
    const orders = await ordersOf(id);
    expect(orders.map((o) => o.order_status)).toEqual([ORDER_STATUS.cancelled]);
    expect(await authorisationOf(orders[0].payment_id)).toEqual([{ status: "failed" }]);
    expect(await stockOf()).toBe(before - 0);
    for (const intent of await intentsOf(user.id)) expect(intent.amount_capturable).toBe(0);
    expect((await checkoutOf(id)).state).toBe("failed");
    expect((await retry()).json().error.code).toBe(code);
  });

  it("is recovered by the shopper's retry once older than the recovery's delay", async () => {
    const before = await stockOf();
    const { id, retry } = await place(CARDS.succeeds, "after-authorising");
    expect((await retry()).statusCode).toBe(409);
    await age(id, RECOVER_CHECKOUT_AFTER_SECONDS + 1);
    const res = await retry();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().orders).toMatchObject([{ order_status: ORDER_STATUS.placed }]);
    expect(await recoverCheckout(ctx(), id)).toBeNull();
    expect(await stockOf()).toBe(before - 2);
  });

  it("frees the id of a checkout claimed but never reserved, once its delay is up", async () => {
    const { user } = await shopperWithCart(s, [{ sku: WHISKEY, qty: 1 }]);
    const claim = (id: string) => ({
      id,
      user_id: user.id,
      fingerprint: "f",
      state: "processing" as const,
      origin: "web",
    });
    const [stale, fresh] = [
      checkoutIdFor(user.id, new Date(clock++)),
      checkoutIdFor(user.id, new Date(clock++)),
    ];
    await s.db
      .insertInto("checkouts")
      .values([claim(stale), claim(fresh)])
      .execute();
    await age(stale, RECOVER_CHECKOUT_AFTER_SECONDS + 1);
    await sweep();
    const left = await s.db.selectFrom("checkouts").select("id").where("id", "in", [stale, fresh]).execute();
    expect(left).toEqual([{ id: fresh }]);
  });

  it("leaves a checkout that settled normally alone", async () => {
    const before = await stockOf();
    const { id, user } = await place(CARDS.succeeds, "never");
    const orders = await ordersOf(id);
    const intents = await intentsOf(user.id);
    expect(await recoverCheckout(ctx(), id)).toBeNull();
    expect(await ordersOf(id)).toEqual(orders);
    expect(orders.map((o) => o.order_status)).toEqual([ORDER_STATUS.placed]);
    expect(await intentsOf(user.id)).toEqual(intents);
    expect(await stockOf()).toBe(before - 2);
  });
});

describe.each(testDatabases)("the recovery sweep, run by the app, on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture, workers: true, recoverySweepMs: 300 });
  const realAuthorise = SandboxProvider.prototype.authorise;
  afterEach(() => vi.restoreAllMocks());

  it("settles a checkout cut off after its authorisation once its delay is up", async () => {
    const { user, browser } = await shopperWithCart(s, [{ sku: WHISKEY, qty: 1 }]);
    vi.spyOn(SandboxProvider.prototype, "authorise").mockImplementationOnce(async function (
      this: SandboxProvider,
      input: AuthoriseInput,
    ) {
      await realAuthorise.call(this, input);
      throw new Error("SIGKILL");
    });
    const token = (
      await s.app.inject({
        method: "POST",
        url: "/sandbox-pay/v1/tokens",
        payload: { number: CARDS.succeeds, exp_month: 12, exp_year: 2031, cvc: "123" },
      })
    ).json().id as string;
    const id = checkoutIdFor(user.id, new Date(clock++));
    const res = await browser.post("/order/v3", { id, paymentMethod: { type: "token", token } });
    expect(res.statusCode).toBe(500);

    // Its delay, passed: the next sweep finds it.
    await s.db
      .updateTable("checkouts")
      .set({ created_at: new Date(Date.now() - (RECOVER_CHECKOUT_AFTER_SECONDS + 1) * 1000) })
      .where("id", "=", id)
      .execute();
    const until = Date.now() + 20_000;
    let state = "processing";
    while (state === "processing" && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      state = (
        await s.db.selectFrom("checkouts").select("state").where("id", "=", id).executeTakeFirstOrThrow()
      ).state;
    }
    expect(state).toBe("completed");
    const orders = await s.db
      .selectFrom("orders")
      .select("order_status")
      .where("checkout_id", "=", id)
      .execute();
    expect(orders).toEqual([{ order_status: ORDER_STATUS.placed }]);
  });
});
