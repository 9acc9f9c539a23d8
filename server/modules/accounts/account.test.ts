import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createUser, signedInBrowser, TEST_PASSWORD } from "#tests/factories/accounts.ts";
import { useTestApp } from "#tests/support/app.ts";
import { readOutbox, TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";
import { RESET_LINK_INVALID, RESET_SENT } from "./auth-service.ts";
import { NO_PIN, WRONG_PIN } from "./pin-service.ts";

describe.each(testDatabases)("account calls on %s", (kind) => {
  const s = useTestApp(kind);

  const outbox = (recipient: string) => readOutbox(s.app, recipient);

  describe("forgot and reset password", () => {
    it("answers every email alike; a known one gets a single-use link", async () => {
      const user = await createUser(s.db);
      const unknown = `nobody-${randomUUID().slice(0, 8)}@example.com`;
      const browser = new TestBrowser(s.app);
      const a = await browser.post("/auth/forgot-password", { email: user.email });
      const b = await browser.post("/auth/forgot-password", { email: unknown });
      expect(a.json()).toEqual({ ok: true, message: RESET_SENT });
      expect(b.json()).toEqual(a.json());
      expect((await outbox(unknown))[0].template).toBe("password-reset-unknown");
      const [mail] = await outbox(user.email);
      expect(mail.template).toBe("password-reset");
      const token = /reset-password\?token=([\w-]+)/.exec(mail.body)![1];
      // Stored hashed only.
      const rows = await s.db
        .selectFrom("password_resets")
        .selectAll()
        .where("user_id", "=", user.id)
        .execute();
      expect(JSON.stringify(rows)).not.toContain(token);

      const session = await signedInBrowser(s.app, user);
      const reset = await browser.post("/auth/reset-password", { token, password: "brand new secret" });
      expect(reset.json()).toEqual({ ok: true });
      expect((await session.get("/me")).json().error.code).toBe("invalid_session");
      expect(
        (await new TestBrowser(s.app).post("/auth/login", { username: user.email, password: TEST_PASSWORD }))
          .statusCode,
      ).toBe(401);
      expect(
        (
          await new TestBrowser(s.app).post("/auth/login", {
            username: user.email,
            password: "brand new secret",
          })
        ).statusCode,
      ).toBe(200);
      const again = await browser.post("/auth/reset-password", { token, password: "yet another secret" });
      expect(again.json().error).toEqual({ code: "invalid_reset_link", message: RESET_LINK_INVALID });
    });

    it("an expired link, a made-up link and a short password are refused", async () => {
      const user = await createUser(s.db);
      const browser = new TestBrowser(s.app);
      await browser.post("/auth/forgot-password", { email: user.email });
      const token = /token=([\w-]+)/.exec((await outbox(user.email))[0].body)![1];
      expect(
        (await browser.post("/auth/reset-password", { token, password: "short" })).json().error.code,
      ).toBe("weak_password");
      await s.db
        .updateTable("password_resets")
        .set({ expires_at: new Date(Date.now() - 1) })
        .where("user_id", "=", user.id)
        .execute();
      expect(
        (await browser.post("/auth/reset-password", { token, password: "long enough now" })).json().error
          .code,
      ).toBe("invalid_reset_link");
      expect(
        (
          await browser.post("/auth/reset-password", {
            token: `ncr_${"x".repeat(43)}`,
            password: "long enough now",
          })
        ).statusCode,
      ).toBe(400);
    });

    it("limits reset requests per email (3) and per IP (10)", async () => {
      const user = await createUser(s.db);
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push(
          (await new TestBrowser(s.app).post("/auth/forgot-password", { email: user.email })).statusCode,
        );
      expect(codes).toEqual([200, 200, 200, 429]);
      const browser = new TestBrowser(s.app);
      let last = 0;
      for (let i = 0; i < 11; i++) {
        last = (
          await browser.post("/auth/forgot-password", {
            email: `r${i}-${randomUUID().slice(0, 6)}@example.com`,
          })
        ).statusCode;
      }
      expect(last).toBe(429);
    });
  });

  describe("customer PIN (spec §5: verified together with a timestamp)", () => {
    it("needs a signed-in customer", async () => {
      const res = await new TestBrowser(s.app).post("/customer/pin", { timestamp: Date.now() });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe("login_required");
    });

    it("sends a PIN by SMS to the mobile on file and verifies it with its timestamp (proving the mobile)", async () => {
      const user = await createUser(s.db, { mobile: "3125550142", country_code: "+1" });
      const browser = await signedInBrowser(s.app, user);
      const timestamp = Date.now();
      const sent = await browser.post("/customer/pin", { timestamp });
      expect(sent.json()).toEqual({ sent: true, channel: "sms", expiresInSeconds: 600 });
      const pin = /\b(\d{6})\b/.exec((await outbox("+13125550142"))[0].body)![1];
      const other = await browser.post("/customer/pin/verify", { pin, timestamp: timestamp + 1 });
      expect(other.statusCode).toBe(404);
      expect(other.json().error.message).toBe(NO_PIN);
      const ok = await browser.post("/customer/pin/verify", { pin, timestamp });
      expect(ok.json()).toEqual({ verified: true });
      expect((await browser.get("/me")).json().user.mobileVerified).toBe(true);
      // Used once.
      expect((await browser.post("/customer/pin/verify", { pin, timestamp })).statusCode).toBe(400);
    });

    it("emails the PIN without a mobile; wrong PINs count, and five kill it", async () => {
      const user = await createUser(s.db);
      const browser = await signedInBrowser(s.app, user);
      const timestamp = Date.now();
      expect((await browser.post("/customer/pin", { timestamp })).json().channel).toBe("email");
      const pin = /\b(\d{6})\b/.exec((await outbox(user.email))[0].body)![1];
      const wrong = pin === "000000" ? "111111" : "000000";
      const first = await browser.post("/customer/pin/verify", { pin: wrong, timestamp });
      expect(first.json().error).toEqual({ code: "wrong_pin", message: WRONG_PIN });
      for (let i = 0; i < 4; i++) await browser.post("/customer/pin/verify", { pin: wrong, timestamp });
      const locked = await browser.post("/customer/pin/verify", { pin, timestamp });
      expect(locked.statusCode).toBe(429);
    });

    it("another user's PIN request is not found, and stale timestamps are refused", async () => {
      const alice = await signedInBrowser(s.app, await createUser(s.db));
      const bob = await signedInBrowser(s.app, await createUser(s.db));
      const timestamp = Date.now();
      await alice.post("/customer/pin", { timestamp });
      expect((await bob.post("/customer/pin/verify", { pin: "123456", timestamp })).statusCode).toBe(404);
      expect(
        (await alice.post("/customer/pin", { timestamp: Date.now() - 60 * 60 * 1000 })).json().error.code,
      ).toBe("stale_timestamp");
      expect((await alice.post("/customer/pin", { timestamp: "now" })).statusCode).toBe(400);
    });

    it("limits PIN sends per user", async () => {
      const browser = await signedInBrowser(s.app, await createUser(s.db));
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await browser.post("/customer/pin", { timestamp: Date.now() + i })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });

  describe("the signed-in user", () => {
    it("GET /me needs a session", async () => {
      const res = await new TestBrowser(s.app).get("/me");
      expect(res.statusCode).toBe(401);
    });

    it("PATCH /me changes the profile; the mobile is normalised and loses its verification", async () => {
      const user = await createUser(s.db, { mobile: "2125550100", mobile_verified: true });
      const browser = await signedInBrowser(s.app, user);
      const res = await browser.request("PATCH", "/me", {
        firstname: "Samantha",
        mobile: "+1 (646) 555-0111",
        display_mode: "dark",
        gender: "nonbinary",
      });
      expect(res.json().user).toMatchObject({
        firstname: "Samantha",
        mobile: "6465550111",
        mobileVerified: false,
        display_mode: "dark",
        gender: "nonbinary",
      });
      expect((await browser.request("PATCH", "/me", { mobile: "12" })).json().error.code).toBe(
        "invalid_mobile",
      );
      expect((await browser.request("PATCH", "/me", { display_mode: "neon" })).statusCode).toBe(400);
      expect((await browser.request("PATCH", "/me", { email: "new@example.com" })).json().user.email).toBe(
        user.email,
      );
    });

    it("contact preferences are saved", async () => {
      const browser = await signedInBrowser(s.app, await createUser(s.db));
      const res = await browser.request("PUT", "/me/contact-preferences", {
        email: false,
        sms: true,
        push: true,
      });
      expect(res.json()).toEqual({ contactPreferences: { email: false, sms: true, push: true } });
      expect((await browser.get("/me")).json().user.contactPreferences).toEqual({
        email: false,
        sms: true,
        push: true,
      });
      expect((await browser.request("PUT", "/me/contact-preferences", { email: "yes" })).statusCode).toBe(
        400,
      );
    });

    it("lists the user's sessions and signs one out; another user's session is not found", async () => {
      const user = await createUser(s.db);
      const laptop = await signedInBrowser(s.app, user);
      const phone = await signedInBrowser(s.app, user);
      const list = (await laptop.get("/me/sessions")).json<{ id: string; current: boolean }[]>();
      expect(list).toHaveLength(2);
      const phoneSession = list.find((s) => !s.current)!;
      const stranger = await signedInBrowser(s.app, await createUser(s.db));
      const foreign = await stranger.request("DELETE", `/me/sessions/${phoneSession.id}`);
      expect(foreign.statusCode).toBe(404);
      expect((await phone.get("/me")).statusCode).toBe(200);
      expect((await laptop.request("DELETE", `/me/sessions/${phoneSession.id}`)).statusCode).toBe(200);
      expect((await phone.get("/me")).json().error.code).toBe("invalid_session");
      expect((await laptop.request("DELETE", "/me/sessions/not-a-uuid")).statusCode).toBe(400);
    });

    it("POST /users/direct-only and /users/merchant-association", async () => {
      const browser = await signedInBrowser(s.app, await createUser(s.db));
      expect((await browser.post("/users/direct-only", { direct_only: true })).json()).toEqual({
        direct_only: true,
      });
      expect((await browser.get("/me")).json().user.direct_only).toBe(true);
      expect((await browser.post("/users/direct-only", { direct_only: "yes" })).statusCode).toBe(400);
      const linked = await browser.post("/users/merchant-association", {
        merchant_id: "demo",
        is_signup: false,
      });
      expect(linked.json()).toMatchObject({ merchant_id: "demo", is_signup: false });
      expect(
        (await browser.post("/users/merchant-association", { merchant_id: "nope", is_signup: false }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await new TestBrowser(s.app).post("/users/merchant-association", {
            merchant_id: "demo",
            is_signup: true,
          })
        ).statusCode,
      ).toBe(401);
    });

    it("GET /me never shows the password hash or a session token", async () => {
      const browser = await signedInBrowser(s.app, await createUser(s.db));
      const body = (await browser.get("/me")).body;
      expect(body).not.toMatch(/argon2|password|ncs_|token/i);
    });
  });

  describe("the identity-linked hook (the guest cart transfer plugs in here)", () => {
    it("runs inside the sign-in transaction with this browser's anonymous id, for login, code login and signup", async () => {
      const seen: { anonymousId: string; userId: string }[] = [];
      const off = s.app.accounts.onIdentityLinked(async (anonymousId, userId, tx) => {
        // Inside the transaction: the new session is visible to it.
        const sessions = await tx.selectFrom("sessions").select("id").where("user_id", "=", userId).execute();
        expect(sessions.length).toBeGreaterThan(0);
        seen.push({ anonymousId, userId });
      });
      try {
        const user = await createUser(s.db);
        const browser = new TestBrowser(s.app);
        await browser.post("/auth/login", { username: user.email, password: TEST_PASSWORD });
        expect(seen).toEqual([{ anonymousId: browser.anonymousId, userId: user.id }]);
        // Mobile requests have no anonymous id: nothing to link.
        await s.app.inject({
          method: "POST",
          url: "/auth/login",
          headers: { "x-platform": "ios" },
          payload: { username: user.email, password: TEST_PASSWORD },
        });
        expect(seen).toHaveLength(1);
      } finally {
        off();
      }
    });

    it("a failing handler fails the sign-in and keeps nothing of it", async () => {
      const off = s.app.accounts.onIdentityLinked(async () => {
        throw new Error("cart store down");
      });
      try {
        const user = await createUser(s.db);
        const res = await new TestBrowser(s.app).post("/auth/login", {
          username: user.email,
          password: TEST_PASSWORD,
        });
        expect(res.statusCode).toBe(500);
        expect(res.headers["set-cookie"] ?? "").not.toContain("nc_user=ncs_");
        const sessions = await s.db
          .selectFrom("sessions")
          .select("id")
          .where("user_id", "=", user.id)
          .execute();
        expect(sessions).toHaveLength(0);
      } finally {
        off();
      }
    });
  });
});
