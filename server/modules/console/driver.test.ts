import { describe, expect, it } from "vitest";
import type { Order } from "#domain/orders/types.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { placedOrder } from "#tests/factories/placed-orders.ts";
import { useTestApp } from "#tests/support/app.ts";
import { testDatabases } from "#tests/support/db.ts";

const WHISKEY = "IA-9001-750";
const MANHATTAN = "d-manhattan";

describe.each(testDatabases)("the driver's side on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture });
  let n = 0;
  const staffOf = async (storeId: string, firstname = "Dana", mobile: string | null = null) => {
    const user = await createUser(s.db, {
      role: "store_staff",
      store_id: storeId,
      firstname,
      lastname: "Driver",
      mobile,
      email: `driver-${storeId}-${n++}-${Date.now().toString(36)}@example.com`,
    });
    return { browser: await signedInBrowser(s.app, user), id: user.id };
  };

  it("the one who sends it out carries it; their reports move the shopper's ETA and tracking state, live", async () => {
    const driver = await staffOf(MANHATTAN, "Dana", "2125550123");
    const { browser: shopper, orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 2 }]);
    const id = orders[0]._id;
    await driver.browser.post(`/api/console/orders/${id}/accept`, {});

    const before = (await driver.browser.get("/api/console/driver")).json();
    expect(before.store).toMatchObject({ id: MANHATTAN });
    expect(before.ready.map((o: Order) => o._id)).toContain(id);
    expect(before.route).toEqual([]);

    expect((await driver.browser.post(`/api/console/orders/${id}/dispatch`, {})).statusCode).toBe(200);
    const picked = (await shopper.get(`/order/status/${id}`)).json();
    expect(picked).toMatchObject({
      order_status: 2,
      driver: { name: "Dana D.", phone: "2125550123" },
      tracking_state: "Your driver has picked up your order",
      eta: expect.stringMatching(/^\d+ min$/),
    });
    const after = (await driver.browser.get("/api/console/driver")).json();
    expect(after.ready.map((o: Order) => o._id)).not.toContain(id);
    expect(after.route.map((stop: { order: Order }) => stop.order._id)).toEqual([id]);

    // About 2.2 km north of the door.
    const door = after.route[0].position;
    const report = await driver.browser.post(`/api/console/orders/${id}/position`, {
      lat: door.lat + 0.02,
      lng: door.lng,
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toEqual({ eta: "8 min", tracking_state: "Your driver is 1.4 mi away" });
    expect((await shopper.get(`/order/status/${id}`)).json()).toMatchObject({
      eta: "8 min",
      tracking_state: "Your driver is 1.4 mi away",
    });
    const at = await driver.browser.post(`/api/console/orders/${id}/position`, door);
    expect(at.json()).toEqual({ eta: "1 min", tracking_state: "Your driver is arriving" });
    const events = await s.db
      .selectFrom("order_events")
      .select(["type", "data"])
      .where("order_id", "=", id)
      .where("type", "=", "driver_position")
      .orderBy("id")
      .execute();
    expect(events.map((e) => e.data)).toEqual([
      { eta_minutes: 8, tracking_state: "Your driver is 1.4 mi away" },
      { eta_minutes: 1, tracking_state: "Your driver is arriving" },
    ]);

    // Delivered: no more tracking state or reports.
    await driver.browser.post(`/api/console/orders/${id}/deliver`, {});
    expect((await shopper.get(`/order/status/${id}`)).json()).toMatchObject({
      order_status: 3,
      tracking_state: null,
    });
    const late = await driver.browser.post(`/api/console/orders/${id}/position`, door);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe("order_moved");
  });

  it("only the order's driver reports; another store's staff do not see it; shoppers are refused; bad positions are 400", async () => {
    const driver = await staffOf(MANHATTAN);
    const colleague = await staffOf(MANHATTAN, "Lee");
    const elsewhere = await staffOf("d-brooklyn", "Kim");
    const { browser: shopper, orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 2 }]);
    const id = orders[0]._id;
    await driver.browser.post(`/api/console/orders/${id}/accept`, {});
    await driver.browser.post(`/api/console/orders/${id}/dispatch`, {});
    const here = { lat: 40.75, lng: -73.99 };

    const other = await colleague.browser.post(`/api/console/orders/${id}/position`, here);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe("not_your_run");
    expect((await elsewhere.browser.post(`/api/console/orders/${id}/position`, here)).statusCode).toBe(404);
    expect((await shopper.post(`/api/console/orders/${id}/position`, here)).statusCode).toBe(403);
    expect((await shopper.get("/api/console/driver")).statusCode).toBe(403);
    for (const bad of [{ lat: 91, lng: 0 }, { lat: 0 }, { lat: "north", lng: 0 }]) {
      expect((await driver.browser.post(`/api/console/orders/${id}/position`, bad)).statusCode).toBe(400);
    }
    expect((await colleague.browser.get("/api/console/driver")).json().route).toEqual([]);
  });
});
