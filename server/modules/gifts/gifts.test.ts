import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { Availability } from "#domain/availability/types.ts";
import { GIFT_MESSAGES } from "#domain/gifts/claim.ts";
import type { GiftView } from "#domain/gifts/types.ts";
import { jobSchemaFor } from "#server/platform/jobs.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { placedOrder } from "#tests/factories/placed-orders.ts";
import { useTestApp } from "#tests/support/app.ts";
import { readOutbox, TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";

const WHISKEY = "IA-9001-750"; // at d-manhattan, open around the clock, 30 minutes' ETA
const DAY = 86_400_000;

describe.each(testDatabases)("the gift claim on %s", (kind) => {
  // The app's clock runs with the real one, moved on by `ahead` (a gift's expiry is seven days out).
  let ahead = 0;
  const s = useTestApp(kind, {
    fixture: createDeliveryFixture,
    now: () => new Date(Date.now() + ahead),
    workers: true,
  });

  /** A shopper sends Dana a gift of one whiskey, Dana to choose the time; answers the order and the link's token. */
  async function sendGift(deliveryTime = "recipient") {
    const dana = `dana-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const placed = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }], {
      body: {
        deliveryTime,
        isGift: true,
        giftRecipient: "Dana",
        giftEmail: dana,
        giftNote: "Happy birthday!",
        giftOccasion: "Birthday",
        recipient_note: "Open it tonight",
      },
    });
    const [link] = await readOutbox(s.app, dana);
    const match = /giftclaim\/([\w-]+)\?token=([\w-]+)/.exec(link.body);
    if (!match) throw new Error(`no claim link in ${link.body}`);
    const [order] = placed.orders;
    expect(match[1]).toBe(order._id);
    return { ...placed, order, token: match[2], dana };
  }

  const recipient = () => new TestBrowser(s.app);
  const put = (b: TestBrowser, orderId: string, body: unknown) =>
    b.request("PUT", `/order/gift/${orderId}`, body);
  const options = async (orderId: string, token: string) => {
    const res = await recipient().get(`/order/gift/${orderId}/availability?token=${token}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Availability>();
  };
  const orderRow = (id: string) =>
    s.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const jobsOf = async (name: string, orderId: string) => {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(s.db);
    const table = sql.table(`${jobSchemaFor(rows[0].schema)}.job`);
    const found = await sql<{ start_after: Date; state: string }>`
      select start_after, state from ${table} where name = ${name} and data->>'orderId' = ${orderId}`.execute(
      s.db,
    );
    return found.rows;
  };

  it("shows the recipient the gift from the link: from, note, items, store, address, expiry; no prices", async () => {
    const { order, token, user } = await sendGift();
    const res = await recipient().get(`/order/gift/${order._id}?token=${token}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const gift = res.json<GiftView>();
    const sender = await s.db
      .selectFrom("users")
      .select("firstname")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(gift).toMatchObject({
      order_id: order._id,
      state: "open",
      from: sender.firstname,
      recipient: "Dana",
      note: "Happy birthday!",
      occasion: "Birthday",
      recipient_note: "Open it tonight",
      expires: order.gift_info?.expires,
      claimed_at: null,
      store: { id: "d-manhattan", name: "Nightcap Chelsea" },
      products: [{ sku_id: WHISKEY, qty: 1 }],
      delivery_address: { zip: "10001" },
      scheduled: null,
      eta: null,
    });
    expect(res.body).not.toMatch(/"(total|price|subtotal|charge|email|lat|lng)"/);
  });

  it("answers 404 for a wrong token or an unknown order, and 400 for a token that is no token", async () => {
    const { order, token } = await sendGift();
    const other = await sendGift();
    // One character changed: a fixed suffix such as "xx" is the token's own one time in 4,096 (a CI run met it).
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const url of [
      `/order/gift/${order._id}?token=${other.token}`,
      `/order/gift/${order._id}?token=${altered}`,
      `/order/gift/00000000-0000-0000-0000-000000000000?token=${token}`,
      `/order/gift/${order._id}/availability?token=${other.token}`,
    ]) {
      const res = await recipient().get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toEqual({ code: "gift_not_found", message: GIFT_MESSAGES.notFound });
    }
    const wrong = await put(recipient(), order._id, { token: other.token, eta: true });
    expect(wrong.statusCode).toBe(404);
    expect((await recipient().get(`/order/gift/${order._id}?token=a%20b`)).statusCode).toBe(400);
    expect((await recipient().get(`/order/gift/${order._id}`)).statusCode).toBe(400);
    // A plain order has no link at all.
    const plain = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }]);
    expect((await recipient().get(`/order/gift/${plain.orders[0]._id}?token=${token}`)).statusCode).toBe(404);
    expect((await orderRow(order._id)).order_status).toBe(7);
  });

  it("offers the store's availability cut to the gift's life: no slot ends after the expiry", async () => {
    const { order, token } = await sendGift();
    const expires = Date.parse(order.gift_info?.expires ?? "");
    const gift = await options(order._id, token);
    expect(gift.immediate_delivery).toBe(true);
    expect(gift.dates.length).toBeGreaterThan(1);
    const all = gift.dates.flatMap((d) => d.slots);
    expect(all.every((slot) => Date.parse(slot.end) <= expires)).toBe(true);

    // Six days and 23 hours on: the store still lists days beyond the expiry, the gift does not.
    ahead = 7 * DAY - 60 * 60_000;
    try {
      const store = (
        await recipient().get("/menu/availability", { "x-store-id": "d-manhattan" })
      ).json<Availability>();
      const late = store.dates.flatMap((d) => d.slots).filter((slot) => Date.parse(slot.end) > expires);
      expect(late.length).toBeGreaterThan(0);
      const near = await options(order._id, token);
      expect(near.dates.flatMap((d) => d.slots).every((slot) => Date.parse(slot.end) <= expires)).toBe(true);
      // The ETA's latest (45 minutes) still lands before the expiry, an hour away.
      expect(near.immediate_delivery).toBe(true);
      const lateDate = store.dates.find((d) => d.slots.some((slot) => slot.start === late[0].start));
      const refused = await put(recipient(), order._id, {
        token,
        slot: { date: lateDate?.date, start: late[0].start },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({
        code: "delivery_unavailable",
        message: "That delivery time is no longer available. Please choose another.",
      });
      // Twenty minutes before the expiry the ETA is no longer offered either.
      ahead = 7 * DAY - 20 * 60_000;
      expect((await options(order._id, token)).immediate_delivery).toBe(false);
      const eta = await put(recipient(), order._id, { token, eta: true });
      expect(eta.statusCode).toBe(409);
      expect(eta.json().error.code).toBe("delivery_unavailable");
    } finally {
      ahead = 0;
    }
  });

  it("claims with a slot: still scheduled (7) for that slot, the store's deadline set, the sender told", async () => {
    const { order, token, browser, user } = await sendGift();
    const gift = await options(order._id, token);
    const day = gift.dates[1];
    const slot = day.slots[2];
    const res = await put(recipient(), order._id, {
      token,
      slot: { date: day.date, start: slot.start },
      notes: "Ring twice",
      unit: "4B",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<GiftView>()).toMatchObject({
      state: "claimed",
      scheduled: { date: day.date, start: slot.start, end: slot.end, label: slot.label },
      eta: slot.label,
      delivery_address: { unit: "4B" },
    });
    const row = await orderRow(order._id);
    expect(row).toMatchObject({
      order_status: 7,
      scheduled: { date: day.date, start: slot.start, end: slot.end, label: slot.label },
      delivery_notes: "From the recipient: Ring twice",
      delivery_address_detail: { unit: "4B" },
    });
    const events = await s.db
      .selectFrom("order_events")
      .select(["type", "from_status", "to_status", "actor"])
      .where("order_id", "=", order._id)
      .orderBy("id")
      .execute();
    expect(events.at(-1)).toEqual({
      type: "giftClaimed",
      from_status: 7,
      to_status: 7,
      actor: "gift-recipient",
    });
    // The sender's own view: scheduled for the slot, no longer waiting for the recipient.
    expect((await browser.get(`/order/status/${order._id}`)).json()).toMatchObject({
      order_status: 7,
      eta: slot.label,
    });
    const [deadline] = await jobsOf("order-acceptance-timeout", order._id);
    expect(deadline.start_after.getTime()).toBe(Date.parse(slot.start) + 30 * 60_000);
    const told = (await readOutbox(s.app, user.email)).find((m) => m.template === "gift-claimed");
    expect(told?.body).toContain("Dana claimed your gift");
    expect(told?.body).toContain(slot.label);
    // Once claimed: the link shows it claimed; a second claim and its availability are refused.
    const again = await put(recipient(), order._id, { token, eta: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: "gift_claimed", message: GIFT_MESSAGES.claimed });
    expect((await recipient().get(`/order/gift/${order._id}/availability?token=${token}`)).statusCode).toBe(
      409,
    );
    expect((await recipient().get(`/order/gift/${order._id}?token=${token}`)).json().state).toBe("claimed");
  });

  it("claims as soon as possible: placed (0) for the store now, with the ETA, the deadline 30 minutes out", async () => {
    const { order, token } = await sendGift();
    const before = Date.now();
    const res = await put(recipient(), order._id, { token, eta: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<GiftView>()).toMatchObject({ state: "claimed", scheduled: null, eta: "30–45 min" });
    expect(await orderRow(order._id)).toMatchObject({ order_status: 0, scheduled: null, eta_minutes: 30 });
    const [deadline] = await jobsOf("order-acceptance-timeout", order._id);
    expect(deadline.start_after.getTime()).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1000);
    expect(deadline.start_after.getTime()).toBeLessThanOrEqual(Date.now() + 30 * 60_000 + 1000);
  });

  it("refuses a claim with both a slot and the ETA, or neither", async () => {
    const { order, token } = await sendGift();
    const gift = await options(order._id, token);
    const slot = { date: gift.dates[0].date, start: gift.dates[0].slots[0].start };
    for (const body of [{ token, slot, eta: true }, { token }, { token, eta: false }]) {
      const res = await put(recipient(), order._id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: "gift_choice_required", message: GIFT_MESSAGES.chooseTime });
    }
    expect((await put(recipient(), order._id, { token, eta: "yes" })).statusCode).toBe(400);
    expect((await orderRow(order._id)).order_status).toBe(7);
  });

  it("a gift whose sender chose the time has nothing to claim", async () => {
    const { order, token } = await sendGift("asap");
    expect((await recipient().get(`/order/gift/${order._id}?token=${token}`)).json().state).toBe("arranged");
    const res = await put(recipient(), order._id, { token, eta: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: "gift_arranged", message: GIFT_MESSAGES.arranged });
    expect(await jobsOf("gift-expiry", order._id)).toEqual([]);
  });

  it("of 20 claims at once, exactly one wins; the others are told it is claimed", async () => {
    const { order, token } = await sendGift();
    const gift = await options(order._id, token);
    const slots = gift.dates.flatMap((d) => d.slots.map((slot) => ({ date: d.date, start: slot.start })));
    // Every claim a valid one at any hour: the first few slots, and "as soon as possible" only while the store is open.
    const choices: object[] = [
      ...slots.slice(0, 3).map((slot) => ({ slot })),
      ...(gift.immediate_delivery ? [{ eta: true }] : []),
    ];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        s.app.inject({
          method: "PUT",
          url: `/order/gift/${order._id}`,
          payload: { token, ...choices[i % choices.length] },
        }),
      ),
    );
    const won = answers.filter((a) => a.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.statusCode !== 200)) {
      expect(lost.statusCode, lost.body).toBe(409);
      expect(lost.json().error).toEqual({ code: "gift_claimed", message: GIFT_MESSAGES.claimed });
    }
    const claimed = await s.db
      .selectFrom("order_events")
      .select("type")
      .where("order_id", "=", order._id)
      .where("type", "=", "giftClaimed")
      .execute();
    expect(claimed).toHaveLength(1);
    expect(await jobsOf("order-acceptance-timeout", order._id)).toHaveLength(1);
  });

  it("an expired gift: the link says so (410), and its job cancels it, voids the hold, restocks and tells the sender", async () => {
    const { order, token, user } = await sendGift();
    const stock = async () =>
      (
        await s.db
          .selectFrom("inventory")
          .select("stock")
          .where("store_id", "=", "d-manhattan")
          .where("sku_id", "=", WHISKEY)
          .executeTakeFirstOrThrow()
      ).stock;
    const stockBefore = await stock();
    // Sent with the claim link, due at the expiry.
    const [job] = await jobsOf("gift-expiry", order._id);
    expect(job.start_after.toISOString()).toBe(order.gift_info?.expires);

    ahead = 7 * DAY + 60_000;
    try {
      const res = await put(recipient(), order._id, { token, eta: true });
      expect(res.statusCode).toBe(410);
      expect(res.json().error).toEqual({ code: "gift_expired", message: GIFT_MESSAGES.expired });
      expect((await recipient().get(`/order/gift/${order._id}/availability?token=${token}`)).statusCode).toBe(
        410,
      );
      expect((await recipient().get(`/order/gift/${order._id}?token=${token}`)).json().state).toBe("expired");

      // The queue's own clock: the job made due now, the worker (this app's) runs it.
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(s.db);
      await sql`update ${sql.table(`${jobSchemaFor(rows[0].schema)}.job`)} set start_after = now()
        where name = 'gift-expiry' and data->>'orderId' = ${order._id}`.execute(s.db);
      await expect
        .poll(async () => (await orderRow(order._id)).order_status, { timeout: 15_000, interval: 250 })
        .toBe(5);
      const row = await orderRow(order._id);
      const ops = () =>
        s.db
          .selectFrom("payment_operations")
          .select(["kind", "status"])
          .where("payment_id", "=", row.payment_id)
          .orderBy("id")
          .execute();
      // The cancellation commits with the void pending; the provider's answer is recorded after it.
      await expect.poll(ops, { timeout: 15_000, interval: 250 }).toEqual([
        { kind: "authorisation", status: "succeeded" },
        { kind: "void", status: "succeeded" },
      ]);
      expect(await stock()).toBe(stockBefore + 1);
      const events = await s.db
        .selectFrom("order_events")
        .select(["type", "to_status", "actor"])
        .where("order_id", "=", order._id)
        .orderBy("id")
        .execute();
      expect(events.at(-1)).toEqual({ type: "cancel", to_status: 5, actor: "gift-expiry" });
      const told = (await readOutbox(s.app, user.email)).find((m) => m.template === "gift-expired");
      expect(told?.body).toContain("Dana did not claim your gift");
      expect(told?.body).toContain("its hold is released");
      expect((await recipient().get(`/order/gift/${order._id}?token=${token}`)).json().state).toBe("expired");
    } finally {
      ahead = 0;
    }
  });

  it("the expiry leaves a claimed gift alone, and runs once", async () => {
    const { expireGift } = await import("./expire.ts");
    const { SandboxProvider } = await import("#server/platform/payments/sandbox/sandbox-provider.ts");
    const { order, token } = await sendGift();
    expect((await put(recipient(), order._id, { token, eta: true })).statusCode).toBe(200);
    const ctx = {
      db: s.db,
      provider: new SandboxProvider(s.db),
      jobs: {} as never,
      outbox: {} as never,
      orderMoves: {} as never,
      now: () => new Date(Date.now() + 8 * DAY),
    };
    expect(await expireGift(ctx, order._id)).toBe("left");
    expect((await orderRow(order._id)).order_status).toBe(0);
  });
});
