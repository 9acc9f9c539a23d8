import { describe, expect, it } from "vitest";
import type { ConsoleOrder, Order } from "#domain/orders/types.ts";
import { staffOf } from "#tests/factories/console.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { placedOrder } from "#tests/factories/placed-orders.ts";
import { useTestApp } from "#tests/support/app.ts";
import { testDatabases } from "#tests/support/db.ts";
import { routeArgs } from "#tests/support/page-api.ts";
import { loader } from "./substitution-review.tsx";

const WHISKEY = "IA-9001-750"; // $29.99 at Manhattan
const MANHATTAN = "d-manhattan";

/** Spec §2: /substitution/{orderId}'s status is 'Viewing' while shown and 'Done' once submitted. */
describe.each(testDatabases)("opening the substitution review on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture });

  it("marks the review 'Viewing' as the page is served, as the console and tracking see it, until it is done", async () => {
    const { staff } = await staffOf(s, MANHATTAN);
    const { browser, orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 3 }]);
    const id = orders[0]._id;
    expect((await staff.post(`/api/console/orders/${id}/accept`, {})).statusCode).toBe(200);
    const proposed = await staff.post(`/api/console/orders/${id}/substitutions`, {
      lines: [{ sku_id: WHISKEY, stock_level: 1, suggestions: [] }],
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const consoleSees = async () =>
      (await staff.get(`/api/console/orders/${id}`)).json<ConsoleOrder>().substitution_status;
    const trackingSees = async () =>
      (await browser.get(`/order/status/${id}`)).json<Pick<Order, "substitution_status">>()
        .substitution_status;
    expect(await consoleSees()).toBe("Proposed");

    // The shopper opens /substitution/{orderId} (the server renders it; no script has run).
    const page = await loader({
      ...routeArgs(browser, `/substitution/${id}`),
      params: { orderId: id },
    } as never);
    expect(page.review).toMatchObject({ status: "Viewing", open: true });
    expect(await consoleSees()).toBe("Viewing");
    expect(await trackingSees()).toBe("Viewing");
    const events = (await staff.get(`/api/console/orders/${id}`)).json<ConsoleOrder>().events;
    expect(events.filter((e) => e.type === "substitutions_viewing")).toHaveLength(1);

    // Opened again, or submitted: once, then 'Done'.
    await loader({ ...routeArgs(browser, `/substitution/${id}`), params: { orderId: id } } as never);
    const again = (await staff.get(`/api/console/orders/${id}`)).json<ConsoleOrder>().events;
    expect(again.filter((e) => e.type === "substitutions_viewing")).toHaveLength(1);
    const done = await browser.request("PUT", `/order/substitution/${id}`, {
      user: { objectId: page.userId },
      status: "Done",
      save: false,
      products: [],
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await consoleSees()).toBe("Done");
    const after = await loader({
      ...routeArgs(browser, `/substitution/${id}`),
      params: { orderId: id },
    } as never);
    expect(after.review).toMatchObject({ status: "Done", open: false });
  });
});
