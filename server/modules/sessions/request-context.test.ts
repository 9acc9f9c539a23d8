import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { createUser, signedInBrowser, TEST_PASSWORD } from "#tests/factories/accounts.ts";
import { TestBrowser } from "#tests/support/browser.ts";
import { openTestDb, type TestDb, testDatabases } from "#tests/support/db.ts";
import { hashSecret } from "./tokens.ts";

const YEAR_S = 365 * 24 * 60 * 60;
const anyEmail = () => `${randomUUID().slice(0, 12)}@example.com`;

/** Splits a Set-Cookie line into its name, value and attributes (lower-case keys). */
function parseSetCookie(line: string) {
  const [pair, ...attrs] = line.split(";").map((p) => p.trim());
  const [name, value] = pair.split("=");
  const attributes = Object.fromEntries(
    attrs.map((a) => {
      const [k, v = "true"] = a.split("=");
      return [k.toLowerCase(), v];
    }),
  );
  return { name, value, attributes };
}

function setCookies(res: { headers: Record<string, unknown> }) {
  const raw = res.headers["set-cookie"];
  return (Array.isArray(raw) ? raw : raw ? [raw] : []).map((l) => parseSetCookie(String(l)));
}

describe.each(testDatabases)("request context, sessions and CSRF on %s", (kind) => {
  let t: TestDb;
  let app: App;

  beforeAll(async () => {
    t = await openTestDb(kind);
    app = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), db: t.db, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  describe("anonymous visitors", () => {
    it("a first page visit issues the anonymous-user cookie: HttpOnly, SameSite=Lax, kept 1 year", async () => {
      const res = await app.inject({ method: "GET", url: "/some/page" });
      const anon = setCookies(res).find((c) => c.name === "nc_anon");
      expect(anon?.value).toMatch(/^[0-9a-f-]{36}$/);
      expect(anon?.attributes).toMatchObject({
        httponly: "true",
        samesite: "Lax",
        "max-age": String(YEAR_S),
        path: "/",
      });
      // NODE_ENV test: plain HTTP works.
      expect(anon?.attributes.secure).toBeUndefined();
    });

    it("API calls and files do not issue one, and a visitor who has one keeps it", async () => {
      expect(setCookies(await app.inject({ method: "GET", url: "/auth/session" }))).toEqual([]);
      expect(setCookies(await app.inject({ method: "GET", url: "/favicon.svg" }))).toEqual([]);
      const kept = await app.inject({
        method: "GET",
        url: "/",
        headers: { cookie: `nc_anon=${randomUUID()}` },
      });
      expect(setCookies(kept).find((c) => c.name === "nc_anon")).toBeUndefined();
    });

    it("cookies are Secure outside localhost and tests", async () => {
      const prod = await buildApp({
        config: loadConfig({ NODE_ENV: "production" }),
        db: t.db,
        logger: false,
      });
      try {
        const remote = await prod.inject({
          method: "GET",
          url: "/page",
          headers: { host: "shop.example.com" },
        });
        expect(setCookies(remote).find((c) => c.name === "nc_anon")?.attributes.secure).toBe("true");
        const local = await prod.inject({ method: "GET", url: "/page", headers: { host: "localhost:3000" } });
        expect(setCookies(local).find((c) => c.name === "nc_anon")?.attributes.secure).toBeUndefined();
      } finally {
        await prod.close();
      }
    });
  });

  describe("sessions", () => {
    it("login sets an opaque ≥128-bit token in an HttpOnly, SameSite=Lax, 1-year cookie, stored only as its SHA-256", async () => {
      const user = await createUser(t.db);
      const browser = new TestBrowser(app);
      const res = await browser.post("/auth/login", { username: user.email, password: TEST_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json().sessionToken).toBeUndefined();
      const cookie = setCookies(res).find((c) => c.name === "nc_user");
      expect(cookie?.attributes).toMatchObject({
        httponly: "true",
        samesite: "Lax",
        "max-age": String(YEAR_S),
      });
      const token = cookie!.value;
      // ncs_ + 43 base64url characters = 256 random bits.
      expect(token).toMatch(/^ncs_[A-Za-z0-9_-]{43}$/);
      const rows = await t.db.selectFrom("sessions").selectAll().where("user_id", "=", user.id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0].token_hash).toBe(hashSecret(token));
      expect(JSON.stringify(rows)).not.toContain(token.slice(4));
    });

    it("mobile apps get the token in the body and send it as x-user, with no CSRF token", async () => {
      const user = await createUser(t.db);
      const res = await app.inject({
        method: "POST",
        url: "/auth/login",
        headers: { "x-platform": "ios" },
        payload: { username: user.email, password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(setCookies(res).find((c) => c.name === "nc_user")).toBeUndefined();
      const token = res.json().sessionToken as string;
      expect(token).toMatch(/^ncs_/);
      const me = await app.inject({ method: "GET", url: "/me", headers: { "x-user": token } });
      expect(me.json().user.email).toBe(user.email);
      const change = await app.inject({
        method: "POST",
        url: "/users/direct-only",
        headers: { "x-user": token, "x-platform": "android" },
        payload: { direct_only: true },
      });
      expect(change.statusCode).toBe(200);
      const session = await t.db
        .selectFrom("sessions")
        .select(["kind", "platform"])
        .where("user_id", "=", user.id)
        .executeTakeFirst();
      expect(session).toEqual({ kind: "mobile", platform: "ios" });
    });

    it("every login makes a new token and ends the session the browser came with (no fixation)", async () => {
      const user = await createUser(t.db);
      const browser = await signedInBrowser(app, user);
      const first = browser.cookieValue("nc_user")!;
      const again = await browser.post("/auth/login", { username: user.email, password: TEST_PASSWORD });
      expect(again.statusCode).toBe(200);
      const second = browser.cookieValue("nc_user")!;
      expect(second).not.toBe(first);
      const old = await app.inject({ method: "GET", url: "/me", headers: { "x-user": first } });
      expect(old.statusCode).toBe(401);
      expect(old.json().error.code).toBe("invalid_session");
    });

    it("a shared page's personal parts come from one call: the session, its CSRF token and the address", async () => {
      const visitor = new TestBrowser(app);
      await visitor.refresh();
      const anonymous = await visitor.get("/auth/shell");
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.headers["cache-control"]).toBe("private, no-store");
      const parts = anonymous.json();
      expect(parts).toMatchObject({ session: { user: null, sessionEnded: false }, address: null });
      expect(parts.session.csrfToken).toEqual(expect.any(String));
      expect(anonymous.headers["x-csrf-token"]).toBe(parts.session.csrfToken);

      const user = await createUser(t.db);
      const browser = await signedInBrowser(app, user);
      const address = {
        address: "1 Main St, Chicago, IL 60601",
        street: "1 Main St",
        street_number: "1",
        route: "Main St",
        unit: null,
        city: "Chicago",
        state: "IL",
        zip: "60601",
        lat: 41.88,
        lng: -87.62,
        store_id: "st_x",
        shipping: false,
      };
      browser.cookie += `; address=${encodeURIComponent(JSON.stringify(address))}`;
      const mine = (await browser.get("/auth/shell")).json();
      expect(mine.session.user).toMatchObject({ id: user.id, email: user.email });
      expect(mine.session.csrfToken).not.toBe(parts.session.csrfToken);
      expect(mine.address).toEqual(address);
    });

    it("logout kills the session on the server and drops the cookie", async () => {
      const user = await createUser(t.db);
      const browser = await signedInBrowser(app, user);
      const token = browser.cookieValue("nc_user")!;
      const res = await browser.post("/auth/logout");
      expect(res.statusCode).toBe(200);
      expect(setCookies(res).find((c) => c.name === "nc_user")?.value).toBe("");
      expect(browser.cookieValue("nc_user")).toBeNull();
      const replay = await app.inject({ method: "GET", url: "/me", headers: { "x-user": token } });
      expect(replay.statusCode).toBe(401);
      expect(replay.json().error.code).toBe("invalid_session");
    });

    it("an expired or revoked session answers 401 invalid_session and clears the cookie (the storefront logs out)", async () => {
      const user = await createUser(t.db);
      const browser = await signedInBrowser(app, user);
      await t.db
        .updateTable("sessions")
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where("user_id", "=", user.id)
        .execute();
      const res = await browser.get("/me");
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({
        code: "invalid_session",
        message: "Your session has ended. Please log in again.",
      });
      expect(setCookies(res).find((c) => c.name === "nc_user")?.value).toBe("");
      // The page's session info says so too, and public reads still work.
      const stale = new TestBrowser(app);
      stale.cookie = `nc_user=ncs_${"A".repeat(43)}`;
      const info = await stale.get("/auth/session");
      expect(info.json()).toMatchObject({ user: null, sessionEnded: true });
      expect((await stale.get("/event/signup")).statusCode).toBe(200);
    });

    it("a state change with an ended session is refused with 401, but logging in again is not", async () => {
      const browser = new TestBrowser(app);
      await browser.refresh();
      browser.cookie += `; nc_user=ncs_${"B".repeat(43)}`;
      const change = await browser.post("/users/direct-only", { direct_only: true });
      expect(change.statusCode).toBe(401);
      expect(change.json().error.code).toBe("invalid_session");
      const user = await createUser(t.db);
      browser.cookie += `; nc_user=ncs_${"B".repeat(43)}`;
      await browser.refresh();
      const login = await browser.post("/auth/login", { username: user.email, password: TEST_PASSWORD });
      expect(login.statusCode).toBe(200);
    });

    it("roles are modelled: staff belong to a store, and the session carries the role", async () => {
      await expect(createUser(t.db, { role: "store_staff" })).rejects.toThrow();
      const admin = await createUser(t.db, { role: "admin" });
      const browser = await signedInBrowser(app, admin);
      expect((await browser.get("/auth/session")).json().user.role).toBe("admin");
      expect((await browser.get("/me")).json().user.role).toBe("admin");
    });
  });

  describe("CSRF", () => {
    it("a cookie-authenticated state change without the token is refused (403)", async () => {
      const browser = new TestBrowser(app);
      const res = await app.inject({
        method: "POST",
        url: "/auth/loginV2Step1",
        headers: { cookie: browser.cookie },
        payload: { email: "someone@example.com" },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("csrf");
    });

    it("a wrong token, or one minted for another visitor, is refused", async () => {
      const mine = new TestBrowser(app);
      const theirs = new TestBrowser(app);
      await theirs.refresh();
      for (const token of ["x", `${"A".repeat(86)}`, theirs.csrf!]) {
        const res = await app.inject({
          method: "POST",
          url: "/auth/loginV2Step1",
          headers: { cookie: mine.cookie, "x-csrf-token": token },
          payload: { email: "someone@example.com" },
        });
        expect(res.statusCode, token).toBe(403);
      }
    });

    it("the token is bound to the session: the visitor's token stops working once signed in", async () => {
      const user = await createUser(t.db);
      const browser = new TestBrowser(app);
      await browser.refresh();
      const visitorToken = browser.csrf!;
      const login = await browser.post("/auth/login", { username: user.email, password: TEST_PASSWORD });
      // The answer hands over the token for the new session.
      expect(login.headers["x-csrf-token"]).toBeTruthy();
      expect(login.headers["x-csrf-token"]).not.toBe(visitorToken);
      const stale = await browser.post(
        "/users/direct-only",
        { direct_only: true },
        { "x-csrf-token": visitorToken },
      );
      expect(stale.statusCode).toBe(403);
      expect((await browser.post("/users/direct-only", { direct_only: true })).statusCode).toBe(200);
    });

    it("tokens are masked afresh each time and all of them verify", async () => {
      const browser = new TestBrowser(app);
      const a = (await browser.refresh()).csrfToken;
      const b = (await browser.refresh()).csrfToken;
      expect(a).not.toBe(b);
      for (const token of [a!, b!]) {
        const res = await browser.post(
          "/auth/forgot-password",
          { email: anyEmail() },
          { "x-csrf-token": token },
        );
        expect(res.statusCode).toBe(200);
      }
    });

    it("a cross-site Origin or Sec-Fetch-Site is refused even with a valid token", async () => {
      const browser = new TestBrowser(app);
      await browser.refresh();
      const cross = await browser.post(
        "/auth/forgot-password",
        { email: anyEmail() },
        { origin: "https://evil.example" },
      );
      expect(cross.statusCode).toBe(403);
      expect(cross.json().error.code).toBe("cross_site");
      const fetchSite = await browser.post(
        "/auth/forgot-password",
        { email: anyEmail() },
        { "sec-fetch-site": "cross-site" },
      );
      expect(fetchSite.statusCode).toBe(403);
      const same = await browser.post(
        "/auth/forgot-password",
        { email: anyEmail() },
        { origin: "http://localhost:80", host: "localhost:80", "sec-fetch-site": "same-origin" },
      );
      expect(same.statusCode).toBe(200);
      // Cookie-less requests from another site are refused as well (login CSRF).
      const bare = await app.inject({
        method: "POST",
        url: "/auth/login",
        headers: { origin: "https://evil.example" },
        payload: { username: "a@example.com", password: "whatever" },
      });
      expect(bare.statusCode).toBe(403);
    });

    it("a state change over GET is refused (403)", async () => {
      for (const url of [
        "/auth/logout",
        "/auth/signup",
        "/customer/pin",
        "/users/direct-only",
        "/me/contact-preferences",
      ]) {
        const res = await app.inject({ method: "GET", url, headers: { cookie: `nc_anon=${randomUUID()}` } });
        expect(res.statusCode, url).toBe(403);
        expect(res.json().error.code).toBe("state_change_over_get");
      }
    });

    it("requests with no cookie at all need no token (nothing rides on them); read-only POSTs need none either", async () => {
      const bare = await app.inject({
        method: "POST",
        url: "/auth/forgot-password",
        payload: { email: anyEmail() },
      });
      expect(bare.statusCode).toBe(200);
      const search = await app.inject({
        method: "POST",
        url: "/menu/search/v4",
        headers: { cookie: `nc_anon=${randomUUID()}` },
        payload: { query: "gin" },
      });
      expect(search.statusCode).not.toBe(403);
    });
  });
});
