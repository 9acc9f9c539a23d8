import { randomUUID } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import { LOGIN_FAILED } from "#domain/copy.ts";
import { createUser, signedInBrowser, TEST_PASSWORD } from "#tests/factories/accounts.ts";
import { useTestApp } from "#tests/support/app.ts";
import { codeFromOutbox, readOutbox, TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";
import { CODE_SENT } from "./auth-service.ts";
import { LIMITS } from "./limits.ts";
import { storedHashParameters } from "./passwords.ts";

describe.each(testDatabases)("login on %s", (kind) => {
  const s = useTestApp(kind);

  const outbox = (recipient: string) => readOutbox(s.app, recipient);

  describe("with a password (spec §5)", () => {
    it("logs in with the email or username, in any case", async () => {
      const user = await createUser(s.db, { email: `Mixed-${randomUUID().slice(0, 6)}@Example.com` });
      for (const username of [user.email, user.email.toUpperCase()]) {
        const res = await new TestBrowser(s.app).post("/auth/login", { username, password: TEST_PASSWORD });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ status: "logged_in", user: { id: user.id } });
      }
    });

    it("a wrong password, an unknown email and a password-less account fail alike", async () => {
      const user = await createUser(s.db);
      const codeOnly = await createUser(s.db, { password: null });
      const tries = [
        { username: user.email, password: "wrong password" },
        { username: `nobody-${randomUUID()}@example.com`, password: TEST_PASSWORD },
        { username: codeOnly.email, password: TEST_PASSWORD },
      ];
      for (const body of tries) {
        const res = await new TestBrowser(s.app).post("/auth/login", body);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: { code: "invalid_credentials", message: LOGIN_FAILED } });
      }
    });

    it("rehashes a stored hash below the OWASP parameters at the next login", async () => {
      const user = await createUser(s.db);
      const weak = await hash(TEST_PASSWORD, { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 });
      await s.db.updateTable("users").set({ password_hash: weak }).where("id", "=", user.id).execute();
      expect(
        (await new TestBrowser(s.app).post("/auth/login", { username: user.email, password: TEST_PASSWORD }))
          .statusCode,
      ).toBe(200);
      const row = await s.db
        .selectFrom("users")
        .select("password_hash")
        .where("id", "=", user.id)
        .executeTakeFirstOrThrow();
      expect(storedHashParameters(row.password_hash!)).toMatchObject({
        algorithm: "argon2id",
        memoryCost: 19456,
        timeCost: 2,
      });
      expect(
        (await new TestBrowser(s.app).post("/auth/login", { username: user.email, password: TEST_PASSWORD }))
          .statusCode,
      ).toBe(200);
    });

    it("bad input is a 400, never a 500", async () => {
      const browser = new TestBrowser(s.app);
      for (const body of [
        {},
        { username: "a@b.co" },
        { username: "", password: "x" },
        { username: 5, password: "x" },
      ]) {
        expect((await browser.post("/auth/login", body)).statusCode).toBe(400);
      }
      expect(
        (await browser.post("/auth/login", { username: "a@b.co", password: "x".repeat(129) })).statusCode,
      ).toBe(400);
    });
  });

  describe("failed-login limits", () => {
    it("locks password attempts for one account from one IP after 5 failures — briefly, and not for the owner elsewhere", async () => {
      const user = await createUser(s.db);
      const attacker = new TestBrowser(s.app);
      for (let i = 0; i < LIMITS.loginFailuresAccountIp.limit; i++) {
        expect(
          (await attacker.post("/auth/login", { username: user.email, password: `guess ${i}` })).statusCode,
        ).toBe(401);
      }
      const locked = await attacker.post("/auth/login", { username: user.email, password: TEST_PASSWORD });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error.message).toMatch(
        /^Too many attempts\. Please wait 15 minutes and try again\./,
      );
      expect(locked.json().error.message).toContain("log in with a code sent to your email");
      const retryAfter = Number(locked.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // The owner, from another IP, is not locked out.
      const owner = new TestBrowser(s.app);
      expect(
        (await owner.post("/auth/login", { username: user.email, password: TEST_PASSWORD })).statusCode,
      ).toBe(200);
      // And the code login still works for the attacked account.
      const step1 = await attacker.post("/auth/loginV2Step1", { email: user.email });
      const step2 = await attacker.post("/auth/loginV2Step2", {
        oid: step1.json().oid,
        code: await codeFromOutbox(s.app, user.email),
      });
      expect(step2.statusCode).toBe(200);
    });

    it("caps failures per account across IPs (20) and per IP across accounts (50)", async () => {
      const user = await createUser(s.db);
      for (let i = 0; i < LIMITS.loginFailuresAccount.limit; i++) {
        await new TestBrowser(s.app).post("/auth/login", { username: user.email, password: "nope nope" });
      }
      const fromNewIp = await new TestBrowser(s.app).post("/auth/login", {
        username: user.email,
        password: TEST_PASSWORD,
      });
      expect(fromNewIp.statusCode).toBe(429);

      const sprayer = new TestBrowser(s.app);
      for (let i = 0; i < LIMITS.loginFailuresIp.limit; i++) {
        await sprayer.post("/auth/login", {
          username: `spray-${i}-${randomUUID()}@example.com`,
          password: "nope nope",
        });
      }
      const other = await createUser(s.db);
      expect(
        (await sprayer.post("/auth/login", { username: other.email, password: TEST_PASSWORD })).statusCode,
      ).toBe(429);
    });

    it("keeps every window short (15 minutes at most)", () => {
      for (const rule of Object.values(LIMITS)) expect(rule.windowMs).toBeLessThanOrEqual(15 * 60 * 1000);
    });
  });

  describe("two-step login (spec §5: step 1 the email, step 2 oid and code)", () => {
    it("sends a code by email and signs in with a new session token", async () => {
      const user = await createUser(s.db);
      const browser = await signedInBrowser(s.app, user);
      const before = browser.cookieValue("nc_user");
      const step1 = await browser.post("/auth/loginV2Step1", { email: user.email });
      expect(step1.json()).toEqual({
        status: "code_sent",
        oid: expect.any(String),
        channel: "email",
        message: CODE_SENT,
      });
      const [message] = await outbox(user.email);
      expect(message).toMatchObject({ channel: "email", template: "login-code" });
      const code = /\b(\d{6})\b/.exec(message.body)![1];
      expect(code).toMatch(/^\d{6}$/);
      const step2 = await browser.post("/auth/loginV2Step2", { oid: step1.json().oid, code });
      expect(step2.statusCode).toBe(200);
      expect(browser.cookieValue("nc_user")).not.toBe(before);
      const old = await s.app.inject({ method: "GET", url: "/me", headers: { "x-user": before! } });
      expect(old.statusCode).toBe(401);
    });

    it("texts the code when asked and a mobile is on file", async () => {
      const user = await createUser(s.db, { mobile: "2125550199", country_code: "+1" });
      const browser = new TestBrowser(s.app);
      const step1 = await browser.post("/auth/loginV2Step1", { email: user.email, channel: "sms" });
      expect(step1.json().channel).toBe("sms");
      const [sms] = await outbox("+12125550199");
      expect(sms).toMatchObject({ channel: "sms", template: "login-code" });
      const code = /\b(\d{6})\b/.exec(sms.body)![1];
      expect((await browser.post("/auth/loginV2Step2", { oid: step1.json().oid, code })).statusCode).toBe(
        200,
      );
    });

    it("answers an unknown email the same way; nothing can sign in with it", async () => {
      const email = `unknown-${randomUUID().slice(0, 8)}@example.com`;
      const known = await createUser(s.db);
      const browser = new TestBrowser(s.app);
      const a = await browser.post("/auth/loginV2Step1", { email });
      const b = await browser.post("/auth/loginV2Step1", { email: known.email });
      expect(a.statusCode).toBe(b.statusCode);
      expect({ ...a.json(), oid: 0 }).toEqual({ ...b.json(), oid: 0 });
      const [notice] = await outbox(email);
      expect(notice.template).toBe("login-unknown");
      expect(notice.body).not.toMatch(/\b\d{6}\b/);
      const step2 = await browser.post("/auth/loginV2Step2", { oid: a.json().oid, code: "123456" });
      expect(step2.json()).toEqual({ error: { code: "invalid_code", message: LOGIN_FAILED } });
    });

    it("a code is single use, bound to its attempt, and dies after 5 wrong guesses or 10 minutes", async () => {
      const user = await createUser(s.db);
      const browser = new TestBrowser(s.app);
      const first = (await browser.post("/auth/loginV2Step1", { email: user.email })).json().oid;
      const firstCode = await codeFromOutbox(s.app, user.email);
      const second = (await browser.post("/auth/loginV2Step1", { email: user.email })).json().oid;
      const secondCode = await codeFromOutbox(s.app, user.email);
      // Bound to its attempt: the first code does not open the second attempt (unless they happen to match).
      if (firstCode !== secondCode) {
        expect((await browser.post("/auth/loginV2Step2", { oid: second, code: firstCode })).statusCode).toBe(
          401,
        );
      }
      expect((await browser.post("/auth/loginV2Step2", { oid: first, code: firstCode })).statusCode).toBe(
        200,
      );
      expect((await browser.post("/auth/loginV2Step2", { oid: first, code: firstCode })).statusCode).toBe(
        401,
      );

      const third = (await browser.post("/auth/loginV2Step1", { email: user.email })).json().oid;
      const thirdCode = await codeFromOutbox(s.app, user.email);
      const wrong = thirdCode === "000000" ? "111111" : "000000";
      for (let i = 0; i < 5; i++) await browser.post("/auth/loginV2Step2", { oid: third, code: wrong });
      expect((await browser.post("/auth/loginV2Step2", { oid: third, code: thirdCode })).statusCode).toBe(
        401,
      );

      const fourth = (await browser.post("/auth/loginV2Step1", { email: user.email })).json().oid;
      const fourthCode = await codeFromOutbox(s.app, user.email);
      const row = await s.db
        .selectFrom("login_codes")
        .select(["expires_at", "created_at"])
        .where("oid", "=", fourth)
        .executeTakeFirstOrThrow();
      expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBeLessThanOrEqual(
        10 * 60 * 1000 + 1000,
      );
      await s.db
        .updateTable("login_codes")
        .set({ expires_at: new Date(Date.now() - 1) })
        .where("oid", "=", fourth)
        .execute();
      expect((await browser.post("/auth/loginV2Step2", { oid: fourth, code: fourthCode })).statusCode).toBe(
        401,
      );
    });

    it("stores only a keyed digest of the code", async () => {
      const user = await createUser(s.db);
      const step1 = await new TestBrowser(s.app).post("/auth/loginV2Step1", { email: user.email });
      const code = await codeFromOutbox(s.app, user.email);
      const row = await s.db
        .selectFrom("login_codes")
        .selectAll()
        .where("oid", "=", step1.json().oid)
        .executeTakeFirstOrThrow();
      expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(code);
    });

    it("bad input is a 400", async () => {
      const browser = new TestBrowser(s.app);
      expect((await browser.post("/auth/loginV2Step1", { email: "not an email" })).json().error.code).toBe(
        "invalid_email",
      );
      expect((await browser.post("/auth/loginV2Step1", { email: "a@b.co", channel: "fax" })).statusCode).toBe(
        400,
      );
      expect((await browser.post("/auth/loginV2Step2", { oid: "abc", code: "123456" })).statusCode).toBe(400);
      expect((await browser.post("/auth/loginV2Step2", { oid: randomUUID() })).statusCode).toBe(400);
    });

    it("limits code sends per email, and wrong codes per IP and per account", async () => {
      const user = await createUser(s.db);
      const statuses: number[] = [];
      for (let i = 0; i <= LIMITS.codeSendsEmail.limit; i++) {
        statuses.push(
          (await new TestBrowser(s.app).post("/auth/loginV2Step1", { email: user.email })).statusCode,
        );
      }
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);

      const guesser = new TestBrowser(s.app);
      const target = await createUser(s.db);
      const oid = (await guesser.post("/auth/loginV2Step1", { email: target.email })).json().oid;
      let last = 0;
      for (let i = 0; i < LIMITS.codeFailuresIp.limit + 1; i++) {
        last = (await guesser.post("/auth/loginV2Step2", { oid, code: String(100000 + i) })).statusCode;
      }
      expect(last).toBe(429);
    });
  });
});
