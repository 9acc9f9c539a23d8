import { describe, expect, it } from "vitest";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { moveOrderAsStaff } from "#tests/factories/orders.ts";
import { placedOrder } from "#tests/factories/placed-orders.ts";
import { useTestApp } from "#tests/support/app.ts";
import { TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";

describe.each(testDatabases)("the active-order tracker on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture });

  it("is false with no order, true while one is placed, in progress or on its way, false once it ends", async () => {
    const fresh = await signedInBrowser(s.app, await createUser(s.db));
    expect((await fresh.get("/order/active")).json()).toEqual({ active: false, orders: [] });

    const { browser, orders } = await placedOrder(s, [{ sku: "IA-9001-750", qty: 1 }]);
    const id = orders[0]._id;
    const seen = async () => (await browser.get("/order/active")).json();
    expect(await seen()).toMatchObject({
      active: true,
      orders: [
        { _id: id, order_number: orders[0].order_number, order_status: 0, store: { id: "d-manhattan" } },
      ],
    });
    await moveOrderAsStaff(s.db, id, { type: "accept" });
    expect((await seen()).orders[0].order_status).toBe(1);
    await moveOrderAsStaff(s.db, id, { type: "dispatch" });
    expect((await seen()).orders[0].order_status).toBe(2);
    await moveOrderAsStaff(s.db, id, { type: "deliver" });
    expect(await seen()).toEqual({ active: false, orders: [] });
    // Someone else's orders never show; a visitor must sign in.
    expect((await fresh.get("/order/active")).json().active).toBe(false);
    expect((await new TestBrowser(s.app).get("/order/active")).statusCode).toBe(401);
  });
});
