import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { TestBrowser } from "#tests/support/browser.ts";
import { openTestDb, type TestDb, testDatabases } from "#tests/support/db.ts";
import { MERCHANT_UNREACHABLE, REDIRECT_NOT_REGISTERED } from "./merchant-service.ts";

interface Postback {
  path: string;
  body: { token: string; user_id: string; merchant_id: string; state?: string };
}

/** Direct-merchant sign-on (/sos): the postback goes only to the merchant's registered redirect URL. */
describe.each(testDatabases)("merchant sign-on on %s", (kind) => {
  let t: TestDb;
  let app: App;
  let merchant: http.Server;
  let base: string;
  const received: Postback[] = [];

  beforeAll(async () => {
    merchant = http.createServer((req, res) => {
      let raw = "";
      req.on("data", (chunk) => (raw += chunk));
      req.on("end", () => {
        if (req.url === "/broken") {
          res.writeHead(500).end();
          return;
        }
        received.push({ path: req.url ?? "", body: JSON.parse(raw || "{}") });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => merchant.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`;
    t = await openTestDb(kind);
    const config = loadConfig({
      NODE_ENV: "test",
      DEMO_MERCHANT_REDIRECT_URLS: `${base}/sos/callback,${base}/broken`,
    });
    app = await buildApp({ config, db: t.db, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    await new Promise((resolve) => merchant.close(resolve));
  });

  it("tells the page who is asking and whether the return address is registered", async () => {
    const ok = await app.inject({
      method: "GET",
      url: `/auth/sos/merchant?merchant_id=demo&redirect_uri=${encodeURIComponent(`${base}/sos/callback`)}`,
    });
    expect(ok.json()).toEqual({ id: "demo", name: "Demo Merchant", redirect_allowed: true });
    const evil = await app.inject({
      method: "GET",
      url: "/auth/sos/merchant?merchant_id=demo&redirect_uri=https%3A%2F%2Fevil.example%2Fcb",
    });
    expect(evil.json().redirect_allowed).toBe(false);
    expect((await app.inject({ method: "GET", url: "/auth/sos/merchant?merchant_id=nope" })).statusCode).toBe(
      404,
    );
  });

  it("posts a merchant session token to the registered URL, links the account, and sends the browser there", async () => {
    const user = await createUser(t.db);
    const browser = await signedInBrowser(app, user);
    const before = received.length;
    const res = await browser.post("/auth/sos/postback", {
      merchant_id: "demo",
      redirect_uri: `${base}/sos/callback`,
      state: "merchant-state-42",
      is_signup: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      redirect: `${base}/sos/callback?state=merchant-state-42&status=signed_in`,
      merchant: { id: "demo", name: "Demo Merchant" },
    });
    expect(received.length).toBe(before + 1);
    const postback = received.at(-1)!;
    expect(postback.path).toBe("/sos/callback");
    expect(postback.body).toMatchObject({
      user_id: user.id,
      merchant_id: "demo",
      state: "merchant-state-42",
    });
    // The token is a session of its own (not the browser's), and it works as x-user.
    expect(postback.body.token).not.toBe(browser.cookieValue("nc_user"));
    const me = await app.inject({ method: "GET", url: "/me", headers: { "x-user": postback.body.token } });
    expect(me.json().user).toMatchObject({ id: user.id, direct_only: true });
    const session = await t.db
      .selectFrom("sessions")
      .select(["kind", "merchant_id"])
      .where("user_id", "=", user.id)
      .where("kind", "=", "merchant")
      .executeTakeFirst();
    expect(session).toEqual({ kind: "merchant", merchant_id: "demo" });
    const link = await t.db
      .selectFrom("user_merchants")
      .selectAll()
      .where("user_id", "=", user.id)
      .executeTakeFirst();
    expect(link).toMatchObject({ merchant_id: "demo", is_signup: true });
  });

  it("refuses any address the merchant did not register, posting nothing", async () => {
    const browser = await signedInBrowser(app, await createUser(t.db));
    const before = received.length;
    for (const redirect_uri of [
      "https://evil.example/cb",
      `${base}/sos/callback/../steal`,
      `${base}/sos/callback?x=1`,
      `${base.replace("127.0.0.1", "localhost")}/sos/callback`,
    ]) {
      const res = await browser.post("/auth/sos/postback", { merchant_id: "demo", redirect_uri });
      expect(res.statusCode, redirect_uri).toBe(400);
      expect(res.json().error).toEqual({ code: "redirect_not_registered", message: REDIRECT_NOT_REGISTERED });
    }
    expect(received.length).toBe(before);
    expect((await browser.post("/auth/sos/postback", { merchant_id: "unknown" })).statusCode).toBe(404);
  });

  it("needs a signed-in shopper and the CSRF token", async () => {
    expect((await new TestBrowser(app).post("/auth/sos/postback", { merchant_id: "demo" })).statusCode).toBe(
      401,
    );
    const browser = await signedInBrowser(app, await createUser(t.db));
    const res = await browser.post(
      "/auth/sos/postback",
      { merchant_id: "demo" },
      { "x-csrf-token": "forged" },
    );
    expect(res.statusCode).toBe(403);
  });

  it("a merchant that fails to take the postback gets no working token", async () => {
    const user = await createUser(t.db);
    const browser = await signedInBrowser(app, user);
    const res = await browser.post("/auth/sos/postback", {
      merchant_id: "demo",
      redirect_uri: `${base}/broken`,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe(MERCHANT_UNREACHABLE);
    const live = await t.db
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", user.id)
      .where("kind", "=", "merchant")
      .where("revoked_at", "is", null)
      .execute();
    expect(live).toEqual([]);
  });

  it("the demo merchant's stand-in receiver keeps who signed on, never the token, and echoes the return", async () => {
    const posted = await app.inject({
      method: "POST",
      url: "/api/dev/merchant-postback",
      payload: { token: "secret-token", user_id: "u-1", merchant_id: "demo", state: "s-1" },
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toEqual({ ok: true });
    const res = await app.inject({
      method: "GET",
      url: "/api/dev/merchant-postback?state=s-1&status=signed_in",
    });
    expect(res.statusCode).toBe(200);
    const echo = res.json();
    expect(echo.query).toEqual({ state: "s-1", status: "signed_in" });
    expect(echo.received[0]).toEqual({
      user_id: "u-1",
      merchant_id: "demo",
      state: "s-1",
      at: expect.any(String),
    });
    expect(res.body).not.toContain("secret-token");
  });
});
