import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { checkoutIdFor } from "#domain/checkout/request.ts";
import { jobSchemaFor } from "#server/platform/jobs.ts";
import { SandboxProvider } from "#server/platform/payments/sandbox/sandbox-provider.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { placedOrder } from "#tests/factories/placed-orders.ts";
import { useTestApp } from "#tests/support/app.ts";
import { testDatabases } from "#tests/support/db.ts";
import { OrderMoves } from "./moves.ts";
import { expireUnaccepted, type OrderDeadlinesContext, releaseScheduled } from "./timeouts.ts";

describe.each(testDatabases)("an order no store accepts in time, on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture });

  it("is cancelled and its hold released, once", async () => {
    const user = await createUser(s.db);
    const browser = await signedInBrowser(s.app, user);
    await browser.post("/order/address", { address: "350 5th Ave, New York, NY 10001" });
    await browser.post("/menu/cart/v2", { skus: [{ sku: "IA-9001-750", qty: 1, store_id: "d-manhattan" }] });
    const token = (
      await s.app.inject({
        method: "POST",
        url: "/sandbox-pay/v1/tokens",
        payload: { number: "4242424242424242", exp_month: 12, exp_year: 2031, cvc: "123" },
      })
    ).json().id;
    const placed = await browser.post("/order/v3", {
      id: checkoutIdFor(user.id, new Date()),
      paymentMethod: { type: "token", token },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().orders[0]._id as string;

    const provider = new SandboxProvider(s.db);
    const ctx: OrderDeadlinesContext = {
      db: s.db,
      provider,
      // The move's listeners (its notification job) are not this test's business.
      orderMoves: new OrderMoves(),
    };
    await expireUnaccepted(ctx, orderId);
    await expireUnaccepted(ctx, orderId);

    const order = await s.db
      .selectFrom("orders")
      .select(["order_status", "payment_id"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(order.order_status).toBe(5);
    const ops = await s.db
      .selectFrom("payment_operations")
      .select(["kind", "status"])
      .where("payment_id", "=", order.payment_id)
      .orderBy("id")
      .execute();
    expect(ops).toEqual([
      { kind: "authorisation", status: "succeeded" },
      { kind: "void", status: "succeeded" },
    ]);
    const payment = await s.db
      .selectFrom("payments")
      .select("provider_intent_id")
      .where("id", "=", order.payment_id)
      .executeTakeFirstOrThrow();
    expect((await provider.retrieve(payment.provider_intent_id!)).status).toBe("canceled");
    const events = await s.db
      .selectFrom("order_events")
      .select(["type", "to_status", "actor"])
      .where("order_id", "=", orderId)
      .orderBy("id")
      .execute();
    expect(events.at(-1)).toEqual({ type: "cancel", to_status: 5, actor: "timeout" });
  });
});

describe.each(testDatabases)("a scheduled order's deadlines, on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture });
  const ctx = (): OrderDeadlinesContext => ({
    db: s.db,
    provider: new SandboxProvider(s.db),
    // The move's listeners (its notification job) are not this test's business.
    orderMoves: new OrderMoves(),
  });
  const jobsOf = async (orderId: string) => {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(s.db);
    const table = sql.table(`${jobSchemaFor(rows[0].schema)}.job`);
    const found = await sql<{ name: string; start_after: Date }>`
      select name, start_after from ${table} where data->>'orderId' = ${orderId} order by name`.execute(s.db);
    return found.rows;
  };
  const scheduledOrder = async () => {
    const body: Record<string, unknown> = {};
    let slot = { date: "", start: "" };
    const { orders } = await placedOrder(s, [{ sku: "IA-9001-750", qty: 1 }], {
      before: async (browser) => {
        const availability = (await browser.get("/menu/availability")).json<{
          dates: { date: string; slots: { start: string }[] }[];
        }>();
        const date = availability.dates.find((d) => d.slots.length > 0);
        if (!date) throw new Error("no slot in the fixture's availability");
        slot = { date: date.date, start: date.slots.at(-1)?.start ?? "" };
        Object.assign(body, { deliveryTime: slot.start, deliveryDate: slot.date });
      },
      body,
    });
    return { order: orders[0], slot };
  };
  const status = async (id: string) =>
    (await s.db.selectFrom("orders").select("order_status").where("id", "=", id).executeTakeFirstOrThrow())
      .order_status;

  it("is released to the store's queue an hour before its slot, and cancelled if no store takes it 30 minutes in", async () => {
    const { order, slot } = await scheduledOrder();
    expect(order.order_status).toBe(7);
    const start = Date.parse(slot.start);
    const jobs = await jobsOf(order._id);
    expect(jobs.map((j) => j.name)).toEqual(["order-acceptance-timeout", "release-scheduled-order"]);
    const [timeout, release] = jobs;
    expect(release.start_after.getTime()).toBe(start - 60 * 60_000);
    expect(Math.abs(timeout.start_after.getTime() - (start + 30 * 60_000))).toBeLessThan(1000);

    await releaseScheduled(ctx(), order._id);
    expect(await status(order._id)).toBe(0);
    await releaseScheduled(ctx(), order._id);
    expect(await status(order._id)).toBe(0);
    await expireUnaccepted(ctx(), order._id);
    expect(await status(order._id)).toBe(5);
  });

  it("a scheduled order never released (the release job late) is cancelled by its timeout all the same", async () => {
    const { order } = await scheduledOrder();
    await expireUnaccepted(ctx(), order._id);
    expect(await status(order._id)).toBe(5);
  });
});
