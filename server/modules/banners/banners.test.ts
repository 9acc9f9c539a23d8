import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { createCatalogueFixture } from "#tests/factories/catalogue-fixture.ts";
import { type TestApp, useTestApp } from "#tests/support/app.ts";
import { TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";

let clock = new Date("2026-11-26T12:00:00Z");
const HOUR = 3600 * 1000;
const at = (hours: number) => new Date(clock.getTime() + hours * HOUR).toISOString();

async function staffBrowser(s: TestApp) {
  return signedInBrowser(s.app, await createUser(s.db, { role: "store_staff", store_id: "nyc-manhattan" }));
}

const base = {
  title: "Two-for-one tequila",
  text: "This weekend only",
  link: "/tequila",
  location: "category",
  categories: ["tequila"],
  after_row_of_result: 1,
};

describe.each(testDatabases)("banners on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createCatalogueFixture, now: () => clock });

  async function create(staff: TestBrowser, body: Record<string, unknown>) {
    const res = await staff.post("/api/console/banners", { ...base, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().banner as { id: string; running: boolean; impressions: number; clicks: number };
  }
  const served = async (u: string) => {
    const res = await new TestBrowser(s.app).get(`/mc/serve?u=${u}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { id: string; title: string }[]).map((p) => p.title);
  };

  it("serves running banners to the units they target, by row, in the partner's shape", async () => {
    const staff = await staffBrowser(s);
    await create(staff, { title: "Tequila row 1" });
    await create(staff, { title: "Every category row 0", categories: [], after_row_of_result: 0 });
    await create(staff, { title: "Whiskey only", categories: ["whiskey"], after_row_of_result: 2 });
    await create(staff, {
      title: "Storefront row 2",
      location: "storefront",
      categories: ["tequila"],
      after_row_of_result: 2,
    });
    await create(staff, { title: "Switched off", active: false, after_row_of_result: 3 });
    await create(staff, { title: "Starts tomorrow", starts_at: at(24), after_row_of_result: 4 });
    await create(staff, { title: "Ended", starts_at: at(-48), ends_at: at(-1), after_row_of_result: 5 });

    expect(await served("tequila")).toEqual(["Every category row 0", "Tequila row 1"]);
    expect(await served("Whiskey")).toEqual(["Every category row 0", "Whiskey only"]);
    expect(await served("storefront")).toEqual(["Storefront row 2"]);
    const [first] = (await new TestBrowser(s.app).get("/mc/serve?u=storefront")).json();
    expect(first).toEqual({
      id: expect.any(String),
      title: "Storefront row 2",
      text: "This weekend only",
      image_url: null,
      link: "/tequila",
      location: "storefront",
      // A storefront banner has no categories.
      categories: [],
      after_row_of_result: 2,
    });

    // Scheduling: a day later the one starting tomorrow runs.
    clock = new Date(clock.getTime() + 25 * HOUR);
    try {
      expect(await served("tequila")).toContain("Starts tomorrow");
    } finally {
      clock = new Date(clock.getTime() - 25 * HOUR);
    }
  });

  it("changes a banner's schedule and targeting; switching it off stops it at once", async () => {
    const staff = await staffBrowser(s);
    const banner = await create(staff, {
      title: "Vodka sale",
      categories: ["vodka"],
      after_row_of_result: 6,
    });
    expect(await served("vodka")).toContain("Vodka sale");
    const moved = await staff.request("PATCH", `/api/console/banners/${banner.id}`, {
      categories: ["red-wine"],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await served("vodka")).not.toContain("Vodka sale");
    expect(await served("red-wine")).toContain("Vodka sale");
    const off = await staff.request("PATCH", `/api/console/banners/${banner.id}`, { active: false });
    expect(off.json().banner.running).toBe(false);
    expect(await served("red-wine")).not.toContain("Vodka sale");
    const badDates = await staff.request("PATCH", `/api/console/banners/${banner.id}`, {
      ends_at: at(-100),
      starts_at: at(-50),
    });
    expect(badDates.statusCode).toBe(400);
    expect(badDates.json().error.code).toBe("invalid_dates");
    expect(
      (await staff.request("PATCH", `/api/console/banners/${randomUUID()}`, { active: true })).statusCode,
    ).toBe(404);
  });

  it.each([
    ["HTML in the title", { title: "<img src=x onerror=alert(1)>" }],
    ["HTML in the text", { text: "<b>bold</b>" }],
    ["a javascript: link", { link: "javascript:alert(1)" }],
    ["a protocol-relative link", { link: "//evil.example/" }],
    ["an http link", { link: "http://example.com/" }],
    ["a data: image", { image_url: "data:image/svg+xml,<svg/>" }],
    ["an image from another site", { image_url: "https://cdn.example/banner.png" }],
    ["a negative row", { after_row_of_result: -1 }],
    ["an unknown location", { location: "homepage" }],
    ["an end before the start", { starts_at: at(5), ends_at: at(1) }],
    ["a category that does not exist", { categories: ["no-such-category"] }],
  ])("refuses %s (400)", async (_, body) => {
    const staff = await staffBrowser(s);
    const res = await staff.post("/api/console/banners", { ...base, ...body });
    expect(res.statusCode, res.body).toBe(400);
  });

  it("takes an https link and an image of ours", async () => {
    const staff = await staffBrowser(s);
    const b = await create(staff, {
      link: "https://partner.example/offer",
      image_url: "/images/categories/tequila.svg",
      after_row_of_result: 7,
    });
    expect(b).toMatchObject({
      link: "https://partner.example/offer",
      image_url: "/images/categories/tequila.svg",
    });
  });

  it("counts one impression and one click per banner and page view, also under parallel reports", async () => {
    const staff = await staffBrowser(s);
    const banner = await create(staff, { title: "Counted", after_row_of_result: 8 });
    const shopper = new TestBrowser(s.app);
    await shopper.get("/auth/session").then(() => shopper.refresh());
    const pageView = randomUUID().replaceAll("-", "");
    const report = (kind: string, page_view = pageView) =>
      shopper.post("/mc/events", { banner_id: banner.id, kind, page_view });
    const answers = await Promise.all(Array.from({ length: 5 }, () => report("impression")));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.json().counted)).toHaveLength(1);
    expect((await report("click")).json()).toEqual({ counted: true });
    expect((await report("click")).json()).toEqual({ counted: false });
    // Another page view counts again.
    expect((await report("impression", randomUUID().replaceAll("-", ""))).json()).toEqual({ counted: true });
    const list = (await staff.get("/api/console/banners")).json().banners as {
      id: string;
      impressions: number;
      clicks: number;
    }[];
    expect(list.find((b) => b.id === banner.id)).toMatchObject({ impressions: 2, clicks: 1 });
    expect(
      (await shopper.post("/mc/events", { banner_id: randomUUID(), kind: "click", page_view: pageView }))
        .statusCode,
    ).toBe(404);
    expect(
      (await shopper.post("/mc/events", { banner_id: banner.id, kind: "hover", page_view: pageView }))
        .statusCode,
    ).toBe(400);
    // A cookie-riding report needs the CSRF token, as every state change.
    const forged = await s.app.inject({
      method: "POST",
      url: "/mc/events",
      headers: { cookie: shopper.cookie },
      payload: { banner_id: banner.id, kind: "click", page_view: randomUUID().replaceAll("-", "") },
    });
    expect(forged.statusCode).toBe(403);
  });

  it("refuses a unit that is no url name (400)", async () => {
    expect((await new TestBrowser(s.app).get("/mc/serve?u=%3Cscript%3E")).statusCode).toBe(400);
    expect((await new TestBrowser(s.app).get("/mc/serve")).statusCode).toBe(400);
  });

  it("keeps the console's banners to store staff and administrators", async () => {
    expect((await new TestBrowser(s.app).get("/api/console/banners")).statusCode).toBe(401);
    const shopper = await signedInBrowser(s.app, await createUser(s.db));
    const list = await shopper.get("/api/console/banners");
    expect(list.statusCode).toBe(403);
    expect(list.json().error.code).toBe("staff_only");
    expect((await shopper.post("/api/console/banners", base)).statusCode).toBe(403);
    const admin = await signedInBrowser(s.app, await createUser(s.db, { role: "admin" }));
    expect((await admin.get("/api/console/banners")).statusCode).toBe(200);
  });
});
