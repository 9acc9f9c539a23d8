import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import ConsoleQueue from "#app/routes/console.tsx";
import type { Order } from "#domain/orders/types.ts";

/** The queue (/console) as the server renders it from its loader's data. */
function render(orders: Partial<Order>[]): string {
  const Stub = createRoutesStub([{ id: "queue", path: "/console", Component: ConsoleQueue as never }]);
  return renderToString(
    createElement(Stub, {
      initialEntries: ["/console"],
      hydrationData: { loaderData: { queue: { forbidden: null, orders, filter: "active" } } },
    }),
  ).replaceAll("<!-- -->", "");
}

const base = {
  order_status: 7,
  shipping: false,
  shipping_status: null,
  failed_status: null,
  store: { id: "st", name: "Wicker Park Bottle Shop" },
  products: [],
  total: 3199,
  created_at: new Date().toISOString(),
} satisfies Partial<Order>;

describe("/console's queue as rendered", () => {
  it("labels a slot order by its slot and an ASAP order as ASAP", () => {
    const label = "10:00 AM – 11:00 AM";
    const html = render([
      {
        ...base,
        _id: "slot",
        order_number: 100001,
        eta: label,
        scheduled: {
          date: "2026-11-28",
          start: "2026-11-28T16:00:00.000Z",
          end: "2026-11-28T17:00:00.000Z",
          label,
        },
      },
      { ...base, _id: "asap", order_number: 100002, order_status: 0, eta: "30 min", scheduled: null },
    ]);
    const rows = html.matchAll(/<li[^>]*data-order-id="([^"]+)"[^>]*>([\s\S]*?)<\/li>/g);
    const items = Object.fromEntries([...rows].map((m) => [m[1], m[2]]));
    expect(items.slot).toContain(`Slot Sat, Nov 28, ${label}`);
    expect(items.slot).not.toContain("ASAP");
    expect(items.asap).toContain("ASAP · 30 min");
  });
});
