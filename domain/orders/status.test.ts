import { describe, expect, it } from "vitest";
import {
  isActiveOrder,
  nextStatus,
  type OrderEvent,
  type OrderState,
  type OrderStatus,
  ORDER_STATUS as S,
  SHIPPING_STATUS as SH,
  type ShippingStatus,
} from "./status.ts";

const onDemand = (order_status: OrderStatus, failed: "soft" | "hard" | null = null): OrderState => ({
  order_status,
  shipping: false,
  shipping_status: null,
  failed_status: failed ? { state: failed, reason: "No one home" } : null,
});
const shipped = (
  shipping_status: ShippingStatus | null,
  order_status: OrderStatus = S.placed,
): OrderState => ({
  order_status,
  shipping: true,
  shipping_status,
  failed_status: null,
});

const EVENTS: Record<string, OrderEvent> = {
  paid: { type: "paymentAuthorised", scheduled: false },
  paidLater: { type: "paymentAuthorised", scheduled: true },
  unpaid: { type: "paymentFailed" },
  release: { type: "release" },
  accept: { type: "accept" },
  dispatch: { type: "dispatch" },
  deliver: { type: "deliver" },
  failSoft: { type: "fail", state: "soft", reason: "No one home" },
  failHard: { type: "fail", state: "hard", reason: "Under age at the door" },
  cancel: { type: "cancel" },
  refund: { type: "refund" },
  claimNow: { type: "giftClaimed", asap: true },
  claimSlot: { type: "giftClaimed", asap: false },
};

/** Every on-demand status × event: the status it leads to, or "-" where it is refused. */
const ON_DEMAND_TABLE: [string, OrderState, Record<keyof typeof EVENTS, OrderStatus | "-">][] = [
  [
    "awaiting payment",
    onDemand(S.awaitingPayment),
    {
      paid: 0,
      paidLater: 7,
      unpaid: 5,
      release: "-",
      accept: "-",
      dispatch: "-",
      deliver: "-",
      failSoft: "-",
      failHard: "-",
      cancel: 5,
      refund: "-",
      claimNow: "-",
      claimSlot: "-",
    },
  ],
  [
    "placed",
    onDemand(S.placed),
    {
      paid: "-",
      paidLater: "-",
      unpaid: "-",
      release: "-",
      accept: 1,
      dispatch: "-",
      deliver: "-",
      failSoft: "-",
      failHard: "-",
      cancel: 5,
      refund: "-",
      claimNow: "-",
      claimSlot: "-",
    },
  ],
  [
    "scheduled",
    onDemand(S.scheduled),
    {
      paid: "-",
      paidLater: "-",
      unpaid: "-",
      release: 0,
      accept: 1,
      dispatch: "-",
      deliver: "-",
      failSoft: "-",
      failHard: "-",
      cancel: 5,
      refund: "-",
      claimNow: 0,
      claimSlot: 7,
    },
  ],
  [
    "in progress",
    onDemand(S.inProgress),
    {
      paid: "-",
      paidLater: "-",
      unpaid: "-",
      release: "-",
      accept: "-",
      dispatch: 2,
      deliver: "-",
      failSoft: 4,
      failHard: 4,
      cancel: 5,
      refund: "-",
      claimNow: "-",
      claimSlot: "-",
    },
  ],
  [
    "en route",
    onDemand(S.enRoute),
    {
      paid: "-",
      paidLater: "-",
      unpaid: "-",
      release: "-",
      accept: "-",
      dispatch: "-",
      deliver: 3,
      failSoft: 4,
      failHard: 4,
      cancel: "-",
      refund: "-",
      claimNow: "-",
      claimSlot: "-",
    },
  ],
  [
    "failed soft",
    onDemand(S.failed, "soft"),
    {
      paid: "-",
      paidLater: "-",
      unpaid: "-",
      release: "-",
      accept: "-",
      dispatch: 2,
      deliver: "-",
      failSoft: "-",
      failHard: "-",
      cancel: 5,
      refund: "-",
      claimNow: "-",
      claimSlot: "-",
    },
  ],
  [
    "failed hard",
    onDemand(S.failed, "hard"),
    {
      paid: "-",
      paidLater: "-",
      unpaid: "-",
      release: "-",
      accept: "-",
      dispatch: "-",
      deliver: "-",
      failSoft: "-",
      failHard: "-",
      cancel: "-",
      refund: "-",
      claimNow: "-",
      claimSlot: "-",
    },
  ],
  [
    "completed",
    onDemand(S.completed),
    {
      paid: "-",
      paidLater: "-",
      unpaid: "-",
      release: "-",
      accept: "-",
      dispatch: "-",
      deliver: "-",
      failSoft: "-",
      failHard: "-",
      cancel: "-",
      refund: 6,
      claimNow: "-",
      claimSlot: "-",
    },
  ],
  [
    "refunded",
    onDemand(S.refunded),
    {
      paid: "-",
      paidLater: "-",
      unpaid: "-",
      release: "-",
      accept: "-",
      dispatch: "-",
      deliver: "-",
      failSoft: "-",
      failHard: "-",
      cancel: "-",
      refund: 6,
      claimNow: "-",
      claimSlot: "-",
    },
  ],
  [
    "cancelled",
    onDemand(S.cancelled),
    {
      paid: "-",
      paidLater: "-",
      unpaid: "-",
      release: "-",
      accept: "-",
      dispatch: "-",
      deliver: "-",
      failSoft: "-",
      failHard: "-",
      cancel: "-",
      refund: "-",
      claimNow: "-",
      claimSlot: "-",
    },
  ],
];

describe("on-demand order transitions", () => {
  for (const [name, state, row] of ON_DEMAND_TABLE) {
    it.each(Object.entries(row))(`${name} + %s → %s`, (event, expected) => {
      const result = nextStatus(state, EVENTS[event]);
      if (expected === "-") {
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.message).toMatch(/^An order that is .+ cannot be .+\.$/);
      } else {
        expect(result).toMatchObject({ ok: true, state: { order_status: expected } });
      }
    });
  }

  it("keeps the failure's kind and reason, and clears it when dispatched again", () => {
    const failed = nextStatus(onDemand(S.enRoute), EVENTS.failSoft);
    expect(failed).toEqual({ ok: true, state: { ...onDemand(S.failed, "soft") } });
    const again = nextStatus(onDemand(S.failed, "soft"), EVENTS.dispatch);
    expect(again).toMatchObject({ ok: true, state: { order_status: 2, failed_status: null } });
  });

  const failHard = { type: "fail", state: "hard", reason: "Under age at the door" } as const;
  it("a refusal at the door keeps the store's return fee with the reason; no fee, no field", () => {
    const refused = nextStatus(onDemand(S.enRoute), { ...failHard, returnFee: 500 });
    expect(refused).toMatchObject({
      ok: true,
      state: { failed_status: { state: "hard", reason: "Under age at the door", return_fee: 500 } },
    });
    const free = nextStatus(onDemand(S.enRoute), { ...failHard, returnFee: 0 });
    expect(free.ok && free.state.failed_status).toEqual({ state: "hard", reason: "Under age at the door" });
  });

  it("says what is wrong in words", () => {
    expect(nextStatus(onDemand(S.completed), EVENTS.cancel)).toEqual({
      ok: false,
      message: "An order that is completed cannot be cancelled.",
    });
  });
});

describe("shipped order transitions", () => {
  it.each([
    [shipped(null, S.awaitingPayment), EVENTS.paid, SH.awaitingFulfillment, S.placed],
    [shipped(SH.awaitingFulfillment), EVENTS.dispatch, SH.shipped, S.enRoute],
    [shipped(SH.shipped, S.enRoute), EVENTS.deliver, SH.completed, S.completed],
    [shipped(SH.awaitingFulfillment), EVENTS.failHard, SH.failed, S.failed],
    [shipped(SH.shipped, S.enRoute), EVENTS.failSoft, SH.failed, S.failed],
    [shipped(SH.awaitingFulfillment), EVENTS.cancel, SH.cancelled, S.cancelled],
    [shipped(SH.completed, S.completed), EVENTS.refund, SH.partiallyRefunded, S.refunded],
    [shipped(SH.shipped, S.enRoute), EVENTS.refund, SH.partiallyRefunded, S.refunded],
  ] as const)("%j + %j → %s", (state, event, shipping_status, order_status) => {
    expect(nextStatus(state, event)).toMatchObject({ ok: true, state: { shipping_status, order_status } });
  });

  it.each([
    [shipped(SH.shipped, S.enRoute), EVENTS.cancel],
    [shipped(SH.completed, S.completed), EVENTS.dispatch],
    [shipped(SH.cancelled, S.cancelled), EVENTS.refund],
    [shipped(SH.awaitingFulfillment), EVENTS.accept],
    [shipped(SH.awaitingFulfillment), EVENTS.paid],
    [shipped(SH.awaitingFulfillment), EVENTS.claimNow],
    [shipped(null, S.scheduled), EVENTS.claimSlot],
  ] as const)("refuses %j + %j", (state, event) => {
    expect(nextStatus(state, event).ok).toBe(false);
  });

  it("cancels an unpaid shipped order", () => {
    expect(nextStatus(shipped(null, S.awaitingPayment), EVENTS.unpaid)).toMatchObject({
      ok: true,
      state: { order_status: S.cancelled, shipping_status: null },
    });
  });
});

describe("isActiveOrder (spec §4)", () => {
  it.each([
    [S.awaitingPayment, false],
    [S.placed, true],
    [S.inProgress, true],
    [S.enRoute, true],
    [S.completed, false],
    [S.failed, false],
    [S.cancelled, false],
    [S.refunded, false],
    [S.scheduled, true],
  ] as const)("on-demand status %i → %s", (status, active) => {
    expect(isActiveOrder(onDemand(status))).toBe(active);
  });

  it.each([
    [null, false],
    [SH.awaitingFulfillment, true],
    [SH.shipped, true],
    [SH.completed, false],
    [SH.failed, false],
    [SH.cancelled, false],
    [SH.partiallyRefunded, false],
  ] as const)("shipping status %s → %s", (status, active) => {
    expect(isActiveOrder(shipped(status))).toBe(active);
  });
});
