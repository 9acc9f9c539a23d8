import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { formatCalendarDate, todayForAgeCheck } from "#domain/accounts/age.ts";
import { addDays } from "#domain/age/calendar.ts";
import { AGE_MESSAGES } from "#domain/age/decide.ts";
import { verificationStatusOf } from "#domain/age/status.ts";
import type { Availability } from "#domain/availability/types.ts";
import { checkoutIdFor } from "#domain/checkout/request.ts";
import { NO_SCANNER_TOKEN } from "#domain/copy.ts";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { type CreatedUser, createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { aamvaText, type LicenceFields } from "#tests/factories/licences.ts";
import { MANHATTAN, shopperWithCart } from "#tests/factories/shopper.ts";
import { type TestApp, useTestApp } from "#tests/support/app.ts";
import type { TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";
import { AGE_VERIFICATION_REQUIRED } from "../checkout/place-order.ts";

const CIGAR = "TB-9005-1"; // $15.00 at Manhattan (two meet its $20 minimum), stock 10, nicotine and tobacco
const WHISKEY = "IA-9001-750"; // $29.99 at Manhattan

const TODAY = formatCalendarDate(todayForAgeCheck(new Date()));
/** The date `years` years before today (a 29 February today counts from 1 March). */
function yearsAgo(years: number): string {
  const [y, m, d] = TODAY.split("-");
  return m === "02" && d === "29" ? `${Number(y) - years}-03-01` : `${Number(y) - years}${TODAY.slice(4)}`;
}

let clock = Date.now();

interface Verify {
  id: string;
  token: string;
  result: string;
  expires_at: string;
  message?: string;
}

describe.each(testDatabases)("age verification by ID scan on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture });
  const { shopper, licence, open, submit, scan, place, stockOf, nothingPlaced } = harness(s);

  it("an adult's licence verifies the shopper, and the cart with tobacco can then be paid", async () => {
    const { user, browser } = await shopper([{ sku: CIGAR, qty: 2 }]);
    const before = await stockOf(CIGAR);
    // Before any scan, checkout refuses: nothing charged or reserved.
    const refused = await place(browser, user);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error).toEqual({
      code: "age_verification_required",
      message: AGE_VERIFICATION_REQUIRED,
    });
    await nothingPlaced(user, CIGAR, before);

    const session = await open(browser);
    expect(session).toMatchObject({ result: "unknown", id: expect.stringMatching(/^av_/) });
    expect(session.token.length).toBeGreaterThanOrEqual(32);
    expect(Date.parse(session.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(Date.parse(session.expires_at) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect(verificationStatusOf(session)).toEqual({ status: 0 });
    const pending = await browser.get(`/menu/verify/result/${session.id}`);
    expect(pending.json()).toMatchObject({
      id: session.id,
      result: "pending",
      reason: null,
      verified_at: null,
    });

    const fields = licence();
    const res = await submit(browser, session, aamvaText(fields));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: session.id,
      result: "success",
      message: AGE_MESSAGES.success,
      expires_at: addDays(TODAY, 365),
    });

    // The row keeps the outcome, the dates, the jurisdiction and a keyed hash: nothing of the licence's text.
    const row = await s.db
      .selectFrom("age_verifications")
      .selectAll()
      .where("id", "=", session.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: "success",
      reason: null,
      jurisdiction: "IL",
      expires_on: addDays(TODAY, 365),
    });
    expect(row.document_hash).toMatch(/^[0-9a-f]{64}$/);
    const stored = JSON.stringify(row).toUpperCase();
    const [y, m, d] = fields.dateOfBirth.split("-");
    for (const secret of [
      fields.firstName,
      fields.lastName,
      fields.middleName!,
      fields.documentNumber,
      fields.dateOfBirth,
      `${m}${d}${y}`,
      `${y}${m}${d}`,
      "ANSI",
      "DAQ",
    ])
      expect(stored, secret).not.toContain(secret.toUpperCase());
    expect(stored).not.toContain(session.token.toUpperCase());

    // The account says so, in /me and in the session's user.
    expect((await browser.get("/me")).json().user.ageVerificationStatus).toBe(1);
    expect((await browser.get("/auth/session")).json().user.ageVerificationStatus).toBe(1);
    // The cart's check now stands as success, with the same verification.
    expect(await open(browser)).toEqual({
      result: "success",
      id: session.id,
      expires_at: addDays(TODAY, 365),
    });
    const result = (await browser.get(`/menu/verify/result/${session.id}`)).json();
    expect(result).toMatchObject({
      result: "success",
      jurisdiction: "IL",
      reason: null,
      expires_at: addDays(TODAY, 365),
    });
    expect(Date.parse(result.verified_at)).toBeGreaterThan(Date.now() - 60_000);

    // The session was used: the same reading again is refused.
    const again = await submit(browser, session, aamvaText(fields));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("scan_session_used");

    const paid = await place(browser, user);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe("succeeded");
    expect(await stockOf(CIGAR)).toBe(before - 2);
  });

  it("an under-age licence is refused, stands as refused, and checkout charges and reserves nothing", async () => {
    const { user, browser } = await shopper([
      { sku: CIGAR, qty: 2 },
      { sku: WHISKEY, qty: 1 },
    ]);
    const before = await stockOf(CIGAR);
    // 20 years and 364 days old today.
    const res = await scan(browser, licence({ dateOfBirth: addDays(yearsAgo(21), 1) }));
    expect(res.json()).toEqual({
      id: expect.any(String),
      result: "failed",
      reason: "under_age",
      message: AGE_MESSAGES.under_age,
      expires_at: addDays(TODAY, 365),
    });
    expect((await browser.get("/me")).json().user.ageVerificationStatus).toBe(2);
    // A new scan cannot change it: no new token.
    const standing = await open(browser);
    expect(standing).toMatchObject({
      result: "failed",
      reason: "under_age",
      message: AGE_MESSAGES.under_age,
    });
    expect(standing).not.toHaveProperty("token");
    expect(verificationStatusOf(standing)).toEqual({ status: 2 });

    const refused = await place(browser, user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("age_verification_required");
    await nothingPlaced(user, CIGAR, before);
  });

  it("a refusal that locks the account is support's to clear: staff see it, an administrator clears it with a reason (audited), and the shopper scans again", async () => {
    const { user, browser } = await shopper([{ sku: CIGAR, qty: 2 }]);
    // A misread card: the scan says under 21 and the account is locked for a year.
    await scan(browser, licence({ dateOfBirth: addDays(yearsAgo(21), 30) }));
    expect(await open(browser)).toMatchObject({ result: "failed", reason: "under_age" });
    const email = encodeURIComponent(user.email);

    const staffUser = await createUser(s.db, { role: "store_staff", store_id: MANHATTAN });
    const staff = await signedInBrowser(s.app, staffUser);
    const seen = await staff.get(`/api/console/age/customer?email=${email}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({
      customer: { id: user.id },
      standing: "locked",
      clearable: true,
      checks: [{ result: "failed", reason: "under_age", holdsThrough: addDays(TODAY, 365), cleared: null }],
    });
    // Shoppers see nothing; staff may not clear it: administrators decide.
    expect((await browser.get(`/api/console/age/customer?email=${email}`)).statusCode).toBe(403);
    const byStaff = await staff.post(`/api/console/age/customer/${user.id}/clear`, {
      reason: "Card misread",
    });
    expect(byStaff.statusCode, byStaff.body).toBe(403);
    expect(byStaff.json().error.code).toBe("admin_only");
    const adminUser = await createUser(s.db, { role: "admin" });
    const admin = await signedInBrowser(s.app, adminUser);
    expect((await admin.post(`/api/console/age/customer/${user.id}/clear`, { reason: "" })).statusCode).toBe(
      400,
    );
    expect((await open(browser)).result).toBe("failed");

    const cleared = await admin.post(`/api/console/age/customer/${user.id}/clear`, {
      reason: "Called the customer: the card's birth date was misread",
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toEqual({ standing: "open" });
    expect((await browser.get("/me")).json().user.ageVerificationStatus).toBeNull();
    const audit = await s.db
      .selectFrom("console_audit")
      .select(["action", "detail", "before", "after"])
      .where("actor_id", "=", adminUser.id)
      .execute();
    expect(audit).toEqual([
      {
        action: "age.clear_refusal",
        detail: expect.objectContaining({
          customer_id: user.id,
          reason: "Called the customer: the card's birth date was misread",
        }),
        before: expect.objectContaining({ standing: "locked", reason: "under_age" }),
        after: { standing: "open" },
      },
    ]);
    // Cleared once: there is nothing more to clear; the history keeps the refusal, marked cleared.
    const again = await admin.post(`/api/console/age/customer/${user.id}/clear`, { reason: "Twice" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("nothing_to_clear");
    expect((await staff.get(`/api/console/age/customer?email=${email}`)).json()).toMatchObject({
      standing: "open",
      clearable: false,
      checks: [
        {
          reason: "under_age",
          cleared: { reason: "Called the customer: the card's birth date was misread" },
        },
      ],
    });

    // The shopper scans again and the same rule decides: their own card, 21 and over, verifies them.
    const session = await open(browser);
    expect(session).toMatchObject({ result: "unknown", token: expect.any(String) });
    const res = await submit(browser, session, aamvaText(licence()));
    expect(res.json().result).toBe("success");
    expect((await browser.get("/me")).json().user.ageVerificationStatus).toBe(1);
    expect(
      (await admin.post(`/api/console/age/customer/${user.id}/clear`, { reason: "Not locked" })).statusCode,
    ).toBe(409);
  });

  it("21 today is old enough", async () => {
    const { browser } = await shopper([{ sku: CIGAR, qty: 2 }]);
    expect((await scan(browser, licence({ dateOfBirth: yearsAgo(21) }))).json().result).toBe("success");
  });

  it("an expired licence and someone else's are refused, and a new scan may follow", async () => {
    const { browser } = await shopper([{ sku: CIGAR, qty: 2 }]);
    const expired = await scan(browser, licence({ expiry: addDays(TODAY, -1) }));
    expect(expired.json()).toMatchObject({
      result: "failed",
      reason: "expired",
      message: AGE_MESSAGES.expired,
    });
    expect(expired.json()).not.toHaveProperty("expires_at");
    expect((await browser.get("/me")).json().user.ageVerificationStatus).toBeNull();

    const mismatch = await scan(browser, licence({ firstName: "Alex", lastName: "Morgan" }));
    expect(mismatch.json()).toMatchObject({ result: "failed", reason: "name_mismatch" });
    expect(mismatch.json().id).not.toBe(expired.json().id);
    const row = await s.db
      .selectFrom("age_verifications")
      .select(["status", "reason", "expires_on"])
      .where("id", "=", mismatch.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "failed", reason: "name_mismatch", expires_on: null });

    // Valid through its expiry date: a licence expiring today verifies, for today only.
    const lastDay = await scan(browser, licence({ expiry: TODAY }));
    expect(lastDay.json()).toMatchObject({ result: "success", expires_at: TODAY });
  });

  it("a Canadian card (dates CCYYMMDD) verifies an account whose name has accents", async () => {
    const { browser } = await shopper([{ sku: CIGAR, qty: 2 }], {
      firstname: "Émilie",
      lastname: "Tremblay-Côté",
    });
    const res = await scan(
      browser,
      licence({
        firstName: "EMILIE",
        lastName: "TREMBLAY COTE",
        middleName: undefined,
        jurisdiction: "ON",
        country: "CAN",
      }),
    );
    expect(res.json()).toMatchObject({ result: "success" });
    const result = (await browser.get(`/menu/verify/result/${res.json().id}`)).json();
    expect(result).toMatchObject({ result: "success", jurisdiction: "ON" });
  });

  it("a barcode that is no licence is unreadable and leaves the session open for another try", async () => {
    const { browser } = await shopper([{ sku: CIGAR, qty: 2 }]);
    const session = await open(browser);
    const res = await submit(browser, session, "https://example.com/not-a-licence");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: session.id,
      result: "failed",
      reason: "unreadable",
      message: AGE_MESSAGES.unreadable,
    });
    expect((await browser.get(`/menu/verify/result/${session.id}`)).json().result).toBe("pending");
    expect((await submit(browser, session, aamvaText(licence()))).json().result).toBe("success");
  });

  it("refuses a wrong token (403), someone else's check (404), a used or expired session (409)", async () => {
    const { browser } = await shopper([{ sku: CIGAR, qty: 2 }]);
    const session = await open(browser);
    const wrong = await submit(browser, { ...session, token: "x".repeat(32) }, aamvaText(licence()));
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe("scan_token_invalid");

    const other = await shopper([{ sku: CIGAR, qty: 2 }]);
    const theirs = await submit(other.browser, session, aamvaText(licence()));
    expect(theirs.statusCode).toBe(404);
    expect((await other.browser.get(`/menu/verify/result/${session.id}`)).statusCode).toBe(404);
    expect((await other.browser.get("/menu/verify/result/av_nope")).statusCode).toBe(404);

    await s.db
      .updateTable("age_verifications")
      .set({ session_expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", session.id)
      .execute();
    const late = await submit(browser, session, aamvaText(licence()));
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe("scan_session_expired");
    // Opening again (a page loaded twice, the app asking again) gives the open session fresh time and its same
    // token: a scanner already open keeps working. A token made up for it is still refused.
    const reopened = await open(browser);
    expect(reopened.id).toBe(session.id);
    expect(reopened.token).toBe(session.token);
    expect(
      (await submit(browser, { ...session, token: `${session.token}x` }, aamvaText(licence()))).statusCode,
    ).toBe(403);
    expect((await submit(browser, session, aamvaText(licence()))).json().result).toBe("success");
  });

  it("a signed-out visitor gets 401, and a cart without tobacco needs no check", async () => {
    const { browser } = await shopper([{ sku: WHISKEY, qty: 1 }]);
    expect(await open(browser)).toEqual({ result: "not_required" });
    expect(verificationStatusOf({ result: "not_required" })).toEqual({ status: null });
    const visitor = await s.app.inject({ method: "POST", url: "/menu/cart/verify", payload: {} });
    expect(visitor.statusCode).toBe(401);
  });

  it("five scans an hour per account: then 429 with Retry-After, and no scanner token", async () => {
    const { browser } = await shopper([{ sku: CIGAR, qty: 2 }]);
    const session = await open(browser);
    for (let i = 0; i < 5; i++) {
      const res = await submit(browser, session, "not a licence");
      expect(res.statusCode, `attempt ${i + 1}`).toBe(200);
    }
    const sixth = await submit(browser, session, aamvaText(licence()));
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(3000);
    const none = await open(browser);
    expect(none).toEqual({ result: "unknown", message: NO_SCANNER_TOKEN });
    expect(verificationStatusOf(none)).toEqual({ status: 3, error: "No scanner token available" });
    // The session was never decided.
    expect((await browser.get(`/menu/verify/result/${session.id}`)).json().result).toBe("pending");
  });

  it("one licence verifies at most two accounts: a third is refused as document_in_use", async () => {
    const number = `D${randomUUID().slice(0, 10).toUpperCase()}`;
    const outcomes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { browser } = await shopper([{ sku: CIGAR, qty: 2 }]);
      const res = (await scan(browser, licence({ documentNumber: number }))).json();
      outcomes.push(res.reason ?? res.result);
      if (i === 2) {
        expect(res.message).toBe(AGE_MESSAGES.document_in_use);
        expect((await browser.get("/me")).json().user.ageVerificationStatus).toBeNull();
      }
    }
    expect(outcomes).toEqual(["success", "success", "document_in_use"]);
    // The same number from another jurisdiction is another document.
    const { browser } = await shopper([{ sku: CIGAR, qty: 2 }]);
    expect((await scan(browser, licence({ documentNumber: number, jurisdiction: "NY" }))).json().result).toBe(
      "success",
    );
  });

  it("concurrent submissions of one session decide once; of one licence on three accounts, two succeed", async () => {
    const { user, browser } = await shopper([{ sku: CIGAR, qty: 2 }]);
    const session = await open(browser);
    const barcode = aamvaText(licence());
    const answers = await Promise.all(Array.from({ length: 4 }, () => submit(browser, session, barcode)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const rows = await s.db
      .selectFrom("age_verifications")
      .select("status")
      .where("user_id", "=", user.id)
      .execute();
    expect(rows).toEqual([{ status: "success" }]);

    const shared = licence({ documentNumber: `C${randomUUID().slice(0, 10).toUpperCase()}` });
    const shoppers = await Promise.all([0, 1, 2].map(() => shopper([{ sku: CIGAR, qty: 2 }])));
    const sessions = await Promise.all(shoppers.map((p) => open(p.browser)));
    const results = await Promise.all(
      shoppers.map((p, i) => submit(p.browser, sessions[i], aamvaText(shared))),
    );
    expect(results.map((r) => r.json().reason ?? r.json().result).sort()).toEqual([
      "document_in_use",
      "success",
      "success",
    ]);
  });

  it("checkout wants the check to hold on the delivery date: a verification ending today does not cover tomorrow", async () => {
    const { user, browser } = await shopper([{ sku: CIGAR, qty: 2 }]);
    const res = (await scan(browser, licence({ expiry: addDays(TODAY, 5) }))).json();
    expect(res).toMatchObject({ result: "success", expires_at: addDays(TODAY, 5) });
    const availability = (
      await browser.get("/menu/availability", { "x-store-id": MANHATTAN })
    ).json<Availability>();
    const later = availability.dates.find((d) => d.date > addDays(TODAY, 5) && d.slots.length > 0);
    const soon = availability.dates.find((d) => d.date <= addDays(TODAY, 5) && d.slots.length > 0);
    expect(later && soon).toBeTruthy();
    const tooLate = await place(browser, user, {
      deliveryTime: later!.slots[0].start,
      deliveryDate: later!.date,
    });
    expect(tooLate.statusCode).toBe(403);
    expect(tooLate.json().error.code).toBe("age_verification_required");
    const inTime = await place(browser, user, {
      deliveryTime: soon!.slots.at(-1)!.start,
      deliveryDate: soon!.date,
    });
    expect(inTime.statusCode, inTime.body).toBe(200);
  });

  it("a verification past its last day no longer counts", async () => {
    const { user, browser } = await shopper([{ sku: CIGAR, qty: 2 }]);
    const { id } = (await scan(browser, licence())).json();
    await s.db
      .updateTable("age_verifications")
      .set({ expires_on: addDays(TODAY, -1) })
      .where("id", "=", id)
      .execute();
    await s.db
      .updateTable("users")
      .set({ age_verification_expires_on: addDays(TODAY, -1) })
      .where("id", "=", user.id)
      .execute();
    expect((await browser.get("/me")).json().user.ageVerificationStatus).toBeNull();
    expect((await open(browser)).result).toBe("unknown");
    expect((await place(browser, user)).statusCode).toBe(403);
  });
});

describe("nothing of a licence reaches the logs", () => {
  it("the request log has methods, paths and statuses, never bodies", async () => {
    const lines: string[] = [];
    const { openTestDb } = await import("#tests/support/db.ts");
    const t = await openTestDb("pglite");
    await createDeliveryFixture(t.db);
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "trace" }),
      db: t.db,
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const { shopper, licence, submit, open } = harness({ app, db: t.db });
      const { browser } = await shopper([{ sku: CIGAR, qty: 2 }], {
        firstname: "Quilla",
        lastname: "Zwicky",
      });
      const fields = licence({ firstName: "Quilla", lastName: "Zwicky" });
      const session = await open(browser);
      // Refused at validation (the barcode too long): no body logged either.
      expect((await submit(browser, session, aamvaText(fields).repeat(30))).statusCode).toBe(400);
      expect((await submit(browser, session, aamvaText(fields))).json().result).toBe("success");
      const log = lines.join("").toUpperCase();
      expect(log).toContain("/MENU/VERIFY/");
      for (const secret of [
        fields.firstName,
        fields.lastName,
        fields.documentNumber,
        "ANSI 636",
        session.token,
      ])
        expect(log, secret).not.toContain(secret.toUpperCase());
    } finally {
      await app.close();
      await t.close();
    }
  });
});

function harness(s: Pick<TestApp, "app" | "db">) {
  /** A signed-in shopper with a Chelsea address and the given items in the cart at Manhattan. */
  const shopper = (
    items: { sku: string; qty: number; store_id?: string }[],
    over: Parameters<typeof createUser>[1] = {},
  ) => shopperWithCart(s, items, over);

  /** The account's own licence (createUser's Sam Shopper), born in 1990, valid for years, unless told otherwise. */
  const licence = (over: Partial<LicenceFields> = {}): LicenceFields => ({
    firstName: "Sam",
    middleName: "Quinn",
    lastName: "Shopper",
    dateOfBirth: "1990-05-17",
    expiry: addDays(TODAY, 3 * 365),
    documentNumber: `S${randomUUID().replaceAll("-", "").slice(0, 11).toUpperCase()}`,
    jurisdiction: "IL",
    ...over,
  });
  async function open(browser: TestBrowser): Promise<Verify> {
    const res = await browser.post("/menu/cart/verify", {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const submit = (browser: TestBrowser, session: Pick<Verify, "id" | "token">, barcode: string) =>
    browser.post(`/menu/verify/${session.id}`, { token: session.token, barcode });
  async function scan(browser: TestBrowser, fields: LicenceFields) {
    const session = await open(browser);
    expect(session.result).toBe("unknown");
    const res = await submit(browser, session, aamvaText(fields));
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }
  async function token() {
    const res = await s.app.inject({
      method: "POST",
      url: "/sandbox-pay/v1/tokens",
      payload: { number: "4242424242424242", exp_month: 12, exp_year: 2031, cvc: "123" },
    });
    return res.json().id as string;
  }
  const place = async (browser: TestBrowser, user: CreatedUser, over: object = {}) =>
    browser.post("/order/v3", {
      id: checkoutIdFor(user.id, new Date(clock++)),
      paymentMethod: { type: "token", token: await token() },
      deliveryTime: "asap",
      ...over,
    });
  const stockOf = async (sku: string) =>
    (
      await s.db
        .selectFrom("inventory")
        .select("stock")
        .where("store_id", "=", MANHATTAN)
        .where("sku_id", "=", sku)
        .executeTakeFirstOrThrow()
    ).stock;
  /** Nothing charged, reserved or kept for the user. */
  async function nothingPlaced(user: CreatedUser, sku: string, stockBefore: number) {
    expect(await stockOf(sku)).toBe(stockBefore);
    expect(await s.db.selectFrom("payments").select("id").where("user_id", "=", user.id).execute()).toEqual(
      [],
    );
    expect(await s.db.selectFrom("orders").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    expect(await s.db.selectFrom("checkouts").select("id").where("user_id", "=", user.id).execute()).toEqual(
      [],
    );
  }
  return { shopper, licence, open, submit, scan, place, stockOf, nothingPlaced };
}
