import { describe, expect, it } from "vitest";
import { useTestApp } from "../tests/support/app.ts";

describe("every API answer", () => {
  const s = useTestApp("pglite");

  it.each([
    ["a success", "/menu/categories", 200],
    ["bad input", "/menu/product/not a sku", 400],
  ])("carries the request id and the JSON security headers on %s", async (_case, url, status) => {
    const res = await s.app.inject({ method: "GET", url, headers: { "x-request-id": "req-123" } });
    expect(res.statusCode).toBe(status);
    expect(res.headers["x-request-id"]).toBe("req-123");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
  });

  it("answers an unknown API path with a JSON 404, the request id and the API headers", async () => {
    const res = await s.app.inject({
      method: "GET",
      url: "/menu/no-such-thing",
      headers: { "x-request-id": "r-9" },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "not_found", message: "No such API route" } });
    expect(res.headers["x-request-id"]).toBe("r-9");
    expect(res.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    for (const documentOnly of [
      "x-permitted-cross-domain-policies",
      "origin-agent-cluster",
      "cross-origin-opener-policy",
    ]) {
      expect(res.headers[documentOnly]).toBeUndefined();
    }
  });

  it("gets a fresh request id when the caller sends none or a malformed one", async () => {
    const plain = await s.app.inject({ method: "GET", url: "/menu/categories" });
    const bad = await s.app.inject({
      method: "GET",
      url: "/menu/categories",
      headers: { "x-request-id": "<script>" },
    });
    for (const res of [plain, bad]) expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
