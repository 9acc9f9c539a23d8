import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { applySetCookies } from "#server/ssr.ts";
import { createCsrf } from "./csrf.ts";
import { StateChangingRoutes } from "./csrf-policy.ts";

describe("CSRF tokens", () => {
  const csrf = createCsrf(randomBytes(32));

  it("verify for their own binding only", () => {
    const token = csrf.tokenFor("session:abc");
    expect(csrf.verify(token, "session:abc")).toBe(true);
    expect(csrf.verify(token, "session:abd")).toBe(false);
    expect(csrf.verify(token, "anon:abc")).toBe(false);
  });

  it("differ every time (masked) and still verify", () => {
    const tokens = new Set(Array.from({ length: 20 }, () => csrf.tokenFor("anon:x")));
    expect(tokens.size).toBe(20);
    for (const token of tokens) expect(csrf.verify(token, "anon:x")).toBe(true);
  });

  it("refuse tampered, truncated, missing tokens and another key's tokens", () => {
    const token = csrf.tokenFor("anon:x");
    const flipped = `${token.slice(0, 10)}${token[10] === "A" ? "B" : "A"}${token.slice(11)}`;
    for (const bad of [flipped, token.slice(0, -2), "", undefined, null, "x".repeat(500)]) {
      expect(csrf.verify(bad, "anon:x")).toBe(false);
    }
    expect(createCsrf(randomBytes(32)).verify(token, "anon:x")).toBe(false);
  });
});

describe("routes that only change state", () => {
  it("match their paths with parameters, and ignore page routes", () => {
    const routes = new StateChangingRoutes();
    routes.add("/auth/logout", "POST");
    routes.add("/me/sessions/:id", ["DELETE"]);
    routes.add("/menu/cart/v2", ["GET", "POST"]);
    routes.add("/*", ["GET", "POST"]);
    expect(routes.changesState("/auth/logout")).toBe(true);
    expect(routes.changesState("/me/sessions/123")).toBe(true);
    expect(routes.changesState("/me/sessions")).toBe(false);
    expect(routes.changesState("/login")).toBe(false);
  });
});

describe("cookies carried between in-process API calls", () => {
  it("applies Set-Cookie lines to a Cookie header, dropping cleared cookies", () => {
    const next = applySetCookies("nc_anon=a; nc_user=old; address=x", [
      "nc_user=new; Max-Age=31536000; Path=/; HttpOnly",
      "address=; Max-Age=0; Path=/",
      "nc_sso=p; Expires=Thu, 01 Jan 1970 00:00:00 GMT",
    ]);
    expect(next).toBe("nc_anon=a; nc_user=new");
    expect(applySetCookies(undefined, ["a=1"])).toBe("a=1");
  });
});
