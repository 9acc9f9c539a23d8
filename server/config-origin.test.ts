import { describe, expect, it } from "vitest";
import { ConfigError, checkServingConfig, DEVELOPMENT_TRUST_PROXY, loadConfig } from "./config.ts";

const PRODUCTION_DB = { NODE_ENV: "production", DATABASE_URL: "postgres://db.internal/nightcap" };

describe("TRUST_PROXY: which peers may say who the client is", () => {
  it("trusts nothing in production unless told", () => {
    expect(loadConfig({ NODE_ENV: "production" }).trustProxy).toEqual({ kind: "none" });
  });

  it("trusts proxies on this machine in development and tests unless told", () => {
    expect(loadConfig({ NODE_ENV: "development" }).trustProxy).toEqual(DEVELOPMENT_TRUST_PROXY);
    expect(loadConfig({ NODE_ENV: "test" }).trustProxy).toEqual({
      kind: "addresses",
      addresses: ["loopback"],
    });
    expect(loadConfig({ NODE_ENV: "test", TRUST_PROXY: "none" }).trustProxy).toEqual({ kind: "none" });
  });

  it.each([
    ["none", { kind: "none" }],
    ["false", { kind: "none" }],
    ["0", { kind: "none" }],
    ["1", { kind: "hops", hops: 1 }],
    ["2", { kind: "hops", hops: 2 }],
    ["127.0.0.1", { kind: "addresses", addresses: ["127.0.0.1"] }],
    [" 10.0.0.0/8, 172.16.0.0/12 ", { kind: "addresses", addresses: ["10.0.0.0/8", "172.16.0.0/12"] }],
    ["::1,fd00::/8", { kind: "addresses", addresses: ["::1", "fd00::/8"] }],
    ["loopback,uniquelocal", { kind: "addresses", addresses: ["loopback", "uniquelocal"] }],
  ])("reads %j", (value, trust) => {
    expect(loadConfig({ NODE_ENV: "production", TRUST_PROXY: value }).trustProxy).toEqual(trust);
  });

  it.each([
    ["true", "would believe any client's X-Forwarded-For"],
    ["*", "would believe any client's X-Forwarded-For"],
    ["17", "at most 16 hops"],
    ["nginx", "TRUST_PROXY must be none, a hop count"],
    ["10.0.0.0/33", "TRUST_PROXY must be none, a hop count"],
    ["10.0.0.1,,10.0.0.2", "TRUST_PROXY must be none, a hop count"],
    ["300.1.1.1", "TRUST_PROXY must be none, a hop count"],
  ])("refuses %j at start, naming the variable", (value, why) => {
    const load = () => loadConfig({ NODE_ENV: "production", TRUST_PROXY: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/TRUST_PROXY/);
    expect(load).toThrow(why);
  });
});

describe("PUBLIC_ORIGIN: the store's address, from configuration only in production", () => {
  it("stops a production start on a real database without it, naming the variable", () => {
    const serve = () => checkServingConfig(loadConfig(PRODUCTION_DB));
    expect(serve).toThrow(ConfigError);
    expect(serve).toThrow(/PUBLIC_ORIGIN: required in production with DATABASE_URL/);
  });

  it("leaves the admin commands, which serve nothing, to run on a real database without it", () => {
    expect(loadConfig(PRODUCTION_DB).publicOrigin).toBeUndefined();
  });

  it("starts the embedded default in production, and development on a real database, without it", () => {
    expect(() => checkServingConfig(loadConfig({ NODE_ENV: "production" }))).not.toThrow();
    expect(() => checkServingConfig(loadConfig({ ...PRODUCTION_DB, NODE_ENV: "development" }))).not.toThrow();
    expect(() =>
      checkServingConfig(loadConfig({ ...PRODUCTION_DB, PUBLIC_ORIGIN: "https://shop.example" })),
    ).not.toThrow();
  });

  it("is kept as an origin (no trailing slash or path)", () => {
    const config = loadConfig({ ...PRODUCTION_DB, PUBLIC_ORIGIN: "https://shop.example/" });
    expect(config.publicOrigin).toBe("https://shop.example");
  });

  it("must be an http(s) URL", () => {
    expect(() => loadConfig({ PUBLIC_ORIGIN: "ftp://shop.example" })).toThrow(/PUBLIC_ORIGIN/);
    expect(() => loadConfig({ PUBLIC_ORIGIN: "shop.example" })).toThrow(/PUBLIC_ORIGIN/);
  });
});
