import { describe, expect, it } from "vitest";
import { EDIT_ENDED, EDIT_TOO_LATE } from "#domain/orders/after-order.ts";
import type { Order } from "#domain/orders/types.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { moveOrderAsStaff } from "#tests/factories/orders.ts";
import { placedOrder } from "#tests/factories/placed-orders.ts";
import { useTestApp } from "#tests/support/app.ts";
import type { TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";

const WHISKEY = "IA-9001-750";
const edit = (browser: TestBrowser, id: string, body: unknown) =>
  browser.request("PATCH", `/order/edit/${id}`, body);

describe.each(testDatabases)("PATCH /order/edit/{id} on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture });

  const events = (id: string) =>
    s.db
      .selectFrom("order_events")
      .select(["type", "data", "actor"])
      .where("order_id", "=", id)
      .where("type", "=", "edited")
      .execute();

  it("changes the delivery notes and the unit before dispatch, records it, and answers the order", async () => {
    const { user, browser, orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }]);
    const id = orders[0]._id;
    const res = await edit(browser, id, { delivery_notes: "Ring twice", unit: " Apt 4B " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>()).toMatchObject({
      _id: id,
      delivery_notes: "Ring twice",
      delivery_address_detail: { unit: "Apt 4B", address: orders[0].delivery_address_detail.address },
    });
    await moveOrderAsStaff(s.db, id, { type: "accept" });
    // Being picked is still before dispatch; a blank clears.
    const cleared = await edit(browser, id, { delivery_notes: "  " });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<Order>()).toMatchObject({
      delivery_notes: null,
      delivery_address_detail: { unit: "Apt 4B" },
    });
    expect(await events(id)).toEqual([
      { type: "edited", data: { fields: ["delivery_notes", "unit"] }, actor: `user:${user.id}` },
      { type: "edited", data: { fields: ["delivery_notes"] }, actor: `user:${user.id}` },
    ]);
  });

  it("refuses once the order is en route (409) or ended, and leaves it as it was", async () => {
    const { browser, orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }]);
    const id = orders[0]._id;
    await moveOrderAsStaff(s.db, id, { type: "accept" });
    await moveOrderAsStaff(s.db, id, { type: "dispatch" });
    const late = await edit(browser, id, { delivery_notes: "Leave it with the doorman" });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toEqual({ code: "order_not_editable", message: EDIT_TOO_LATE });
    await moveOrderAsStaff(s.db, id, { type: "deliver" });
    const ended = await edit(browser, id, { unit: "5C" });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().error.message).toBe(EDIT_ENDED);
    const order = (await browser.get(`/order/detail?id=${id}`)).json<Order>();
    expect(order.delivery_notes).toBe(orders[0].delivery_notes);
    expect(await events(id)).toEqual([]);
  });

  it("answers 404 for another user's order, 400 for nothing to change or a gift note on a plain order", async () => {
    const { browser, orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }]);
    const id = orders[0]._id;
    const stranger = await signedInBrowser(s.app, await createUser(s.db));
    const theirs = await edit(stranger, id, { delivery_notes: "Mine now" });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.code).toBe("order_not_found");
    expect((await edit(browser, id, {})).json().error.code).toBe("nothing_to_change");
    const gift = await edit(browser, id, { recipient_note: "Enjoy!" });
    expect(gift.statusCode).toBe(400);
    expect(gift.json().error.code).toBe("not_a_gift");
    expect((await edit(browser, id, { delivery_notes: "x".repeat(501) })).statusCode).toBe(400);
  });

  it("changes a gift's note to its recipient while it waits", async () => {
    const { browser, orders, user } = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }], {
      body: {
        deliveryTime: "recipient",
        isGift: true,
        giftRecipient: "Dana",
        giftEmail: "dana@example.com",
        recipient_note: "From the team",
      },
    });
    expect(user.id).toBeTruthy();
    const res = await edit(browser, orders[0]._id, { recipient_note: "Happy birthday, Dana!" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>().recipient_note).toBe("Happy birthday, Dana!");
  });

  it.runIf(kind === "postgres")(
    "an edit racing a dispatch: either the edit lands first or it is refused",
    async () => {
      for (let i = 0; i < 3; i++) {
        const { browser, orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }]);
        const id = orders[0]._id;
        await moveOrderAsStaff(s.db, id, { type: "accept" });
        const [edited] = await Promise.all([
          edit(browser, id, { delivery_notes: `Race ${i}` }),
          moveOrderAsStaff(s.db, id, { type: "dispatch" }),
        ]);
        const log = await s.db
          .selectFrom("order_events")
          .select("type")
          .where("order_id", "=", id)
          .where("type", "in", ["edited", "dispatch"])
          .orderBy("id")
          .execute();
        if (edited.statusCode === 200) expect(log.map((e) => e.type)).toEqual(["edited", "dispatch"]);
        else {
          expect(edited.statusCode).toBe(409);
          expect(log.map((e) => e.type)).toEqual(["dispatch"]);
        }
      }
    },
  );
});
