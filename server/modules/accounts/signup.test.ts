import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { formatCalendarDate, todayForAgeCheck, UNDER_AGE_MESSAGE } from "#domain/accounts/age.ts";
import { INVALID_EMAIL } from "#domain/accounts/email.ts";
import { SIGNUP_PROMO } from "#domain/accounts/signup-offer.ts";
import { LOGIN_FAILED } from "#domain/copy.ts";
import { createUser } from "#tests/factories/accounts.ts";
import { useTestApp } from "#tests/support/app.ts";
import { codeFromOutbox, readOutbox, TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";
import { storedHashParameters } from "./passwords.ts";

const newEmail = () => `new-${randomUUID().slice(0, 8)}@example.com`;
const shopper = (email: string, over: Record<string, unknown> = {}) => ({
  firstname: "Ann",
  lastname: "Lee",
  email,
  birthday: "1990-04-17",
  ...over,
});

/** A birthday exactly `years` years before today (where the US day starts last). */
function yearsAgo(years: number, dayOffset = 0) {
  const today = todayForAgeCheck(new Date());
  const d = new Date(Date.UTC(today.year - years, today.month - 1, today.day + dayOffset));
  return formatCalendarDate({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}

describe.each(testDatabases)("signup on %s", (kind) => {
  const s = useTestApp(kind);

  const outbox = (recipient: string) => readOutbox(s.app, recipient);

  it("signs a new shopper up: a code goes out, step 2 creates the account and signs in", async () => {
    const browser = new TestBrowser(s.app);
    const email = newEmail();
    const res = await browser.post(
      "/auth/signup",
      shopper(email.toUpperCase(), {
        password: "a long passphrase",
        gender: "female",
        mobile: "(212) 555-0134",
        source: "A friend",
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: "code_sent",
      oid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      channel: "email",
      message: "We sent a 6-digit code to your email. Enter it to finish signing up.",
    });
    // No account until the email is proven.
    expect(
      await s.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst(),
    ).toBeUndefined();
    const [message] = await outbox(email);
    expect(message.template).toBe("signup-code");
    const done = await browser.post("/auth/loginV2Step2", {
      oid: res.json().oid,
      code: await codeFromOutbox(s.app, email),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({
      email,
      username: email,
      firstname: "Ann",
      lastname: "Lee",
      birthday: "1990-04-17",
      gender: "female",
      mobile: "2125550134",
      countryCode: "+1",
      stated_source: "A friend",
      emailVerified: true,
      role: "customer",
      signup_platform: "web",
    });
    expect(browser.cookieValue("nc_user")).toMatch(/^ncs_/);
    const me = await browser.get("/me");
    expect(me.json().user.email).toBe(email);
    // Signed up with a mobile and a gender: the completed-profile action is awarded (the loyalty ledger).
    expect(me.json().loyalty).toMatchObject({ currentPoints: 50, completedActions: ["completed_profile"] });
  });

  it("stores the password as argon2id at OWASP parameters (19 MiB, 2 passes, 1 lane)", async () => {
    const browser = new TestBrowser(s.app);
    const email = newEmail();
    const res = await browser.post("/auth/signup", shopper(email, { password: "another passphrase" }));
    await browser.post("/auth/loginV2Step2", {
      oid: res.json().oid,
      code: await codeFromOutbox(s.app, email),
    });
    const row = await s.db
      .selectFrom("users")
      .select("password_hash")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(storedHashParameters(row.password_hash!)).toEqual({
      algorithm: "argon2id",
      memoryCost: 19456,
      timeCost: 2,
      parallelism: 1,
    });
    const login = await new TestBrowser(s.app).post("/auth/login", {
      username: email,
      password: "another passphrase",
    });
    expect(login.statusCode).toBe(200);
  });

  it("needs first name, last name, email and birthday; password, gender, mobile and source are optional", async () => {
    const browser = new TestBrowser(s.app);
    for (const missing of ["firstname", "lastname", "email", "birthday"]) {
      const body: Record<string, unknown> = shopper(newEmail());
      delete body[missing];
      const res = await browser.post("/auth/signup", body);
      expect(res.statusCode, missing).toBe(400);
    }
    const blank = await browser.post("/auth/signup", shopper(newEmail(), { firstname: "  " }));
    expect(blank.json().error.message).toContain("Please enter your first name.");
    const minimal = await browser.post(
      "/auth/signup",
      shopper(newEmail(), { password: "", mobile: "", gender: "" }),
    );
    expect(minimal.statusCode).toBe(200);
  });

  it("refuses emails that do not match the pattern (local part, @, domain, 2-4 letter TLD)", async () => {
    const browser = new TestBrowser(s.app);
    for (const email of ["ann.example.com", "ann@example", "ann@example.museum", "@example.com"]) {
      const res = await browser.post("/auth/signup", shopper(email));
      expect(res.statusCode, email).toBe(400);
      expect(res.json().error).toEqual({ code: "invalid_email", message: INVALID_EMAIL });
    }
  });

  it("refuses birthdays that do not parse, or lie in the future", async () => {
    const browser = new TestBrowser(s.app);
    for (const birthday of ["someday", "1990-02-30", "31/12/1990", yearsAgo(-1)]) {
      const res = await browser.post("/auth/signup", shopper(newEmail(), { birthday }));
      expect(res.statusCode, birthday).toBe(400);
      expect(res.json().error.code).toBe("invalid_birthday");
    }
    const us = await browser.post("/auth/signup", shopper(newEmail(), { birthday: "04/17/1990" }));
    expect(us.statusCode).toBe(200);
  });

  it("refuses anyone under 21 with a clear message; 21 today is old enough", async () => {
    const browser = new TestBrowser(s.app);
    const young = await browser.post("/auth/signup", shopper(newEmail(), { birthday: yearsAgo(21, 1) }));
    expect(young.statusCode).toBe(400);
    expect(young.json().error).toEqual({ code: "under_age", message: UNDER_AGE_MESSAGE });
    expect(UNDER_AGE_MESSAGE).toBe("Sorry, you must be 21 or older to use Nightcap.");
    const today = await browser.post("/auth/signup", shopper(newEmail(), { birthday: yearsAgo(21) }));
    expect(today.statusCode).toBe(200);
  });

  it("refuses a mobile number that is not a US mobile, and a short password", async () => {
    const browser = new TestBrowser(s.app);
    const mobile = await browser.post("/auth/signup", shopper(newEmail(), { mobile: "555-0134" }));
    expect(mobile.json().error.code).toBe("invalid_mobile");
    const password = await browser.post("/auth/signup", shopper(newEmail(), { password: "short" }));
    expect(password.json().error.code).toBe("weak_password");
  });

  it("keeps the signup promo code (/signup/{promo}: the five-off offer)", async () => {
    const event = await s.app.inject({ method: "GET", url: "/event/signup?promo=fiveoff" });
    expect(event.json()).toEqual({ promo: SIGNUP_PROMO, minimumAge: 21 });
    expect((await s.app.inject({ method: "GET", url: "/event/signup?promo=NOPE" })).json().promo).toBeNull();
    const browser = new TestBrowser(s.app);
    const email = newEmail();
    const res = await browser.post("/auth/signup", shopper(email, { promo: "FIVEOFF" }));
    const done = await browser.post("/auth/loginV2Step2", {
      oid: res.json().oid,
      code: await codeFromOutbox(s.app, email),
    });
    expect(done.json().user.signupPromo).toBe("FIVEOFF");
  });

  it("a taken email gets the same answer; its owner is told by email (no account enumeration)", async () => {
    const owner = await createUser(s.db);
    const browser = new TestBrowser(s.app);
    const taken = await browser.post(
      "/auth/signup",
      shopper(owner.email.toUpperCase(), { password: "attacker password" }),
    );
    const fresh = await browser.post("/auth/signup", shopper(newEmail(), { password: "attacker password" }));
    expect(taken.statusCode).toBe(fresh.statusCode);
    const strip = (b: Record<string, unknown>) => ({ ...b, oid: typeof b.oid });
    expect(strip(taken.json())).toEqual(strip(fresh.json()));
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    const [notice] = await outbox(owner.email);
    expect(notice.template).toBe("signup-existing");
    expect(notice.body).toContain("already has an account");
    // Nothing about the account changed, and there is still one account.
    const users = await s.db
      .selectFrom("users")
      .select(["password_hash"])
      .where("email", "=", owner.email)
      .execute();
    expect(users).toHaveLength(1);
    const login = await new TestBrowser(s.app).post("/auth/login", {
      username: owner.email,
      password: "attacker password",
    });
    expect(login.statusCode).toBe(401);
    // The owner's code logs into the existing account (it proves the mailbox, like a code login).
    const code = await codeFromOutbox(s.app, owner.email, "signup-existing");
    const done = await browser.post("/auth/loginV2Step2", { oid: taken.json().oid, code });
    expect(done.json().user.id).toBe(owner.id);
  });

  it("two parallel signups with one email make one account", async () => {
    const email = newEmail();
    const a = new TestBrowser(s.app);
    const b = new TestBrowser(s.app);
    const [first, second] = await Promise.all([
      a.post("/auth/signup", shopper(email, { firstname: "First" })),
      b.post("/auth/signup", shopper(email, { firstname: "Second" })),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const messages = await outbox(email);
    const codeFor = (i: number) => /\b(\d{6})\b/.exec(messages[i].body)![1];
    // Newest first: messages[0] belongs to whichever signup wrote last; try both pairings.
    const attempts = [
      { browser: a, oid: first.json().oid },
      { browser: b, oid: second.json().oid },
    ];
    const results = await Promise.all(
      attempts.map(async ({ browser, oid }) => {
        for (const i of [0, 1]) {
          const res = await browser.post("/auth/loginV2Step2", { oid, code: codeFor(i) });
          if (res.statusCode === 200) return res.json().user.id as string;
        }
        return null;
      }),
    );
    const users = await s.db.selectFrom("users").select("id").where("email", "=", email).execute();
    expect(users).toHaveLength(1);
    expect(results).toEqual([users[0].id, users[0].id]);
  });

  it("a code works once, even when two requests spend it at the same moment", async () => {
    const email = newEmail();
    const a = new TestBrowser(s.app);
    const res = await a.post("/auth/signup", shopper(email));
    const code = await codeFromOutbox(s.app, email);
    const b = new TestBrowser(s.app);
    const both = await Promise.all([
      a.post("/auth/loginV2Step2", { oid: res.json().oid, code }),
      b.post("/auth/loginV2Step2", { oid: res.json().oid, code }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect(both.find((r) => r.statusCode === 401)!.json().error.message).toBe(LOGIN_FAILED);
  });

  it("limits signups per email and per IP (429 with a clear message and Retry-After)", async () => {
    const email = newEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await new TestBrowser(s.app).post("/auth/signup", shopper(email))).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const browser = new TestBrowser(s.app);
    let last = await browser.post("/auth/signup", shopper(newEmail()));
    for (let i = 1; i <= 10; i++) last = await browser.post("/auth/signup", shopper(newEmail()));
    expect(last.statusCode).toBe(429);
    expect(last.json().error).toEqual({
      code: "too_many_attempts",
      message: expect.stringMatching(
        /^Too many attempts\. Please wait (15|1[0-4]|\d) minutes? and try again\./,
      ),
    });
    expect(Number(last.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(last.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
  });
});
