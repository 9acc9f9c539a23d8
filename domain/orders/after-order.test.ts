import { describe, expect, it } from "vitest";
import {
  averageAfter,
  CHECKOUT_TIP_AWAITING_PAYMENT,
  CHECKOUT_TIP_CAPTURED,
  CHECKOUT_TIP_NO_CARD,
  type CheckoutTipPayment,
  checkCheckoutTip,
  checkFeedback,
  checkReview,
  checkTip,
  EDIT_ENDED,
  EDIT_TOO_LATE,
  maxTip,
  maxTipToAdd,
  mayEdit,
  mayGiveFeedback,
  mayTip,
  type OrderFacts,
  REVIEW_TEXT_MAX,
  reviewAuthor,
  reviewingOrder,
  TIP_AFTER_DELIVERY,
  TIP_NOT_DELIVERED,
  TIP_SHIPPED,
  tipChoices,
} from "./after-order.ts";
import { type OrderStatus, ORDER_STATUS as S, SHIPPING_STATUS as SH, type ShippingStatus } from "./status.ts";

const onDemand = (order_status: OrderStatus): OrderFacts => ({
  order_status,
  shipping: false,
  shipping_status: null,
});
const shipped = (shipping_status: ShippingStatus, order_status: OrderStatus): OrderFacts => ({
  order_status,
  shipping: true,
  shipping_status,
});

const message = (r: { ok: true } | { ok: false; message: string }) => (r.ok ? "ok" : r.message);

describe("tip choices and the cap", () => {
  it.each([
    [4599, [690, 828, 920]],
    [1000, [150, 180, 200]],
    [0, [0, 0, 0]],
    [3333, [500, 600, 667]],
  ])("on a subtotal of %i cents: 15/18/20 %% are %j", (subtotal, amounts) => {
    expect(tipChoices(subtotal)).toEqual([
      { percent: 15, amount: amounts[0] },
      { percent: 18, amount: amounts[1] },
      { percent: 20, amount: amounts[2] },
    ]);
  });

  it.each([
    [0, 100_00],
    [4599, 100_00],
    [250_00, 250_00],
    [2_000_00, 500_00],
  ])("a subtotal of %i cents caps a tip at %i", (subtotal, cap) => {
    expect(maxTip(subtotal)).toBe(cap);
  });

  it.each([
    [{ amount: 500, rating: 5 }, "ok"],
    [{ amount: 500, rating: null }, "ok"],
    [{ amount: 0, rating: 4 }, "ok"],
    [{ amount: 100_00, rating: 1 }, "ok"],
    [{ amount: 100_01, rating: 1 }, "A tip on this order can be at most $100.00."],
    [{ amount: -1, rating: 5 }, "A tip must be a whole number of cents, 0 or more."],
    [{ amount: 1.5, rating: 5 }, "A tip must be a whole number of cents, 0 or more."],
    [{ amount: 500, rating: 0 }, "A rating is 1 to 5 stars."],
    [{ amount: 500, rating: 6 }, "A rating is 1 to 5 stars."],
    [{ amount: 500, rating: 4.5 }, "A rating is 1 to 5 stars."],
    [{ amount: 0, rating: null }, "Choose a tip or a star rating."],
  ])("checkTip(%j) on a $45.99 order: %s", (input, expected) => {
    expect(message(checkTip({ ...input, subtotal: 4599 }))).toBe(expected);
  });
});

describe("a tip added after delivery on top of the checkout's", () => {
  it.each([
    [4599, 0, 100_00],
    [4599, 690, 93_10],
    [250_00, 37_50, 212_50],
    [2_000_00, 300_00, 200_00],
    [4599, 120_00, 0],
  ])("a subtotal of %i cents tipped %i at checkout may add %i more", (subtotal, tipped, left) => {
    expect(maxTipToAdd(subtotal, tipped)).toBe(left);
  });

  it.each([
    [{ amount: 500, rating: 5, alreadyTipped: 690 }, "ok"],
    [{ amount: 93_10, rating: null, alreadyTipped: 690 }, "ok"],
    [
      { amount: 93_11, rating: null, alreadyTipped: 690 },
      "You can add at most $93.10 to your tip on this order.",
    ],
    [{ amount: 0, rating: 5, alreadyTipped: 100_00 }, "ok"],
    [{ amount: 1, rating: 5, alreadyTipped: 100_00 }, "You can add at most $0.00 to your tip on this order."],
  ])("checkTip(%j) on a $45.99 order: %s", (input, expected) => {
    expect(message(checkTip({ ...input, subtotal: 4599 }))).toBe(expected);
  });
});

describe("changing the tip chosen at checkout, until its payment is captured", () => {
  const open: CheckoutTipPayment = { byCard: true, settled: false, room: 0 };
  const change = (order: OrderFacts, payment: CheckoutTipPayment, current: number, wanted: number) => {
    const r = checkCheckoutTip({ order, payment, subtotal: 4599, current, wanted });
    return r.ok ? r.value : `${r.code}: ${r.message}`;
  };
  it.each([
    // [what, order, payment, current, wanted, outcome]
    ["lowered while placed", onDemand(S.placed), open, 690, 460, { amount: 460, difference: -230 }],
    ["removed while scheduled", onDemand(S.scheduled), open, 690, 0, { amount: 0, difference: -690 }],
    ["unchanged", onDemand(S.placed), open, 690, 690, { amount: 690, difference: 0 }],
    [
      "raised back within the hold",
      onDemand(S.placed),
      { ...open, room: 230 },
      460,
      690,
      { amount: 690, difference: 230 },
    ],
    [
      "raised past the hold",
      onDemand(S.placed),
      { ...open, room: 230 },
      460,
      691,
      "tip_not_changeable: Your card's hold covers a tip of at most $6.90 on this order. You can add more once it's delivered.",
    ],
    [
      "delivered, its split sibling still open",
      onDemand(S.completed),
      open,
      690,
      500,
      { amount: 500, difference: -190 },
    ],
    [
      "after the capture",
      onDemand(S.inProgress),
      { ...open, settled: true },
      690,
      0,
      `tip_not_changeable: ${CHECKOUT_TIP_CAPTURED}`,
    ],
    [
      "paid wholly with credit",
      onDemand(S.placed),
      { ...open, byCard: false },
      690,
      0,
      `tip_not_changeable: ${CHECKOUT_TIP_NO_CARD}`,
    ],
    [
      "awaiting 3-D Secure",
      onDemand(S.awaitingPayment),
      open,
      690,
      0,
      `tip_not_changeable: ${CHECKOUT_TIP_AWAITING_PAYMENT}`,
    ],
    ["cancelled", onDemand(S.cancelled), open, 690, 0, `tip_not_changeable: ${TIP_NOT_DELIVERED}`],
    [
      "shipped",
      shipped(SH.awaitingFulfillment, S.placed),
      open,
      0,
      100,
      `tip_not_changeable: ${TIP_SHIPPED}`,
    ],
    [
      "negative",
      onDemand(S.placed),
      open,
      690,
      -1,
      "invalid_tip: A tip must be a whole number of cents, 0 or more.",
    ],
    [
      "over the cap",
      onDemand(S.placed),
      { ...open, room: 1_000_00 },
      690,
      100_01,
      "invalid_tip: A tip on this order can be at most $100.00.",
    ],
  ] as const)("%s", (_what, order, payment, current, wanted, outcome) => {
    expect(change(order, payment, current, wanted)).toEqual(outcome);
  });
});

describe("when an order may be tipped, rated, given feedback and edited", () => {
  // [facts, tip (amount > 0), rating only, feedback, edit]
  const table: [string, OrderFacts, string, string, string, string][] = [
    ["awaiting payment", onDemand(S.awaitingPayment), TIP_AFTER_DELIVERY, TIP_AFTER_DELIVERY, "no", "no"],
    ["placed", onDemand(S.placed), TIP_AFTER_DELIVERY, TIP_AFTER_DELIVERY, "no", "ok"],
    ["in progress", onDemand(S.inProgress), TIP_AFTER_DELIVERY, TIP_AFTER_DELIVERY, "no", "ok"],
    ["scheduled", onDemand(S.scheduled), TIP_AFTER_DELIVERY, TIP_AFTER_DELIVERY, "no", "ok"],
    ["en route", onDemand(S.enRoute), TIP_AFTER_DELIVERY, TIP_AFTER_DELIVERY, "no", EDIT_TOO_LATE],
    ["completed", onDemand(S.completed), "ok", "ok", "ok", EDIT_ENDED],
    ["refunded after completion", onDemand(S.refunded), "ok", "ok", "ok", EDIT_ENDED],
    ["failed", onDemand(S.failed), TIP_NOT_DELIVERED, TIP_NOT_DELIVERED, "ok", EDIT_ENDED],
    ["cancelled", onDemand(S.cancelled), TIP_NOT_DELIVERED, TIP_NOT_DELIVERED, "ok", EDIT_ENDED],
    [
      "shipped: awaiting fulfilment",
      shipped(SH.awaitingFulfillment, S.placed),
      TIP_AFTER_DELIVERY,
      TIP_AFTER_DELIVERY,
      "no",
      "ok",
    ],
    [
      "shipped: shipped",
      shipped(SH.shipped, S.enRoute),
      TIP_AFTER_DELIVERY,
      TIP_AFTER_DELIVERY,
      "no",
      EDIT_TOO_LATE,
    ],
    ["shipped: completed", shipped(SH.completed, S.completed), TIP_SHIPPED, "ok", "ok", EDIT_ENDED],
    [
      "shipped: cancelled",
      shipped(SH.cancelled, S.cancelled),
      TIP_NOT_DELIVERED,
      TIP_NOT_DELIVERED,
      "ok",
      EDIT_ENDED,
    ],
  ];
  it.each(table)("%s", (_, facts, tip, ratingOnly, feedback, edit) => {
    expect(message(mayTip(facts, 500))).toBe(tip);
    expect(message(mayTip(facts, 0))).toBe(ratingOnly);
    expect(mayGiveFeedback(facts).ok ? "ok" : "no").toBe(feedback);
    const edited = message(mayEdit(facts));
    expect(edit === "no" ? edited !== "ok" : edited === edit).toBe(true);
  });
});

describe("feedback", () => {
  const none = { positive: [], negative: [], thumb: null, notes: null };
  it.each([
    [{ ...none, thumb: "up" as const }, "ok"],
    [{ ...none, positive: ["On time", "Well packed"] }, "ok"],
    [{ ...none, negative: ["Late", "Damaged"], thumb: "down" as const }, "ok"],
    [{ ...none, notes: "Left with the doorman, thanks" }, "ok"],
    [{ ...none, positive: ["Fast"] }, `"Fast" isn't one of the things we ask about.`],
    [{ ...none, negative: ["On time"] }, `"On time" isn't one of the things we ask about.`],
    [{ ...none, notes: "x".repeat(501) }, "Notes can be at most 500 characters."],
    [none, "Tell us something about your order: a thumb, a chip or a note."],
    [{ ...none, notes: "   " }, "Tell us something about your order: a thumb, a chip or a note."],
  ])("checkFeedback(%j): %s", (input, expected) => {
    expect(message(checkFeedback(input))).toBe(expected);
  });

  it("keeps notes plain: control characters and outer spaces go, line breaks stay; repeated chips count once", () => {
    const checked = checkFeedback({
      positive: ["On time", "On time"],
      negative: [],
      thumb: "up",
      notes: "  Great\u0007 service\nthanks  ",
    });
    expect(checked).toEqual({
      ok: true,
      value: { positive: ["On time"], negative: [], thumb: "up", notes: "Great service\nthanks" },
    });
  });
});

describe("product reviews", () => {
  const orders = [
    { id: "a", order_status: S.enRoute, skus: ["IA-1-750"] },
    { id: "b", order_status: S.cancelled, skus: ["IA-2-750"] },
    { id: "c", order_status: S.completed, skus: ["IA-1-750", "IA-3-750"] },
    { id: "d", order_status: S.refunded, skus: ["IA-4-750"] },
  ] as const;
  it.each([
    ["IA-1-750", "c"],
    ["IA-3-750", "c"],
    ["IA-4-750", "d"],
    ["IA-2-750", null],
    ["IA-9-750", null],
  ])("%s may be rated thanks to order %s", (sku, id) => {
    expect(
      reviewingOrder(
        [...orders].map((o) => ({ ...o, skus: [...o.skus] })),
        sku,
      )?.id ?? null,
    ).toBe(id);
  });

  it.each([
    [{ rating: 5, text: null }, "ok"],
    [{ rating: 1, text: "  Corked  " }, "ok"],
    [{ rating: 0, text: null }, "A rating is 1 to 5 stars."],
    [{ rating: 3.5, text: null }, "A rating is 1 to 5 stars."],
    [{ rating: 4, text: "x".repeat(REVIEW_TEXT_MAX + 1) }, "A review can be at most 1000 characters."],
  ])("checkReview(%j): %s", (input, expected) => {
    expect(message(checkReview(input))).toBe(expected);
  });

  it.each([
    ["Ana", "Pérez", "Ana P."],
    ["Ana", "", "Ana"],
    ["", "Pérez", "A Nightcap shopper"],
    [null, null, "A Nightcap shopper"],
  ])("%s %s signs as %s", (first, last, signed) => {
    expect(reviewAuthor(first, last)).toBe(signed);
  });

  it("averages one more rating in", () => {
    expect(averageAfter(null, 0, 4)).toBe(4);
    expect(averageAfter(4, 1, 2)).toBe(3);
    expect(averageAfter(4.5, 2, 3)).toBe(4);
  });
});
