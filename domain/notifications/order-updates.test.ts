import { describe, expect, it } from "vitest";
import {
  channelsFor,
  GIFT_EXPIRY_ACTOR,
  type OrderEventFacts,
  type OrderUpdate,
  orderUpdateOf,
  pushText,
  smsText,
} from "./order-updates.ts";

const ev = (type: string, from: number | null, to: number | null, actor = "staff-1"): OrderEventFacts => ({
  type,
  from,
  to,
  actor,
});

describe("which status changes the shopper is told of", () => {
  it.each<[OrderEventFacts, OrderUpdate | null]>([
    [ev("paymentAuthorised", -1, 0, "payment"), "placed"],
    [ev("paymentAuthorised", -1, 7, "payment"), "scheduled"],
    [ev("paymentFailed", -1, 5, "payment"), null],
    [ev("cancel", -1, 5, "payment"), null],
    [ev("release", 7, 0), null],
    [ev("giftClaimed", 7, 0, "gift-recipient"), "giftClaimed"],
    [ev("accept", 0, 1), "accepted"],
    [ev("accept", 7, 1), "accepted"],
    [ev("dispatch", 1, 2), "dispatched"],
    [ev("dispatch", 4, 2), "dispatched"],
    [ev("deliver", 2, 3), "delivered"],
    [ev("fail", 2, 4), "failed"],
    [ev("cancel", 0, 5, "timeout"), "cancelled"],
    [ev("cancel", 1, 5), "cancelled"],
    [ev("refund", 3, 6), "refunded"],
    [ev("substitutions_proposed", 1, 1), null],
    [ev("substitutions_done", 1, 1), null],
  ])("%o → %s", (facts, update) => {
    expect(orderUpdateOf(facts)).toBe(update);
  });
});

describe("the channels of a change", () => {
  const all = { email: true, sms: true, push: true };
  const none = { email: false, sms: false, push: false };
  const mobile = { mobile: true };

  it.each<[OrderUpdate, string, typeof all, boolean, { email: boolean; sms: boolean; push: boolean }]>([
    // The writer's own email (checkout's confirmation, the gift sender's): never a second one.
    ["placed", "payment", all, true, { email: false, sms: true, push: true }],
    ["scheduled", "payment", all, true, { email: false, sms: true, push: true }],
    ["giftClaimed", "gift-recipient", all, true, { email: false, sms: true, push: true }],
    ["cancelled", GIFT_EXPIRY_ACTOR, all, true, { email: false, sms: true, push: true }],
    // By the shopper's preferences.
    ["accepted", "staff", all, true, { email: true, sms: true, push: true }],
    ["dispatched", "staff", none, true, { email: false, sms: false, push: false }],
    [
      "delivered",
      "staff",
      { email: true, sms: false, push: true },
      true,
      { email: true, sms: false, push: true },
    ],
    // No mobile number, no text.
    ["accepted", "staff", all, false, { email: true, sms: false, push: true }],
    // What happens to their money is emailed whatever the preference.
    ["failed", "staff", none, true, { email: true, sms: false, push: false }],
    ["cancelled", "staff", none, true, { email: true, sms: false, push: false }],
    ["cancelled", "timeout", none, true, { email: true, sms: false, push: false }],
    ["refunded", "staff", none, true, { email: true, sms: false, push: false }],
  ])("%s by %s, preferences %o, mobile %s → %o", (update, actor, prefs, hasMobile, channels) => {
    expect(channelsFor(update, actor, prefs, hasMobile ? mobile : { mobile: false })).toEqual(channels);
  });
});

describe("the short texts", () => {
  const o = { orderNumber: 1042, store: "Chelsea Wine & Spirits", shipping: false };
  it("name the order, and a text carries the tracking link", () => {
    expect(pushText("accepted", o)).toEqual({
      title: "Order #1042 is being prepared",
      body: "Chelsea Wine & Spirits is getting it ready.",
    });
    expect(smsText("dispatched", o, "https://nightcap.example/tracking/abc")).toBe(
      "Nightcap: Order #1042 is on its way. Have your ID ready: the driver checks it at the door. https://nightcap.example/tracking/abc",
    );
    expect(pushText("dispatched", { ...o, shipping: true }).title).toBe("Order #1042 has shipped");
    expect(pushText("refunded", { ...o, amount: 1250 }).body).toBe("$12.50 is on its way back to your card.");
  });
  it("every update has a title and a text under 160 characters with a short link", () => {
    const updates: OrderUpdate[] = [
      "placed",
      "scheduled",
      "giftClaimed",
      "accepted",
      "dispatched",
      "delivered",
      "failed",
      "cancelled",
      "refunded",
    ];
    for (const u of updates) {
      expect(pushText(u, o).title.length).toBeGreaterThan(0);
      expect(smsText(u, o, "https://nc.example/tracking/0123456789abcdef").length).toBeLessThanOrEqual(160);
    }
  });
});
