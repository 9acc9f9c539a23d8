import { describe, expect, it } from "vitest";
import {
  type AdjustmentRequest,
  adjustmentAllowance,
  OWN_ACCOUNT_MESSAGE,
  staffAdjustmentRefusal,
} from "./staff-adjustment.ts";

const limits = { perAdjustment: 1000, perDay: 5000 };
const ask = (over: Partial<AdjustmentRequest>): AdjustmentRequest => ({
  role: "store_staff",
  actorId: "staff",
  customerId: "shopper",
  points: 100,
  addedInWindow: 0,
  limits,
  ...over,
});

describe("staff adjustments of a customer's points", () => {
  it.each([
    ["a small goodwill", {}, null],
    ["exactly the bound of one adjustment", { points: 1000 }, null],
    ["exactly the bound, taken", { points: -1000 }, null],
    ["one point over the bound", { points: 1001 }, "adjustment_needs_admin"],
    ["a large deduction", { points: -1001 }, "adjustment_needs_admin"],
    ["the last of the day's bound", { points: 1000, addedInWindow: 4000 }, null],
    ["one point past the day's bound", { points: 1, addedInWindow: 5000 }, "daily_adjustment_limit"],
    ["more than is left today", { points: 600, addedInWindow: 4500 }, "daily_adjustment_limit"],
    ["a deduction after the day's bound is used", { points: -500, addedInWindow: 5000 }, null],
    ["their own account", { customerId: "staff" }, "own_account"],
    ["their own account, a deduction", { customerId: "staff", points: -5 }, "own_account"],
    [
      "an administrator, far over the bounds",
      { role: "admin", points: 90_000, addedInWindow: 10 ** 6 },
      null,
    ],
    ["an administrator's own account", { role: "admin", customerId: "staff" }, "own_account"],
  ] as const)("%s", (_name, over, code) => {
    expect(staffAdjustmentRefusal(ask(over))?.code ?? null).toBe(code);
  });

  it("says the bound and what is left, with thousands separators", () => {
    expect(staffAdjustmentRefusal(ask({ points: 1500 }))?.message).toBe(
      "Staff can add or take up to 1,000 points at a time. Ask an administrator for more.",
    );
    expect(staffAdjustmentRefusal(ask({ points: 900, addedInWindow: 4200 }))?.message).toBe(
      "Staff can add up to 5,000 points in 24 hours; you have 800 left. Ask an administrator for more.",
    );
    expect(staffAdjustmentRefusal(ask({ points: 1, addedInWindow: 5200 }))?.message).toBe(
      "Staff can add up to 5,000 points in 24 hours; you have none left. Ask an administrator for more.",
    );
    expect(staffAdjustmentRefusal(ask({ customerId: "staff" }))?.message).toBe(OWN_ACCOUNT_MESSAGE);
  });

  it("tells staff what is left today; administrators have no allowance", () => {
    expect(adjustmentAllowance("store_staff", 1200, limits)).toEqual({
      perAdjustment: 1000,
      perDay: 5000,
      leftToday: 3800,
    });
    expect(adjustmentAllowance("store_staff", 7000, limits)?.leftToday).toBe(0);
    expect(adjustmentAllowance("admin", 1200, limits)).toBeNull();
  });
});
