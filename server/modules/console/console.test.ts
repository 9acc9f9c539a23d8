import { describe, expect, it, vi } from "vitest";
import type { Availability } from "#domain/availability/types.ts";
import { SLOT_DISPATCH_LEAD_MINUTES } from "#domain/console/dispatch-timing.ts";
import { loadConfig } from "#server/config.ts";
import type { JobQueue } from "#server/platform/jobs.ts";
import { ProviderError } from "#server/platform/payments/provider.ts";
import { SandboxProvider } from "#server/platform/payments/sandbox/sandbox-provider.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { paymentOpsOf, splitOrders, staffOf, stockOf } from "#tests/factories/console.ts";
import { createDeliveryFixture, createSplitDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { placedOrder, SHIPPED_TO } from "#tests/factories/placed-orders.ts";
import { createPromo } from "#tests/factories/promos.ts";
import { type TestApp, useTestApp } from "#tests/support/app.ts";
import { readOutbox, TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";
import type { Outbox } from "../messages/index.ts";
import { expireUnaccepted, type OrderDeadlinesContext, OrderMoves } from "../orders/index.ts";
import { runPendingOperations } from "../payments/index.ts";
import { act } from "./act.ts";
import type { ConsoleOrder } from "./order-view.ts";

const WHISKEY = "IA-9001-750"; // $29.99 at Manhattan
const BEER = "BC-9002-6X355"; // Brooklyn only
const WINE = "BC-9003-750"; // the shipping store only
const MANHATTAN = "d-manhattan";

describe.each(testDatabases)("the store console on %s", (kind) => {
  // Brooklyn's zone made to reach Chelsea too, so a split cart (one order per store, one payment) is possible.
  // Workers: the shopper hears of each move from its notification job (server/modules/notifications).
  const s = useTestApp(kind, {
    fixture: createSplitDeliveryFixture,
    workers: true,
  });
  const t = helpers(s);
  /** The shopper's emails, once those expected are in the outbox (the jobs' workers poll every second). */
  const mailsOf = (email: string, ...templates: string[]) =>
    vi.waitFor(
      async () => {
        const mails = await readOutbox(s.app, email);
        const have = mails.map((m) => m.template);
        for (const tpl of templates) if (!have.includes(tpl)) throw new Error(`no ${tpl} yet`);
        return mails;
      },
      { timeout: 10_000, interval: 200 },
    );

  it("accepts a placed order: in progress, captured in full, recorded, the shopper told and shown", async () => {
    const { staff, staffId } = await t.staffOf(MANHATTAN);
    const { user, browser, orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 2 }]);
    const [order] = orders;
    const res = await staff.post(`/api/console/orders/${order._id}/accept`, {});
    expect(res.statusCode, res.body).toBe(200);
    const seen = res.json<ConsoleOrder>();
    expect(seen).toMatchObject({
      order_status: 1,
      money: { total: order.total, captured: order.total, refunded: 0 },
    });
    expect(await t.ops(order._id)).toEqual([
      { kind: "authorisation", amount: order.total, status: "succeeded" },
      { kind: "capture", amount: order.total, status: "succeeded" },
    ]);
    expect(await t.intent(order._id)).toMatchObject({ status: "succeeded", amountReceived: order.total });
    expect(seen.events.at(-1)).toMatchObject({
      type: "accept",
      from_status: 0,
      to_status: 1,
      actor: staffId,
    });
    const [audit] = await s.db
      .selectFrom("console_audit")
      .selectAll()
      .where("order_id", "=", order._id)
      .execute();
    expect(audit).toMatchObject({
      actor_id: staffId,
      store_id: MANHATTAN,
      action: "accept",
      before: { order_status: 0 },
      after: { order_status: 1 },
    });
    expect((await mailsOf(user.email, "order-accepted")).map((m) => m.template)).toContain("order-accepted");
    expect((await browser.get(`/order/status/${order._id}`)).json()).toMatchObject({
      order_status: 1,
      active: true,
    });
  });

  it("moves an order through dispatch and delivery, then refunds part, refuses more than is left, refunds the rest", async () => {
    const { staff } = await t.staffOf(MANHATTAN);
    const { user, orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }]);
    const id = orders[0]._id;
    const total = orders[0].total;
    for (const [step, status] of [
      ["accept", 1],
      ["dispatch", 2],
      ["deliver", 3],
    ] as const) {
      const res = await staff.post(`/api/console/orders/${id}/${step}`, {});
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().order_status).toBe(status);
    }
    const part = await staff.post(`/api/console/orders/${id}/refund`, {
      amount: 1000,
      reason: "One bottle was chipped",
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json<ConsoleOrder>()).toMatchObject({
      order_status: 6,
      money: { captured: total, refunded: 1000, refundable: total - 1000 },
    });
    const tooMuch = await staff.post(`/api/console/orders/${id}/refund`, { amount: total, reason: "Oops" });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.code).toBe("refund_refused");
    expect(tooMuch.json().error.message).toMatch(/^Only \$\d+\.\d\d of this order can still be refunded\.$/);
    const rest = await staff.post(`/api/console/orders/${id}/refund`, { reason: "Goodwill" });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().money).toMatchObject({ refunded: total, refundable: 0 });
    const none = await staff.post(`/api/console/orders/${id}/refund`, { reason: "Again" });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe("This order has been refunded in full.");
    expect(await t.ops(id)).toEqual([
      { kind: "authorisation", amount: total, status: "succeeded" },
      { kind: "capture", amount: total, status: "succeeded" },
      { kind: "refund", amount: 1000, status: "succeeded" },
      { kind: "refund", amount: total - 1000, status: "succeeded" },
    ]);
    const sandboxRefunds = await s.db
      .selectFrom("sandbox_refunds")
      .select("amount")
      .where("intent_id", "=", (await t.intent(id)).id)
      .execute();
    expect(sandboxRefunds.map((r) => r.amount).sort((a, b) => a - b)).toEqual(
      [1000, total - 1000].sort((a, b) => a - b),
    );
    const templates = (
      await mailsOf(user.email, "order-accepted", "order-dispatched", "order-delivered", "order-refunded")
    ).map((m) => m.template);
    for (const tpl of ["order-accepted", "order-dispatched", "order-delivered", "order-refunded"])
      expect(templates).toContain(tpl);
  });

  it("refuses every move the status machine does not allow, with a clear message", async () => {
    const { staff } = await t.staffOf(MANHATTAN);
    const { orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }]);
    const id = orders[0]._id;
    const refused = async (step: string, body: object = {}) => {
      const res = await staff.post(`/api/console/orders/${id}/${step}`, body);
      expect(res.statusCode, `${step}: ${res.body}`).toBe(409);
      return res.json().error as { code: string; message: string };
    };
    // Placed: only accept or cancel.
    expect(await refused("dispatch")).toEqual({
      code: "order_moved",
      message: "An order that is placed cannot be dispatched.",
    });
    expect((await refused("deliver")).message).toBe("An order that is placed cannot be delivered.");
    expect((await refused("fail", { state: "soft", reason: "x" })).message).toBe(
      "An order that is placed cannot be marked failed.",
    );
    expect((await refused("refund", { reason: "x" })).message).toBe(
      "An order that is placed cannot be refunded.",
    );
    expect((await staff.post(`/api/console/orders/${id}/accept`, {})).statusCode).toBe(200);
    expect((await refused("accept")).message).toBe("An order that is in progress cannot be accepted.");
    expect((await refused("deliver")).message).toBe("An order that is in progress cannot be delivered.");
    // A hard failure is final: neither dispatched again nor cancelled.
    expect(
      (await staff.post(`/api/console/orders/${id}/fail`, { state: "hard", reason: "Store flooded" }))
        .statusCode,
    ).toBe(200);
    expect((await refused("dispatch")).message).toBe("An order that is failed cannot be dispatched.");
    expect((await refused("cancel", { reason: "x" })).message).toBe(
      "An order that is failed cannot be cancelled.",
    );
    // A reason is required where the shopper is told one.
    expect((await staff.post(`/api/console/orders/${id}/cancel`, {})).statusCode).toBe(400);
  });

  it("does not accept a gift still waiting for its recipient to choose a time", async () => {
    const { staff } = await t.staffOf(MANHATTAN);
    const { orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }], {
      body: { deliveryTime: "recipient", isGift: true, giftRecipient: "Dana", giftEmail: "dana@example.com" },
    });
    expect(orders[0].order_status).toBe(7);
    const res = await staff.post(`/api/console/orders/${orders[0]._id}/accept`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe("This gift waits for its recipient to choose when it comes.");
    expect((await t.ops(orders[0]._id)).map((o) => o.kind)).toEqual(["authorisation"]);
  });

  it("cancels a placed order: the hold voided, stock back, spent credit refunded, the promo redemption undone", async () => {
    const { staff } = await t.staffOf(MANHATTAN);
    const credit = await createPromo(s.db, { kind: "credit", value: 500 });
    const code = await createPromo(s.db, { kind: "fixed", value: 200, max_uses: 1 });
    const stock = await t.stockOf(WHISKEY);
    const { user, browser, orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 2 }], {
      before: async (b) => {
        expect((await b.post("/order/promo", { code: credit })).statusCode).toBe(200);
        expect((await b.post("/menu/cart/promo/v2", { credit: true })).statusCode).toBe(200);
        expect((await b.post("/menu/cart/promo/v2", { code })).statusCode).toBe(200);
      },
    });
    const order = orders[0];
    expect((await browser.get("/promos")).json().credit).toBe(0);
    expect(await t.stockOf(WHISKEY)).toBe(stock - 2);
    const res = await staff.post(`/api/console/orders/${order._id}/cancel`, {
      reason: "We are out of this bourbon",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order_status).toBe(5);
    expect((await t.ops(order._id)).map((o) => [o.kind, o.status])).toEqual([
      ["authorisation", "succeeded"],
      ["void", "succeeded"],
    ]);
    expect((await t.intent(order._id)).status).toBe("canceled");
    expect(await t.stockOf(WHISKEY)).toBe(stock);
    expect((await browser.get("/promos")).json().credit).toBe(500);
    expect(
      await s.db.selectFrom("promo_redemptions").select("id").where("code", "=", code).execute(),
    ).toEqual([]);
    const mail = (await mailsOf(user.email, "order-cancelled")).find((m) => m.template === "order-cancelled");
    expect(mail?.body).toContain("We are out of this bourbon");
    expect(mail?.body).toContain("$5.00 of store credit is back");
    expect(mail?.body).toContain("Your card is not charged for this order");
  });

  it("cancels an accepted (captured) order by refunding it in full, stock back", async () => {
    const { staff } = await t.staffOf(MANHATTAN);
    const stock = await t.stockOf(WHISKEY);
    const { orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }]);
    const order = orders[0];
    expect((await staff.post(`/api/console/orders/${order._id}/accept`, {})).statusCode).toBe(200);
    const res = await staff.post(`/api/console/orders/${order._id}/cancel`, { reason: "Driver unavailable" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().money).toMatchObject({ captured: order.total, refunded: order.total, refundable: 0 });
    expect(await t.ops(order._id)).toEqual([
      { kind: "authorisation", amount: order.total, status: "succeeded" },
      { kind: "capture", amount: order.total, status: "succeeded" },
      { kind: "refund", amount: order.total, status: "succeeded" },
    ]);
    expect(await t.stockOf(WHISKEY)).toBe(stock);
  });

  it("a soft failure may be dispatched again; a hard one gives the money back", async () => {
    const { staff } = await t.staffOf(MANHATTAN);
    const { user, orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }]);
    const id = orders[0]._id;
    for (const step of ["accept", "dispatch"]) await staff.post(`/api/console/orders/${id}/${step}`, {});
    const soft = await staff.post(`/api/console/orders/${id}/fail`, {
      state: "soft",
      reason: "No one answered the door",
    });
    expect(soft.json()).toMatchObject({
      order_status: 4,
      failed_status: { state: "soft", reason: "No one answered the door" },
    });
    expect(soft.json().money.refunded).toBe(0);
    const again = await staff.post(`/api/console/orders/${id}/dispatch`, {});
    expect(again.json()).toMatchObject({ order_status: 2, failed_status: null });
    const hard = await staff.post(`/api/console/orders/${id}/fail`, {
      state: "hard",
      reason: "The recipient is under 21",
    });
    expect(hard.json()).toMatchObject({
      order_status: 4,
      failed_status: { state: "hard" },
      money: { refunded: orders[0].total },
    });
    const mails = await vi.waitFor(
      async () => {
        const failed = (await mailsOf(user.email, "order-failed")).filter(
          (m) => m.template === "order-failed",
        );
        if (failed.length < 2) throw new Error("one failure told so far");
        return failed;
      },
      { timeout: 10_000, interval: 200 },
    );
    expect(mails).toHaveLength(2);
  });

  it("moves a shipped order Awaiting Fulfillment → Shipped (captured) → Completed → Partially Refunded", async () => {
    const { staff } = await t.staffOf("d-shipping");
    const { orders } = await placedOrder(s, [{ sku: WINE, qty: 1, store_id: "d-shipping" }], {
      address: SHIPPED_TO,
      shippingOption: "2-Day",
    });
    const id = orders[0]._id;
    expect(orders[0]).toMatchObject({ shipping: true, shipping_status: "Awaiting Fulfillment" });
    expect((await staff.post(`/api/console/orders/${id}/accept`, {})).statusCode).toBe(409);
    const shipped = await staff.post(`/api/console/orders/${id}/dispatch`, {});
    expect(shipped.json()).toMatchObject({
      shipping_status: "Shipped",
      money: { captured: orders[0].total },
    });
    const done = await staff.post(`/api/console/orders/${id}/deliver`, {});
    expect(done.json()).toMatchObject({ shipping_status: "Completed", order_status: 3 });
    const refunded = await staff.post(`/api/console/orders/${id}/refund`, { amount: 500, reason: "Late" });
    expect(refunded.json()).toMatchObject({
      shipping_status: "Partially Refunded",
      money: { refunded: 500 },
    });
    // A shipped order waiting for fulfilment cancels with its hold released.
    const other = await placedOrder(s, [{ sku: WINE, qty: 1, store_id: "d-shipping" }], {
      address: SHIPPED_TO,
      shippingOption: "2-Day",
    });
    const cancelled = await staff.post(`/api/console/orders/${other.orders[0]._id}/cancel`, {
      reason: "Out of stock",
    });
    expect(cancelled.json()).toMatchObject({ shipping_status: "Cancelled", order_status: 5 });
    expect((await t.intent(other.orders[0]._id)).status).toBe("canceled");
  });

  it("a split cart's payment is captured once, when the last store accepts, for the sum of both", async () => {
    const chelsea = await t.staffOf(MANHATTAN);
    const brooklyn = await t.staffOf("d-brooklyn");
    const { mine, theirs } = await splitOrders(s, 2);
    expect(
      (await chelsea.staff.post(`/api/console/orders/${mine._id}/accept`, {})).json().money.captured,
    ).toBe(0);
    expect((await t.ops(mine._id)).map((o) => o.kind)).toEqual(["authorisation"]);
    expect((await brooklyn.staff.post(`/api/console/orders/${theirs._id}/accept`, {})).statusCode).toBe(200);
    expect(await t.ops(mine._id)).toEqual([
      { kind: "authorisation", amount: mine.total + theirs.total, status: "succeeded" },
      { kind: "capture", amount: mine.total + theirs.total, status: "succeeded" },
    ]);
    expect((await t.intent(mine._id)).amountReceived).toBe(mine.total + theirs.total);
  });

  it("a split cart with one order cancelled before the capture captures only the other's share", async () => {
    const chelsea = await t.staffOf(MANHATTAN);
    const brooklyn = await t.staffOf("d-brooklyn");
    const { mine, theirs } = await splitOrders(s, 1);
    expect(
      (await brooklyn.staff.post(`/api/console/orders/${theirs._id}/cancel`, { reason: "Closed early" }))
        .statusCode,
    ).toBe(200);
    expect((await t.ops(mine._id)).map((o) => o.kind)).toEqual(["authorisation"]);
    const accepted = await chelsea.staff.post(`/api/console/orders/${mine._id}/accept`, {});
    expect(accepted.json().money.captured).toBe(mine.total);
    expect((await t.ops(mine._id)).slice(1)).toEqual([
      { kind: "capture", amount: mine.total, status: "succeeded" },
    ]);
    expect((await t.intent(mine._id)).amountReceived).toBe(mine.total);
    // Cancelled before the capture, it has nothing to refund.
    expect((await brooklyn.staff.get(`/api/console/orders/${theirs._id}`)).json().money).toMatchObject({
      captured: 0,
      refundable: 0,
    });
  });

  it("an order no store took in time: cancelled with stock back, and its accepted sibling captured alone", async () => {
    const chelsea = await t.staffOf(MANHATTAN);
    const beerStock = await t.stockOf(BEER, "d-brooklyn");
    const { mine, theirs } = await splitOrders(s, 1);
    expect(
      (await chelsea.staff.post(`/api/console/orders/${mine._id}/accept`, {})).json().money.captured,
    ).toBe(0);
    const ctx: OrderDeadlinesContext = {
      db: s.db,
      provider: new SandboxProvider(s.db),
      // The move's listeners (its notification job) are not this test's business.
      orderMoves: new OrderMoves(),
    };
    await expireUnaccepted(ctx, theirs._id);
    await expireUnaccepted(ctx, theirs._id);
    expect(await t.stockOf(BEER, "d-brooklyn")).toBe(beerStock);
    expect((await t.ops(mine._id)).slice(1)).toEqual([
      { kind: "capture", amount: mine.total, status: "succeeded" },
    ]);
    expect((await t.intent(mine._id)).amountReceived).toBe(mine.total);
  });

  it("a provider that does not answer the capture leaves it pending for the job, which captures once later", async () => {
    const { staffId } = await t.staffOf(MANHATTAN);
    const { orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }]);
    const order = orders[0];
    const sandbox = new SandboxProvider(s.db);
    let down = true;
    const provider = Object.assign(Object.create(sandbox) as SandboxProvider, {
      capture: (intentId: string, amount: number, key: string) =>
        down
          ? Promise.reject(new ProviderError("The provider did not answer.", "timeout", true))
          : sandbox.capture(intentId, amount, key),
    });
    const queued: unknown[] = [];
    const ctx = {
      db: s.db,
      config: loadConfig({ NODE_ENV: "test" }),
      provider,
      jobs: {
        send: async (job: { name: string }, data: unknown) =>
          job.name !== "notify-order-event" && queued.push(data),
      } as unknown as JobQueue,
      outbox: { enqueue: async () => 1 } as unknown as Outbox,
      orderMoves: new OrderMoves(),
    };
    await act(ctx, { userId: staffId, role: "store_staff", storeId: MANHATTAN }, order._id, {
      type: "accept",
    });
    expect(await t.ops(order._id)).toEqual([
      { kind: "authorisation", amount: order.total, status: "succeeded" },
      { kind: "capture", amount: order.total, status: "pending" },
    ]);
    const payment = await s.db
      .selectFrom("orders")
      .select("payment_id")
      .where("id", "=", order._id)
      .executeTakeFirstOrThrow();
    expect(queued).toEqual([{ paymentId: payment.payment_id }]);
    down = false;
    // The job's work, twice (a retry after a lost answer): one capture at the provider.
    await runPendingOperations(ctx, payment.payment_id);
    await runPendingOperations(ctx, payment.payment_id);
    expect((await t.ops(order._id)).at(-1)).toEqual({
      kind: "capture",
      amount: order.total,
      status: "succeeded",
    });
    expect((await t.intent(order._id)).amountReceived).toBe(order.total);
  });

  it("shows staff their store's queue; another store's order is 404, a shopper 403, a visitor 401; admins see any", async () => {
    const chelsea = await t.staffOf(MANHATTAN);
    const brooklyn = await t.staffOf("d-brooklyn");
    const { browser: shopper, orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }]);
    const id = orders[0]._id;
    const listed = await chelsea.staff.get("/api/console/orders");
    expect(listed.statusCode, listed.body).toBe(200);
    const queue = listed.json<{
      orders: { _id: string; store: { id: string } }[];
    }>();
    expect(queue.orders.map((o) => o._id)).toContain(id);
    expect(queue.orders.every((o) => o.store.id === MANHATTAN)).toBe(true);
    expect(
      (await brooklyn.staff.get("/api/console/orders")).json().orders.map((o: { _id: string }) => o._id),
    ).not.toContain(id);
    expect((await brooklyn.staff.get(`/api/console/orders?store_id=${MANHATTAN}`)).json().error.code).toBe(
      "other_store",
    );

    const notMine = await brooklyn.staff.get(`/api/console/orders/${id}`);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().error).toEqual({
      code: "order_not_found",
      message: "No order of your store has that id.",
    });
    expect((await brooklyn.staff.post(`/api/console/orders/${id}/accept`, {})).statusCode).toBe(404);
    for (const res of [
      await shopper.get("/api/console/orders"),
      await shopper.post(`/api/console/orders/${id}/accept`, {}),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("staff_only");
    }
    expect((await new TestBrowser(s.app).get("/api/console/orders")).statusCode).toBe(401);

    const admin = await signedInBrowser(s.app, await createUser(s.db, { role: "admin" }));
    const all = (await admin.get("/api/console/orders?status=all")).json<{
      orders: { store: { id: string } }[];
    }>();
    expect(new Set(all.orders.map((o) => o.store.id)).size).toBeGreaterThan(1);
    const one = (await admin.get(`/api/console/orders?store_id=d-brooklyn&status=all`)).json<{
      orders: { store: { id: string } }[];
    }>();
    expect(one.orders.every((o) => o.store.id === "d-brooklyn")).toBe(true);
    expect((await admin.get(`/api/console/orders/${id}`)).json().customer.email).toMatch(/@example\.com$/);
    expect(queue.orders.find((o) => o._id === id)).toBeDefined();
  });

  describe.runIf(kind === "postgres")("at the same time", () => {
    it("two staff accept one order: one wins, the other is told it moved; one capture", async () => {
      const a = await t.staffOf(MANHATTAN);
      const b = await t.staffOf(MANHATTAN);
      const { orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }]);
      const id = orders[0]._id;
      const answers = await Promise.all(
        [a.staff, b.staff].map((x) => x.post(`/api/console/orders/${id}/accept`, {})),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const lost = answers.find((r) => r.statusCode === 409)!;
      expect(lost.json().error).toEqual({
        code: "order_moved",
        message: "An order that is in progress cannot be accepted.",
      });
      expect((await t.ops(id)).filter((o) => o.kind === "capture")).toEqual([
        { kind: "capture", amount: orders[0].total, status: "succeeded" },
      ]);
      const events = await s.db
        .selectFrom("order_events")
        .select("type")
        .where("order_id", "=", id)
        .execute();
      expect(events.filter((e) => e.type === "accept")).toHaveLength(1);
    });

    it("accept and cancel at once: captured and refunded, or voided; never money left behind", async () => {
      const outcomes = new Set<number>();
      // Six rounds sent together (whichever wins), then one accepted before the cancel and one cancelled before
      // the accept, so that both ways round are seen whatever the timing of the six.
      for (let round = 0; round < 8; round++) {
        const a = await t.staffOf(MANHATTAN);
        const b = await t.staffOf(MANHATTAN);
        const { orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }]);
        const id = orders[0]._id;
        // Sent together, each going first in turn.
        const acceptIt = () => a.staff.post(`/api/console/orders/${id}/accept`, {});
        const cancelIt = () =>
          b.staff.post(`/api/console/orders/${id}/cancel`, { reason: "Changed our minds" });
        const [accept, cancel] =
          round === 6
            ? [await acceptIt(), await cancelIt()]
            : round === 7
              ? await cancelIt().then(async (c) => [await acceptIt(), c])
              : round % 2 === 0
                ? await Promise.all([acceptIt(), cancelIt()])
                : await Promise.all([cancelIt(), acceptIt()]).then(([c, x]) => [x, c]);
        outcomes.add(accept.statusCode);
        expect(cancel.statusCode, cancel.body).toBe(200);
        expect([200, 409]).toContain(accept.statusCode);
        const intent = await t.intent(id);
        const ops = await t.ops(id);
        expect(ops.every((o) => o.status === "succeeded")).toBe(true);
        if (accept.statusCode === 200) {
          expect(intent.status).toBe("succeeded");
          expect(ops.map((o) => o.kind)).toEqual(["authorisation", "capture", "refund"]);
          expect(ops[2].amount).toBe(intent.amountReceived);
        } else {
          expect(intent.status).toBe("canceled");
          expect(ops.map((o) => o.kind)).toEqual(["authorisation", "void"]);
        }
        const order = await s.db
          .selectFrom("orders")
          .select("order_status")
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
        expect(order.order_status).toBe(5);
      }
      // Both ways round: accepted then cancelled (refund), and cancelled first (void, accept refused).
      expect([...outcomes].sort()).toEqual([200, 409]);
    });
  });
});

/** When an order may go out (domain/console/dispatch-timing.ts; docs/adr/0051-console-safeguards.md). */
describe.each(testDatabases)("when an order may go out, on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture });
  const dispatched = (staff: TestBrowser, id: string, body: object = {}) =>
    staff.post(`/api/console/orders/${id}/dispatch`, body);
  const dispatchAudit = (id: string) =>
    s.db
      .selectFrom("console_audit")
      .select(["detail", "after"])
      .where("order_id", "=", id)
      .where("action", "=", "dispatch")
      .execute();

  it("a slot order may be accepted early to pick ahead, but goes out before its hour ahead only on staff's word", async () => {
    const { staff } = await staffOf(s, MANHATTAN);
    const body: Record<string, unknown> = {};
    let label = "";
    const { orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }], {
      before: async (browser) => {
        const availability = (await browser.get("/menu/availability")).json<Availability>();
        // A slot that starts well over an hour from now: sending it out now would bring it early.
        const later = Date.now() + (SLOT_DISPATCH_LEAD_MINUTES + 60) * 60_000;
        for (const d of availability.dates) {
          const slot = d.slots.find((x) => Date.parse(x.start) > later);
          if (slot) {
            Object.assign(body, { deliveryTime: slot.start, deliveryDate: d.date });
            label = slot.label;
            break;
          }
        }
      },
      body,
    });
    const id = orders[0]._id;
    expect(orders[0].scheduled).toMatchObject({ label });
    expect((await staff.post(`/api/console/orders/${id}/accept`, {})).statusCode).toBe(200);

    const early = await dispatched(staff, id);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().error.code).toBe("too_early_for_slot");
    expect(early.json().error.message).toContain(label);
    expect(early.json().error.message).toMatch(/it goes out from .+\./);
    expect((await staff.get(`/api/console/orders/${id}`)).json<ConsoleOrder>().order_status).toBe(1);
    expect(await dispatchAudit(id)).toEqual([]);

    const confirmed = await dispatched(staff, id, { confirm: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<ConsoleOrder>().order_status).toBe(2);
    expect(await dispatchAudit(id)).toEqual([
      expect.objectContaining({ detail: expect.objectContaining({ confirmed: "too_early_for_slot" }) }),
    ]);
  });

  it("no order goes out while its store is closed unless staff confirm; during opening hours it just goes", async () => {
    const { staff } = await staffOf(s, MANHATTAN);
    const open = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }]);
    const late = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }]);
    for (const o of [open.orders[0], late.orders[0]])
      expect((await staff.post(`/api/console/orders/${o._id}/accept`, {})).statusCode).toBe(200);
    // Open around the clock (the fixture): an ASAP order goes out with no word, nothing confirmed.
    expect((await dispatched(staff, open.orders[0]._id)).statusCode).toBe(200);
    expect(await dispatchAudit(open.orders[0]._id)).toEqual([
      expect.objectContaining({ detail: expect.not.objectContaining({ confirmed: expect.anything() }) }),
    ]);

    const store = await s.db
      .selectFrom("stores")
      .select(["hours", "timezone"])
      .where("id", "=", MANHATTAN)
      .executeTakeFirstOrThrow();
    // Now the store keeps hours that start two hours from now, every day: it is closed.
    const hour = Number(
      new Intl.DateTimeFormat("en-US", {
        hour: "numeric",
        hourCycle: "h23",
        timeZone: store.timezone,
      }).format(new Date()),
    );
    const hh = (h: number) => `${String(h % 24).padStart(2, "0")}:00`;
    const closedNow = Object.fromEntries(
      ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((d) => [d, [[hh(hour + 2), hh(hour + 3)]]]),
    );
    await s.db
      .updateTable("stores")
      .set({ hours: JSON.stringify(closedNow) })
      .where("id", "=", MANHATTAN)
      .execute();
    try {
      const id = late.orders[0]._id;
      const closed = await dispatched(staff, id);
      expect(closed.statusCode, closed.body).toBe(409);
      expect(closed.json().error).toMatchObject({ code: "store_closed" });
      expect(closed.json().error.message).toContain("The store is closed now (it opens");
      const confirmed = await dispatched(staff, id, { confirm: true });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(await dispatchAudit(id)).toEqual([
        expect.objectContaining({ detail: expect.objectContaining({ confirmed: "store_closed" }) }),
      ]);
    } finally {
      await s.db
        .updateTable("stores")
        .set({ hours: JSON.stringify(store.hours) })
        .where("id", "=", MANHATTAN)
        .execute();
    }
  });
});

function helpers(s: TestApp) {
  return {
    staffOf: (storeId: string) => staffOf(s, storeId),
    ops: (orderId: string) => paymentOpsOf(s, orderId),
    async intent(orderId: string) {
      const row = await s.db
        .selectFrom("orders as o")
        .innerJoin("payments as p", "p.id", "o.payment_id")
        .select("p.provider_intent_id")
        .where("o.id", "=", orderId)
        .executeTakeFirstOrThrow();
      return new SandboxProvider(s.db).retrieve(row.provider_intent_id!);
    },
    stockOf: (sku: string, store = MANHATTAN) => stockOf(s, sku, store),
  };
}
