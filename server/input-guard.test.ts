import type { IncomingMessage } from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCatalogueFixture } from "../tests/factories/catalogue-fixture.ts";
import { useTestApp } from "../tests/support/app.ts";
import { TestBrowser } from "../tests/support/browser.ts";
import { openTestDb, type TestDb, testDatabases } from "../tests/support/db.ts";
import { type App, buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { findBadInput, routableUrl, unstorable } from "./input-guard.ts";

const NUL = "must not contain the NUL character (U+0000)";
const SURROGATE = "must be valid Unicode (it holds an unpaired surrogate)";
const badRequest = (message: string) => ({ error: { code: "bad_request", message } });

describe("what cannot be stored as sent", () => {
  it.each([
    ["a\u0000b", NUL],
    ["\u0000", NUL],
    ["a\ud800", SURROGATE],
    ["\udc00a", SURROGATE],
    ["\udfff\ud800", SURROGATE],
    ["Crème brûlée", null],
    ["\ud83c\udf7a cheers", null],
    ["\u200b\ufeff\uffff\u202e", null],
    ["", null],
  ])("%j → %s", (text, problem) => {
    expect(unstorable(text)).toBe(problem);
  });

  it("names the first bad field of a parsed body by its path, keys included", () => {
    expect(findBadInput({ items: [{ sku: "ok" }, { sku: "x\u0000" }] }, "body")).toEqual({
      where: "body.items.1.sku",
      problem: NUL,
    });
    expect(findBadInput({ "a\ud800": 1 }, "body")).toEqual({
      where: "body",
      problem: `has a property name that ${SURROGATE}`,
    });
    expect(findBadInput({ a: [1, true, null, { b: "fine" }] }, "body")).toBeNull();
  });

  it("walks a body nested deeper than the call stack allows", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findBadInput(deep, "body")?.problem).toBe(NUL);
  });

  it("leaves bytes alone (a page form's raw body)", () => {
    expect(findBadInput(Buffer.from([0, 0xff]), "body")).toBeNull();
  });

  it.each([
    ["/search/%E0%A4%A", "/search/%25E0%25A4%25A"],
    ["/search/%E0%A4%A?q=%00#x", "/search/%25E0%25A4%25A?q=%00#x"],
    ["/menu/product/%ED%A0%80", "/menu/product/%25ED%25A0%2580"],
    ["/search/caf%C3%A9?x=%E0", "/search/caf%C3%A9?x=%E0"],
    ["/search/red%20wine", "/search/red%20wine"],
    ["/wine", "/wine"],
  ])("routes %s as %s", (url, routed) => {
    expect(routableUrl({ url } as IncomingMessage)).toBe(routed);
  });
});

describe.each(testDatabases)("bad input at the edge of the API on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createCatalogueFixture });

  // Issue 12 §3: each of these answered 500 (PostgreSQL refuses the NUL byte).
  it.each([
    ["/menu/search/v4", "body.query", { query: "a\u0000" }],
    [
      "/auth/signup",
      "body.firstname",
      { firstname: "Sa\u0000m", lastname: "Shopper", email: "nul@example.com", birthday: "1990-05-17" },
    ],
    [
      "/auth/login",
      "body.username",
      { username: "sam\u0000@example.com", password: "correct horse battery" },
    ],
  ])("POST %s with a NUL in %s answers 400 naming it", async (url, field, payload) => {
    const browser = new TestBrowser(s.app);
    await browser.refresh();
    const res = await browser.post(url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(badRequest(`Invalid ${field}: ${NUL}`));
  });

  it("answers a lone surrogate in a JSON body with 400, and takes a paired one", async () => {
    const send = (text: string) =>
      s.app.inject({
        method: "POST",
        url: "/menu/search/v4",
        headers: { "content-type": "application/json" },
        payload: `{"query":"${text}"}`,
      });
    const lone = await send("rum \\ud800");
    expect(lone.statusCode).toBe(400);
    expect(lone.json()).toEqual(badRequest(`Invalid body.query: ${SURROGATE}`));
    const paired = await send("rum \\ud83c\\udf7a");
    expect(paired.statusCode).toBe(200);
    expect(paired.json().analytics.query).toBe("rum 🍺");
  });

  it("answers a NUL in a property name with 400", async () => {
    const res = await s.app.inject({
      method: "POST",
      url: "/menu/search/v4",
      headers: { "content-type": "application/json" },
      payload: '{"query":"rum","\\u0000":1}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(badRequest(`Invalid body: has a property name that ${NUL}`));
  });

  it.each([
    ["a query value", "/order/address/suggestions?q=5th%00Ave", "querystring.q"],
    ["an unknown query parameter", "/menu/categories?utm=%00", "querystring.utm"],
    ["a path parameter", "/menu/category/red%00wine", "params.url_name"],
    ["a path parameter of a route without a schema for it", "/images/products/a%00b.webp", "params.file"],
  ])("answers a NUL in %s with 400", async (_case, url, field) => {
    const res = await s.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(badRequest(`Invalid ${field}: ${NUL}`));
  });

  it("answers a NUL in a header with 400 and the API's headers, before the session is looked up", async () => {
    const res = await s.app.inject({
      method: "GET",
      url: "/me",
      headers: { "x-user": "token\u0000", "x-request-id": "r-nul" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(badRequest(`Invalid headers.x-user: ${NUL}`));
    expect(res.headers["x-request-id"]).toBe("r-nul");
    expect(res.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it("takes text in any script, emoji and invisible characters", async () => {
    const res = await s.app.inject({
      method: "POST",
      url: "/menu/search/v4",
      payload: { query: "Crème brûlée 🍺 日本酒 \u200b" },
    });
    expect(res.statusCode).toBe(200);
  });

  it("answers a malformed percent-escape in an API path with a 400 in the API's error shape", async () => {
    const res = await s.app.inject({
      method: "GET",
      url: "/menu/product/%E0%A4%A",
      headers: { "x-request-id": "r-bad-url" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(badRequest("Invalid url: the path must be valid percent-encoded UTF-8"));
    expect(res.headers["x-request-id"]).toBe("r-bad-url");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("answers a path parameter over the router's limit in the API's error shape", async () => {
    const res = await s.app.inject({ method: "GET", url: `/menu/product/${"A".repeat(3000)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({
      error: {
        code: "uri_too_long",
        message: "Invalid params: a path segment is longer than the API accepts",
      },
    });
    expect(res.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
  });
});

/** One raw HTTP exchange with a listening app: what it answers (status line, headers, body) before it closes. */
async function rawExchange(
  port: number,
  request: string,
): Promise<{ status: number; headers: string; body: string }> {
  const socket = net.connect(port, "127.0.0.1");
  const chunks: Buffer[] = [];
  socket.on("data", (c: Buffer) => chunks.push(c));
  socket.on("error", () => {});
  socket.write(request);
  await new Promise((resolve) => socket.once("close", resolve));
  const text = Buffer.concat(chunks).toString("utf8");
  const [head, body = ""] = text.split("\r\n\r\n");
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head.toLowerCase(), body };
}

describe("what the HTTP server refuses before any route", () => {
  let t: TestDb;
  let app: App;
  let port: number;
  beforeAll(async () => {
    t = await openTestDb("pglite");
    app = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), db: t.db, logger: false });
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it.each([
    ["a 100,000-character path", `GET /menu/product/${"A".repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`],
    [
      "a 20,000-character header",
      `GET /menu/categories HTTP/1.1\r\nHost: x\r\nx-big: ${"b".repeat(20_000)}\r\n\r\n`,
    ],
  ])("answers %s with 431 in the API's error shape and headers", async (_case, request) => {
    const res = await rawExchange(port, request);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({
      error: { code: "headers_too_large", message: expect.stringContaining("too long") },
    });
    expect(res.headers).toContain("content-type: application/json");
    expect(res.headers).toContain("x-content-type-options: nosniff");
    expect(res.headers).toContain("connection: close");
  });

  it("answers a request that is not HTTP with 400 in the API's error shape", async () => {
    const res = await rawExchange(port, "HELLO THERE\r\n\r\n");
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({
      error: { code: "bad_request", message: "The request could not be read as HTTP." },
    });
  });
});
