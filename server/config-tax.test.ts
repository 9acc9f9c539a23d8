import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

const STRIPE = {
  STRIPE_SECRET_KEY: "sk_test_abc",
  STRIPE_PUBLISHABLE_KEY: "pk_test_abc",
  STRIPE_WEBHOOK_SECRET: "whsec_abc",
};

describe("the tax service in the configuration (TAX_SERVICE)", () => {
  it("is the embedded rate table unless told, and Stripe Tax with the account's key and named codes", () => {
    expect(loadConfig({}).tax).toEqual({ kind: "embedded" });
    expect(
      loadConfig({ ...STRIPE, TAX_SERVICE: "stripe", STRIPE_TAX_CODES: '{"spirits":"txcd_12345678"}' }).tax,
    ).toEqual({
      kind: "stripe",
      secretKey: "sk_test_abc",
      apiUrl: undefined,
      taxCodes: { spirits: "txcd_12345678" },
    });
  });

  it.each([
    [{ TAX_SERVICE: "avalara" }, "TAX_SERVICE must be embedded or stripe"],
    [{ TAX_SERVICE: "stripe" }, "TAX_SERVICE=stripe needs the Stripe account's keys"],
    [
      { STRIPE_TAX_CODES: '{"spirits":"txcd_12345678"}' },
      "STRIPE_TAX_CODES is set without TAX_SERVICE=stripe",
    ],
    [
      { ...STRIPE, TAX_SERVICE: "stripe", STRIPE_TAX_CODES: "spirits=txcd" },
      "STRIPE_TAX_CODES must be a JSON object",
    ],
    [
      { ...STRIPE, TAX_SERVICE: "stripe", STRIPE_TAX_CODES: '{"gin":"txcd_12345678"}' },
      "STRIPE_TAX_CODES must be a JSON object",
    ],
    [
      { ...STRIPE, TAX_SERVICE: "stripe", STRIPE_TAX_CODES: '{"spirits":"12345678"}' },
      "STRIPE_TAX_CODES must be a JSON object",
    ],
  ])("refuses %j at start", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
