import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("scheduled feeds in the configuration (FEED_CREDENTIALS_KEY, FEED_FETCH_ALLOW_LOCAL)", () => {
  it("has no key unless told (one is kept in the database), and takes 32 bytes of base64", () => {
    expect(loadConfig({}).feeds).toEqual({ credentialsKey: undefined, allowLocal: false });
    const key = randomBytes(32);
    expect(loadConfig({ FEED_CREDENTIALS_KEY: key.toString("base64") }).feeds.credentialsKey).toEqual(key);
  });

  it("allows local addresses in tests only", () => {
    expect(loadConfig({ NODE_ENV: "test", FEED_FETCH_ALLOW_LOCAL: "true" }).feeds.allowLocal).toBe(true);
    expect(loadConfig({ NODE_ENV: "test", FEED_FETCH_ALLOW_LOCAL: "false" }).feeds.allowLocal).toBe(false);
  });

  it.each([
    [{ FEED_CREDENTIALS_KEY: randomBytes(16).toString("base64") }, "FEED_CREDENTIALS_KEY must be 32 bytes"],
    [{ FEED_CREDENTIALS_KEY: "not base64 at all!" }, "FEED_CREDENTIALS_KEY must be 32 bytes"],
    [{ FEED_FETCH_ALLOW_LOCAL: "true" }, "FEED_FETCH_ALLOW_LOCAL is for tests only"],
    [{ NODE_ENV: "development", FEED_FETCH_ALLOW_LOCAL: "true" }, "FEED_FETCH_ALLOW_LOCAL is for tests only"],
    [{ NODE_ENV: "test", FEED_FETCH_ALLOW_LOCAL: "yes" }, "FEED_FETCH_ALLOW_LOCAL must be true or false"],
  ])("refuses %j at start", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
