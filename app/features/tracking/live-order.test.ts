import { describe, expect, it } from "vitest";
import type { Order } from "#domain/orders/types.ts";
import { liveOrderOf, liveOrderReducer, mergeLive } from "./live-order.ts";

const order = {
  _id: "o1",
  order_number: 1001,
  order_status: 0,
  shipping: false,
  shipping_status: null,
  failed_status: null,
  eta: "45 min",
  driver: null,
  tracking_state: null,
  active: true,
  products: [{ sku_id: "S1", title: "Whiskey", qty: 1 }],
} as unknown as Order;

describe("the live order (spec §4)", () => {
  it("merges status, ETA, driver and tracking state in, keeping the rest of the order", () => {
    const next = mergeLive(liveOrderOf(order), {
      _id: "o1",
      order_status: 2,
      shipping_status: null,
      eta: "10 min",
      driver: { name: "Dee", phone: null },
      tracking_state: "near",
      failed_status: null,
      active: true,
    });
    expect(next).toMatchObject({
      state: "live",
      order: {
        order_status: 2,
        eta: "10 min",
        driver: { name: "Dee" },
        tracking_state: "near",
        order_number: 1001,
      },
    });
    if (next.state === "live") expect(next.order.products).toBe(order.products);
  });

  it("a failed status replaces the whole order with the failure", () => {
    const failure = { state: "hard" as const, reason: "No one at the door" };
    const next = mergeLive(liveOrderOf(order), {
      _id: "o1",
      order_status: 4,
      failed_status: failure,
      active: false,
    });
    expect(next).toMatchObject({ state: "failed", failure });
    expect(liveOrderOf({ ...order, order_status: 4, failed_status: failure }).state).toBe("failed");
  });

  it("no order data is the error state, and it stays there", () => {
    expect(liveOrderOf(null)).toEqual({ state: "error" });
    expect(mergeLive(liveOrderOf(order), null)).toEqual({ state: "error" });
    expect(mergeLive(liveOrderOf(order), { _id: "another", order_status: 1 })).toEqual({ state: "error" });
    expect(mergeLive({ state: "error" }, { ...order, order_status: 1 })).toEqual({ state: "error" });
  });

  it("a soft failure dispatched again is live again", () => {
    const failed = liveOrderOf({
      ...order,
      order_status: 4,
      failed_status: { state: "soft", reason: "Gate shut" },
    });
    expect(mergeLive(failed, { _id: "o1", order_status: 2, failed_status: null, active: true }).state).toBe(
      "live",
    );
  });
});

describe("a tip marked as started (spec §4)", () => {
  it("is kept as later messages arrive, and means nothing on a failed or missing order", () => {
    const started = liveOrderReducer(liveOrderOf(order), { type: "tipStarted" });
    expect(started).toMatchObject({ state: "live", tipStarted: true });
    const after = liveOrderReducer(started, {
      type: "message",
      message: { _id: "o1", order_status: 3, failed_status: null, active: false },
    });
    expect(after).toMatchObject({ state: "live", tipStarted: true, order: { order_status: 3 } });
    expect(liveOrderReducer({ state: "error" }, { type: "tipStarted" })).toEqual({ state: "error" });
    const failed = liveOrderOf({ ...order, order_status: 4, failed_status: { state: "hard", reason: "x" } });
    expect(liveOrderReducer(failed, { type: "tipStarted" })).toBe(failed);
  });
});
