import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

const STRIPE = {
  STRIPE_SECRET_KEY: "sk_test_abc",
  STRIPE_PUBLISHABLE_KEY: "pk_test_abc",
  STRIPE_WEBHOOK_SECRET: "whsec_abc",
};

describe("payouts in the configuration (PAYOUTS)", () => {
  it("are the sandbox unless told, and Stripe Connect on the payments' account", () => {
    expect(loadConfig({}).payouts).toEqual({ kind: "sandbox" });
    expect(loadConfig(STRIPE).payouts).toEqual({ kind: "sandbox" });
    expect(
      loadConfig({ ...STRIPE, PAYOUTS: "stripe", STRIPE_API_URL: "http://127.0.0.1:9" }).payouts,
    ).toEqual({
      kind: "stripe",
      secretKey: "sk_test_abc",
      apiUrl: "http://127.0.0.1:9",
    });
  });

  it.each([
    [{ PAYOUTS: "paypal" }, "PAYOUTS must be sandbox or stripe"],
    [{ PAYOUTS: "stripe" }, "PAYOUTS=stripe needs the Stripe account's keys"],
  ])("refuses %j at start", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
