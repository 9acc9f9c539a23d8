import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  CHECKOUT_STARTED,
  MAX_BATCH,
  ORDER_COMPLETED,
  PRODUCT_ADDED,
  PRODUCT_VIEWED,
  PRODUCTS_SEARCHED,
} from "#domain/analytics/events.ts";
import { ORDER_FAILED_EVENT } from "#domain/copy.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { createCatalogueFixture } from "#tests/factories/catalogue-fixture.ts";
import { type TestApp, useTestApp } from "#tests/support/app.ts";
import { TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";
import { ANALYTICS_LIMITS } from "./limits.ts";

const ORIGIN = "http://localhost:80";

/** What sendBeacon sends: a text/plain JSON string with the visitor's cookies and our Origin, no CSRF header. */
function beacon(
  s: TestApp,
  body: unknown,
  opts: { anon?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  const anon = opts.anon ?? randomUUID();
  return s.app.inject({
    method: "POST",
    url: "/e",
    payload: typeof body === "string" ? body : JSON.stringify(body),
    headers: {
      "content-type": "text/plain;charset=UTF-8",
      cookie: `nc_anon=${anon}`,
      origin: ORIGIN,
      host: "localhost:80",
      "x-forwarded-for":
        opts.ip ?? `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      ...opts.headers,
    },
  });
}

const page = (path: string, timestamp?: number) => ({
  type: "page",
  path,
  ...(timestamp ? { timestamp } : {}),
});
const track = (event: string, properties: Record<string, unknown> = {}) => ({
  type: "track",
  event,
  properties,
});

const rowsOf = (s: TestApp, visitor: string) =>
  s.db
    .selectFrom("analytics_events")
    .select(["kind", "name", "visitor", "anonymous_id", "user_id", "path", "properties", "platform"])
    .where("visitor", "=", visitor)
    .orderBy("id")
    .execute();

describe.each(testDatabases)("POST /e on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createCatalogueFixture });

  it("stores a beacon's batch of page views and named events for the anonymous visitor", async () => {
    const anon = randomUUID();
    const res = await beacon(
      s,
      {
        events: [
          page("/whiskey"),
          track(PRODUCT_VIEWED, { sku: "JD-1-750" }),
          track(ORDER_FAILED_EVENT, { error: "Your card was declined." }),
          track("delivery-address-set", { store_id: "nyc-manhattan" }),
          track("Signed Up"),
        ],
      },
      { anon },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ accepted: 5 });
    const rows = await rowsOf(s, anon);
    expect(rows.map((r) => [r.kind, r.name])).toEqual([
      ["page", "Page Viewed"],
      ["track", PRODUCT_VIEWED],
      ["track", "Order Failed"],
      ["track", "delivery-address-set"],
      ["track", "Signed Up"],
    ]);
    expect(rows[0]).toMatchObject({ path: "/whiskey", anonymous_id: anon, user_id: null });
    expect(rows[2].properties).toEqual({ error: "Your card was declined." });
  });

  it("takes JSON with the CSRF token as the storefront's fetch sends it, and a signed-in shopper's id", async () => {
    const user = await createUser(s.db);
    const browser = await signedInBrowser(s.app, user);
    const res = await browser.post("/e", { events: [track(PRODUCT_ADDED, { sku: "X", qty: 2 })] });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await rowsOf(s, browser.anonymousId ?? "");
    expect(rows).toEqual([expect.objectContaining({ name: PRODUCT_ADDED, user_id: user.id })]);
  });

  it("takes the apps' batches by x-user (no cookie, no CSRF); the account is the visitor", async () => {
    const user = await createUser(s.db);
    const login = await s.app.inject({
      method: "POST",
      url: "/auth/login",
      headers: { "x-platform": "ios" },
      payload: { username: user.email, password: "correct horse battery" },
    });
    const token = login.json().user?.sessionToken ?? login.json().sessionToken;
    expect(typeof token).toBe("string");
    const res = await s.app.inject({
      method: "POST",
      url: "/e",
      headers: { "x-user": token, "x-platform": "ios" },
      payload: { events: [page("/")] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsOf(s, `user:${user.id}`)).toEqual([
      expect.objectContaining({ name: "Page Viewed", platform: "ios", anonymous_id: null }),
    ]);
  });

  it.each([
    ["an unknown event", { events: [track("Bought A Boat")] }],
    ["a page view without a path", { events: [{ type: "page" }] }],
    ["a path that is no path", { events: [page("https://evil.example/")] }],
    ["an empty batch", { events: [] }],
    ["too many events", { events: Array.from({ length: MAX_BATCH + 1 }, () => page("/")) }],
    ["a nested property", { events: [track(PRODUCT_VIEWED, { sku: { id: 1 } })] }],
    ["a long property", { events: [track(PRODUCT_VIEWED, { sku: "x".repeat(501) })] }],
    [
      "properties over 2 KB",
      {
        events: [
          track(
            PRODUCT_VIEWED,
            Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, "y".repeat(400)])),
          ),
        ],
      },
    ],
    [
      "too many properties",
      {
        events: [
          track(PRODUCT_VIEWED, Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]))),
        ],
      },
    ],
    ["a timestamp that is no number", { events: [{ ...page("/"), timestamp: "yesterday" }] }],
    ["no events at all", {}],
  ])("refuses %s (400) and stores nothing", async (_, body) => {
    const anon = randomUUID();
    const res = await beacon(s, body, { anon });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe("bad_request");
    expect(await rowsOf(s, anon)).toEqual([]);
  });

  it.each([
    ["two days old", Date.now() - 2 * 24 * 3600 * 1000],
    ["an hour ahead", Date.now() + 3600 * 1000],
  ])("refuses a batch with an event %s whole (bad_timestamp)", async (_, timestamp) => {
    const anon = randomUUID();
    const res = await beacon(s, { events: [page("/"), page("/wine", timestamp)] }, { anon });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("bad_timestamp");
    expect(await rowsOf(s, anon)).toEqual([]);
  });

  it("refuses text that is not JSON (400)", async () => {
    const res = await beacon(s, "{not json");
    expect(res.statusCode).toBe(400);
  });

  it("refuses a cookie-riding beacon from another site, or one that shows no origin at all (403)", async () => {
    const cross = await beacon(s, { events: [page("/")] }, { headers: { origin: "https://evil.example" } });
    expect(cross.statusCode).toBe(403);
    expect(cross.json().error.code).toBe("cross_site");
    const fetchSite = await beacon(
      s,
      { events: [page("/")] },
      { headers: { "sec-fetch-site": "cross-site" } },
    );
    expect(fetchSite.statusCode).toBe(403);
    const bare = await s.app.inject({
      method: "POST",
      url: "/e",
      payload: JSON.stringify({ events: [page("/")] }),
      headers: { "content-type": "text/plain", cookie: `nc_anon=${randomUUID()}` },
    });
    expect(bare.statusCode).toBe(403);
    expect(bare.json().error.code).toBe("csrf");
    const sameOrigin = await s.app.inject({
      method: "POST",
      url: "/e",
      payload: JSON.stringify({ events: [page("/")] }),
      headers: {
        "content-type": "text/plain",
        cookie: `nc_anon=${randomUUID()}`,
        "sec-fetch-site": "same-origin",
      },
    });
    expect(sameOrigin.statusCode, sameOrigin.body).toBe(200);
  });

  it("refuses a request with no visitor at all (400 no_visitor)", async () => {
    const res = await s.app.inject({ method: "POST", url: "/e", payload: { events: [page("/")] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("no_visitor");
  });

  it("limits a visitor's batches per minute (429 with retry-after), other visitors unaffected", async () => {
    const anon = randomUUID();
    const limit = ANALYTICS_LIMITS.batchesVisitor.limit;
    const answers = await Promise.all(
      Array.from({ length: limit + 1 }, () => beacon(s, { events: [page("/")] }, { anon })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(limit);
    const refused = answers.find((a) => a.statusCode === 429);
    expect(refused?.json().error.code).toBe("too_many_attempts");
    expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(0);
    expect(await rowsOf(s, anon)).toHaveLength(limit);
    expect((await beacon(s, { events: [page("/")] })).statusCode).toBe(200);
  });
});

describe.each(testDatabases)("the console's funnel and searches that found nothing on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createCatalogueFixture });

  it("counts distinct visitors per step per day from stored events, and the top searches that found nothing", async () => {
    const now = Date.now();
    const yesterday = now - 24 * 3600 * 1000 + 60_000; // inside the day-old window, on the day before (most hours)
    const visitors = Array.from({ length: 5 }, () => randomUUID());
    const steps = [PRODUCT_VIEWED, PRODUCT_ADDED, CHECKOUT_STARTED, ORDER_COMPLETED];
    // Visitor i goes i steps past the visit; visitor 0 visits twice (counted once).
    for (const [i, anon] of visitors.entries()) {
      const events = [page("/"), page("/wine"), ...steps.slice(0, i).map((e) => track(e))];
      expect((await beacon(s, { events }, { anon })).statusCode).toBe(200);
    }
    // A product view without a visit that day does not count past the first step.
    expect((await beacon(s, { events: [track(PRODUCT_VIEWED)] })).statusCode).toBe(200);
    // Searches: "Pinot  Noir" twice by two visitors (once spelled differently), "mezcal" once, one that found things.
    await beacon(
      s,
      { events: [track(PRODUCTS_SEARCHED, { query: "Pinot  Noir", results: 0 })] },
      { anon: visitors[0] },
    );
    await beacon(
      s,
      { events: [track(PRODUCTS_SEARCHED, { query: "pinot noir", results: 0 })] },
      { anon: visitors[1] },
    );
    await beacon(
      s,
      { events: [track(PRODUCTS_SEARCHED, { query: "mezcal", results: 0 })] },
      { anon: visitors[1] },
    );
    await beacon(
      s,
      { events: [track(PRODUCTS_SEARCHED, { query: "whiskey", results: 12 })] },
      { anon: visitors[2] },
    );
    // A day earlier: one visitor who only visited.
    await beacon(s, { events: [page("/", yesterday)] });

    const admin = await signedInBrowser(s.app, await createUser(s.db, { role: "admin" }));
    const res = await admin.get("/api/console/analytics?days=7");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.steps.map((x: { key: string }) => x.key)).toEqual([
      "visit",
      "product",
      "cart",
      "checkout",
      "order",
    ]);
    const today = new Date(now).toISOString().slice(0, 10);
    const day = body.funnel.find((d: { day: string }) => d.day === today);
    expect(day.counts).toEqual([5, 4, 3, 2, 1]);
    expect(day.rates[1]).toBeCloseTo(0.8);
    const earlier = new Date(yesterday).toISOString().slice(0, 10);
    if (earlier !== today)
      expect(body.funnel.find((d: { day: string }) => d.day === earlier).counts).toEqual([1, 0, 0, 0, 0]);
    expect(body.zeroResultSearches).toEqual([
      expect.objectContaining({ query: "pinot noir", searches: 2, visitors: 2 }),
      expect.objectContaining({ query: "mezcal", searches: 1, visitors: 1 }),
    ]);
  });

  it("is for administrators only: 401 anonymous, 403 shoppers and store staff", async () => {
    expect((await new TestBrowser(s.app).get("/api/console/analytics")).statusCode).toBe(401);
    const shopper = await signedInBrowser(s.app, await createUser(s.db));
    expect((await shopper.get("/api/console/analytics")).statusCode).toBe(403);
    const staff = await signedInBrowser(
      s.app,
      await createUser(s.db, { role: "store_staff", store_id: "nyc-manhattan" }),
    );
    expect((await staff.get("/api/console/analytics")).statusCode).toBe(403);
    expect((await shopper.get("/api/console/analytics?days=0")).statusCode).toBe(400);
  });
});
