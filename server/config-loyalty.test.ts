import { describe, expect, it } from "vitest";
import { DEFAULT_STAFF_ADJUSTMENT_LIMITS } from "../domain/loyalty/staff-adjustment.ts";
import { loadConfig } from "./config.ts";

describe("staff adjustments' bounds in the configuration", () => {
  it("default to the programme's, and are read from the environment", () => {
    expect(loadConfig({}).loyalty.staffAdjustments).toEqual(DEFAULT_STAFF_ADJUSTMENT_LIMITS);
    expect(
      loadConfig({ LOYALTY_STAFF_MAX_POINTS: "250", LOYALTY_STAFF_DAILY_POINTS: "750" }).loyalty
        .staffAdjustments,
    ).toEqual({ perAdjustment: 250, perDay: 750 });
  });

  it.each([
    [{ LOYALTY_STAFF_MAX_POINTS: "lots" }, "LOYALTY_STAFF_MAX_POINTS must be a number of points"],
    [{ LOYALTY_STAFF_MAX_POINTS: "0" }, "LOYALTY_STAFF_MAX_POINTS must be at least 1"],
    [{ LOYALTY_STAFF_MAX_POINTS: "2.5" }, "LOYALTY_STAFF_MAX_POINTS must be an integer"],
    [{ LOYALTY_STAFF_MAX_POINTS: "100001" }, "LOYALTY_STAFF_MAX_POINTS must be at most 100000"],
    [{ LOYALTY_STAFF_DAILY_POINTS: "-5" }, "LOYALTY_STAFF_DAILY_POINTS must be at least 1"],
    [
      { LOYALTY_STAFF_MAX_POINTS: "2000", LOYALTY_STAFF_DAILY_POINTS: "1000" },
      "LOYALTY_STAFF_MAX_POINTS must not be more than LOYALTY_STAFF_DAILY_POINTS",
    ],
  ])("refuses %j at start", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
