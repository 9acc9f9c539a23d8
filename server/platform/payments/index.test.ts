import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#server/config.ts";
import { openTestDb, type TestDb } from "#tests/support/db.ts";
import {
  STAND_IN_PUBLISHABLE_KEY,
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  type StripeStandIn,
  startStripeStandIn,
} from "#tests/support/stripe-stand-in.ts";
import { createPaymentProvider } from "./index.ts";
import { SandboxProvider } from "./sandbox/sandbox-provider.ts";
import { StripeProvider } from "./stripe/stripe-provider.ts";

const STRIPE_KEYS = {
  STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
  STRIPE_PUBLISHABLE_KEY: STAND_IN_PUBLISHABLE_KEY,
  STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
};

describe("payments configuration", () => {
  it("takes cards with the built-in sandbox unless Stripe's keys are set", () => {
    expect(loadConfig({}).payments).toEqual({ kind: "sandbox" });
    expect(loadConfig(STRIPE_KEYS).payments).toEqual({
      kind: "stripe",
      secretKey: STAND_IN_SECRET_KEY,
      publishableKey: STAND_IN_PUBLISHABLE_KEY,
      webhookSecret: STAND_IN_WEBHOOK_SECRET,
      apiUrl: undefined,
    });
    expect(loadConfig({ ...STRIPE_KEYS, STRIPE_API_URL: "http://127.0.0.1:12111" }).payments).toMatchObject({
      kind: "stripe",
      apiUrl: "http://127.0.0.1:12111",
    });
  });

  it("says what is wrong", () => {
    const { STRIPE_WEBHOOK_SECRET: _, ...twoOfThree } = STRIPE_KEYS;
    expect(() => loadConfig(twoOfThree)).toThrow(
      /STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together/,
    );
    expect(() => loadConfig({ ...STRIPE_KEYS, STRIPE_SECRET_KEY: STAND_IN_PUBLISHABLE_KEY })).toThrow(
      /STRIPE_SECRET_KEY must be a secret key/,
    );
    expect(() => loadConfig({ ...STRIPE_KEYS, STRIPE_PUBLISHABLE_KEY: "pk_live_abc" })).toThrow(
      /must both be test keys or both live keys/,
    );
    expect(() => loadConfig({ ...STRIPE_KEYS, STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(
      /STRIPE_WEBHOOK_SECRET must be a webhook signing secret/,
    );
    expect(() => loadConfig({ ...STRIPE_KEYS, STRIPE_API_URL: "https://stripe.example/v1" })).toThrow(
      /STRIPE_API_URL must be an http\(s\) origin without a path/,
    );
    expect(() => loadConfig({ STRIPE_API_URL: "http://127.0.0.1:12111" })).toThrow(ConfigError);
  });
});

describe("createPaymentProvider", () => {
  let t: TestDb;
  let standIn: StripeStandIn;
  beforeAll(async () => {
    t = await openTestDb("pglite");
    standIn = await startStripeStandIn();
  });
  afterAll(async () => {
    await standIn.close();
    await t.close();
  });

  it("answers the sandbox by default", () => {
    const provider = createPaymentProvider(loadConfig({}).payments, t.db);
    expect(provider).toBeInstanceOf(SandboxProvider);
    expect(provider.clientConfig()).toMatchObject({ provider: "sandbox" });
  });

  it("answers Stripe with the configured keys, talking to the API base it is given", async () => {
    const config = loadConfig({ ...STRIPE_KEYS, STRIPE_API_URL: standIn.url });
    const provider = createPaymentProvider(config.payments, t.db);
    expect(provider).toBeInstanceOf(StripeProvider);
    expect(provider.clientConfig()).toMatchObject({
      provider: "stripe",
      publishableKey: STAND_IN_PUBLISHABLE_KEY,
    });
    const customer = await provider.ensureCustomer({
      userId: "user-1",
      email: "a@example.com",
      existing: null,
    });
    expect(standIn.customer(customer)).toMatchObject({ email: "a@example.com" });
    expect(standIn.requests.at(-1)?.authorization).toBe(`Bearer ${STAND_IN_SECRET_KEY}`);
  });
});
