import { describe, expect, it } from "vitest";
import { queueTimeLabel } from "./queue-label.ts";

const slot = {
  date: "2026-11-28",
  start: "2026-11-28T15:00:00.000Z",
  end: "2026-11-28T16:00:00.000Z",
  label: "10:00 AM – 11:00 AM",
};

describe("when a queued order is due", () => {
  it.each([
    ["an ASAP order with its ETA", { shipping: false, scheduled: null, eta: "30 min" }, "ASAP · 30 min"],
    ["an ASAP order without one", { shipping: false, scheduled: null, eta: null }, "ASAP"],
    // The order's eta holds the slot's label for the shopper: the queue says it is a slot, never ASAP.
    [
      "a slot order",
      { shipping: false, scheduled: slot, eta: slot.label },
      "Slot Sat, Nov 28, 10:00 AM – 11:00 AM",
    ],
    [
      "a gift waiting for its recipient",
      { shipping: false, scheduled: { byRecipient: true as const }, eta: null },
      "Gift: the recipient chooses when",
    ],
    ["a shipped order", { shipping: true, scheduled: null, eta: "2–5 business days" }, "Shipping"],
  ])("%s → %s", (_name, order, label) => {
    expect(queueTimeLabel(order)).toBe(label);
  });
});
