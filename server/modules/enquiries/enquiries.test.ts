import { describe, expect, it } from "vitest";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { type TestApp, useTestApp } from "#tests/support/app.ts";
import { readOutbox, TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";

let n = 0;
const email = (name: string) => `${name}-${Date.now().toString(36)}-${n++}@example.com`;

const partner = (over: Record<string, string> = {}) => ({
  store_name: "Damen Liquors",
  contact_name: "Pat Owner",
  email: email("pat"),
  phone: "(312) 555-0142",
  address: "1425 N Damen Ave, Chicago, IL 60622",
  licence_number: "LIC-2024-0042",
  ...over,
});

/** A visitor from an address of their own, with the page's CSRF token. */
async function visitor(s: Pick<TestApp, "app">) {
  const browser = new TestBrowser(s.app);
  await browser.refresh();
  return browser;
}

describe.each(testDatabases)("leads and enquiries on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture });

  describe("the lead-capture prompt's email", () => {
    it("is kept once per mailbox with the platform and sent the signup offer once", async () => {
      const address = email("lead");
      const browser = await visitor(s);
      const first = await browser.post(
        "/api/leads",
        { email: address, page: "/spirits" },
        { "x-platform": "ios" },
      );
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ message: "Thanks! Your offer is on its way to your inbox." });
      const again = await (await visitor(s)).post("/api/leads", { email: `  ${address.toUpperCase()} ` });
      expect(again.statusCode).toBe(200);
      const rows = await s.db.selectFrom("leads").selectAll().where("email", "=", address).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ platform: "ios", page: "/spirits", times: 2 });
      const mail = await readOutbox(s.app, address);
      expect(mail.map((m) => m.template)).toEqual(["lead-offer"]);
      expect(mail[0].body).toContain("/signup/FIVEOFF");
    });

    it("takes the platform the client names", async () => {
      const address = email("android");
      expect(
        (await (await visitor(s)).post("/api/leads", { email: address, platform: "android" })).statusCode,
      ).toBe(200);
      const row = await s.db
        .selectFrom("leads")
        .select("platform")
        .where("email", "=", address)
        .executeTakeFirst();
      expect(row?.platform).toBe("android");
    });

    it.each([
      ["a bad email", { email: "not-an-email" }, 400, "invalid_fields"],
      ["no email", {}, 400, "bad_request"],
      ["an unknown platform", { email: "a@example.com", platform: "windows" }, 400, "bad_request"],
    ])("refuses %s", async (_name, body, status, code) => {
      const res = await (await visitor(s)).post("/api/leads", body);
      expect(res.statusCode).toBe(status);
      expect(res.json().error.code).toBe(code);
    });

    it("refuses a post without the page's CSRF token", async () => {
      const browser = new TestBrowser(s.app);
      const res = await browser.request(
        "POST",
        "/api/leads",
        { email: email("csrf") },
        { "x-csrf-token": "forged" },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("csrf");
    });

    it("limits one address to five leads in 15 minutes, and one email to two", async () => {
      const browser = await visitor(s);
      const answers = [];
      for (let i = 0; i < 6; i++)
        answers.push((await browser.post("/api/leads", { email: email("many") })).statusCode);
      expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
      const address = email("same");
      const perEmail = [];
      for (let i = 0; i < 3; i++)
        perEmail.push((await (await visitor(s)).post("/api/leads", { email: address })).statusCode);
      expect(perEmail).toEqual([200, 200, 429]);
    });
  });

  describe("the forms", () => {
    it("keeps a partner application and answers the sender", async () => {
      const body = partner();
      const res = await (await visitor(s)).post("/api/enquiries/partner", body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        id: expect.any(String),
        message: "Thanks! We've received your application and sent a copy to your email.",
      });
      const [mail] = await readOutbox(s.app, body.email);
      expect(mail).toMatchObject({
        template: "enquiry-partner",
        subject: "Your Nightcap partner application",
      });
      expect(mail.body).toContain("Damen Liquors");
    });

    it("refuses a partner application with a message per wrong field", async () => {
      const res = await (await visitor(s)).post(
        "/api/enquiries/partner",
        partner({ phone: "555", licence_number: "#", email: "pat@" }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: "invalid_fields",
        message: "Please check the fields marked below.",
        details: {
          email: "Please enter a valid email address.",
          phone: "Please enter a 10-digit US phone number.",
          licence_number:
            "A licence number is 4 to 30 letters, digits and dashes, as printed on the licence.",
        },
      });
    });

    it("keeps a business enquiry and a job application", async () => {
      const business = await (await visitor(s)).post("/api/enquiries/business", {
        company: "Acme Law LLP",
        contact_name: "Robin Buyer",
        email: email("robin"),
        message: "Closing gifts for about forty clients a quarter.",
      });
      expect(business.statusCode, business.body).toBe(200);
      const jo = email("jo");
      const job = await (await visitor(s)).post("/api/enquiries/job", {
        name: "Jo Applicant",
        email: jo,
        role: "city-operations",
        cover_note: "I ran dispatch for a grocery delivery start-up in Denver for three years.",
      });
      expect(job.statusCode, job.body).toBe(200);
      expect((await readOutbox(s.app, jo))[0]).toMatchObject({ template: "enquiry-job" });
      const bad = await (await visitor(s)).post("/api/enquiries/job", {
        name: "Jo",
        email: jo,
        role: "ceo",
        cover_note: "hi",
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().error.details)).toEqual(["role", "cover_note"]);
    });

    it("refuses a field longer than any form takes at the schema", async () => {
      const res = await (await visitor(s)).post("/api/enquiries/business", { message: "x".repeat(4001) });
      expect(res.statusCode).toBe(400);
    });

    it("limits one address to five forms in 15 minutes", async () => {
      const browser = await visitor(s);
      const answers = [];
      for (let i = 0; i < 6; i++)
        answers.push((await browser.post("/api/enquiries/partner", partner())).statusCode);
      expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });

  describe("the console's Enquiries", () => {
    it("lists leads and forms together, newest first, to administrators only", async () => {
      const lead = email("listed-lead");
      await (await visitor(s)).post("/api/leads", { email: lead });
      const form = partner({ store_name: "Newest Liquors" });
      await (await visitor(s)).post("/api/enquiries/partner", form);

      const admin = await signedInBrowser(s.app, await createUser(s.db, { role: "admin" }));
      const res = await admin.get("/api/console/enquiries");
      expect(res.statusCode, res.body).toBe(200);
      const { entries } = res.json<{
        entries: { kind: string; email: string; detail: Record<string, string>; createdAt: string }[];
      }>();
      expect(entries[0]).toMatchObject({
        kind: "partner",
        email: form.email,
        detail: { store_name: "Newest Liquors" },
      });
      expect(entries[1]).toMatchObject({ kind: "lead", email: lead });
      const times = entries.map((e) => e.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      const leads = (await admin.get("/api/console/enquiries?kind=lead")).json<{
        entries: { kind: string }[];
      }>();
      expect(new Set(leads.entries.map((e) => e.kind))).toEqual(new Set(["lead"]));

      const staff = await signedInBrowser(
        s.app,
        await createUser(s.db, { role: "store_staff", store_id: "d-manhattan" }),
      );
      const shopper = await signedInBrowser(s.app, await createUser(s.db));
      expect((await staff.get("/api/console/enquiries")).json().error.code).toBe("admin_only");
      expect((await shopper.get("/api/console/enquiries")).json().error.code).toBe("staff_only");
      expect((await shopper.get("/api/console/enquiries")).statusCode).toBe(403);
      expect((await new TestBrowser(s.app).get("/api/console/enquiries")).statusCode).toBe(401);
    });
  });
});
