import { beforeAll, describe, expect, it } from "vitest";
import { CO_PURCHASE_REFRESH_MINUTES } from "#domain/catalogue/co-purchase.ts";
import type { Product } from "#domain/catalogue/types.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { createProduct, stock } from "#tests/factories/catalogue.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { moveOrderAsStaff } from "#tests/factories/orders.ts";
import { placedOrder } from "#tests/factories/placed-orders.ts";
import { type TestApp, useTestApp } from "#tests/support/app.ts";
import { TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";
import { runScheduledRefresh } from "./co-purchase.ts";

const WHISKEY = "IA-9001-750";
const BITTERS = "IA-9101-200";
const CHERRIES = "IA-9102-400";
const TONIC = "BC-9103-200"; // sold out at Manhattan after it was bought
const CANCELLED_ONLY = "IA-9104-750"; // bought only in a cancelled order
const MANHATTAN = { "x-store-id": "d-manhattan" };

async function fixture(db: TestApp["db"]) {
  await createDeliveryFixture(db);
  for (const [sku_id, title] of [
    [BITTERS, "Fixture Bitters"],
    [CHERRIES, "Fixture Cherries"],
    [TONIC, "Fixture Tonic"],
    [CANCELLED_ONLY, "Fixture Mezcal"],
  ]) {
    await createProduct(db, { sku_id, title, regular_price_cents: 1500 });
    await stock(db, "d-manhattan", sku_id, 1500, { stock: 20 });
  }
}

const skus = (products: Product[]) => products.map((p) => p.sku_id);

async function deliver(s: TestApp, orderId: string) {
  for (const type of ["accept", "dispatch", "deliver"] as const)
    await moveOrderAsStaff(s.db, orderId, { type });
}

/** A shopper whose order of `items` (one each) went the given way. */
async function shopper(s: TestApp, items: string[], outcome: "deliver" | "cancel" | "placed") {
  const placed = await placedOrder(
    s,
    items.map((sku) => ({ sku, qty: 1 })),
  );
  if (outcome === "deliver") await deliver(s, placed.orders[0]._id);
  if (outcome === "cancel") await moveOrderAsStaff(s.db, placed.orders[0]._id, { type: "cancel" });
  return placed;
}

describe.each(testDatabases)("recommendations that learn on %s", (kind) => {
  const s = useTestApp(kind, { fixture });
  let a: Awaited<ReturnType<typeof shopper>>;
  let b: Awaited<ReturnType<typeof shopper>>;
  let d: Awaited<ReturnType<typeof shopper>>;
  let cancelled: Awaited<ReturnType<typeof shopper>>;
  let admin: TestBrowser;

  beforeAll(async () => {
    a = await shopper(s, [WHISKEY, BITTERS, CHERRIES], "deliver");
    b = await shopper(s, [WHISKEY, BITTERS], "deliver");
    d = await shopper(s, [WHISKEY, TONIC], "deliver");
    cancelled = await shopper(s, [WHISKEY, CANCELLED_ONLY], "cancel");
    // Placed but not yet delivered: not a completed order either.
    await shopper(s, [CHERRIES, CANCELLED_ONLY], "placed");
    await s.db
      .updateTable("inventory")
      .set({ stock: 0 })
      .where("sku_id", "=", TONIC)
      .where("store_id", "=", "d-manhattan")
      .execute();
    admin = await signedInBrowser(s.app, await createUser(s.db, { role: "admin" }));
    const res = await admin.post("/api/console/recommendations/refresh");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ orders: 3 });
  });

  it("counts completed orders only: cancelled and unfinished orders never pair their products", async () => {
    const rows = await s.db.selectFrom("co_purchase").selectAll().orderBy("sku_a").orderBy("sku_b").execute();
    expect(rows.find((r) => r.sku_a === CANCELLED_ONLY || r.sku_b === CANCELLED_ONLY)).toBeUndefined();
    expect(rows).toContainEqual({ sku_a: WHISKEY, sku_b: BITTERS, together: 2, orders_a: 3, orders_b: 2 });
    expect(rows).toContainEqual({ sku_a: BITTERS, sku_b: WHISKEY, together: 2, orders_a: 2, orders_b: 3 });
    expect(rows).toContainEqual({ sku_a: CHERRIES, sku_b: BITTERS, together: 1, orders_a: 1, orders_b: 2 });
    // Each pair both ways: 3 pairs in A's order, 1 in B's, 1 in D's; whiskey–bitters twice.
    expect(rows).toHaveLength(8);
  });

  it("shows frequently bought together on the product's call, in stock at the store only", async () => {
    const res = await new TestBrowser(s.app).get(`/menu/recommendation/fbt/${WHISKEY}`, MANHATTAN);
    expect(res.statusCode, res.body).toBe(200);
    expect(skus(res.json().products)).toEqual([BITTERS, CHERRIES]);
    // Brooklyn stocks none of them.
    const brooklyn = await new TestBrowser(s.app).get(`/menu/recommendation/fbt/${WHISKEY}`, {
      "x-store-id": "d-brooklyn",
    });
    expect(brooklyn.json().products).toEqual([]);
    const unknown = await new TestBrowser(s.app).get("/menu/recommendation/fbt/ZZ-0000-750", MANHATTAN);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("product_not_found");
  });

  it("puts what was bought together first in the checkout suggestions", async () => {
    const browser = new TestBrowser(s.app);
    const res = await browser.post("/menu/recommendation/checkout", { skus: [WHISKEY] }, MANHATTAN);
    expect(res.statusCode, res.body).toBe(200);
    const list = skus(res.json().products);
    expect(list.slice(0, 2)).toEqual([BITTERS, CHERRIES]);
    expect(list).not.toContain(WHISKEY);
    expect(list).not.toContain(TONIC);
  });

  it("answers buy again, then what goes with it, for the shopper's own id only", async () => {
    // D bought whiskey and tonic; tonic is sold out, so only whiskey comes back, then what others bought with it.
    const res = await d.browser.get(`/menu/recommendation/user/${d.user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().buy_again).toEqual([WHISKEY]);
    expect(skus(res.json().products)).toEqual([WHISKEY, BITTERS, CHERRIES]);

    const ofB = (await b.browser.get(`/menu/recommendation/user/${b.user.id}`)).json();
    expect(ofB.buy_again).toEqual([WHISKEY, BITTERS]); // one order each, the same day: by SKU
    expect(skus(ofB.products)).toEqual([WHISKEY, BITTERS, CHERRIES]);

    const other = await d.browser.get(`/menu/recommendation/user/${a.user.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe("user_not_found");
    const anonymous = await new TestBrowser(s.app).get(`/menu/recommendation/user/${a.user.id}`);
    expect(anonymous.statusCode).toBe(401);
  });

  it("has nothing to buy again for a shopper whose only order was cancelled", async () => {
    const res = await cancelled.browser.get(`/menu/recommendation/user/${cancelled.user.id}`);
    expect(res.json()).toEqual({ products: [], buy_again: [] });
  });

  it("buys again the most often bought first, then the latest", async () => {
    const again = await placedOrder(s, [{ sku: CHERRIES, qty: 2 }]);
    await deliver(s, again.orders[0]._id);
    const second = await placedOrder(s, [{ sku: BITTERS, qty: 2 }]);
    await deliver(s, second.orders[0]._id);
    // placedOrder signs up a new shopper each time: the later orders are made the first shopper's.
    await s.db
      .updateTable("orders")
      .set({ user_id: again.user.id })
      .where("id", "=", second.orders[0]._id)
      .execute();
    const third = await placedOrder(s, [{ sku: CHERRIES, qty: 2 }]);
    await deliver(s, third.orders[0]._id);
    await s.db
      .updateTable("orders")
      .set({ user_id: again.user.id })
      .where("id", "=", third.orders[0]._id)
      .execute();
    const res = (await again.browser.get(`/menu/recommendation/user/${again.user.id}`)).json();
    expect(res.buy_again).toEqual([CHERRIES, BITTERS]);
  });

  describe("favourites", () => {
    it("adds, lists, removes, idempotently, and keeps each shopper's own", async () => {
      const user = await createUser(s.db);
      const browser = await signedInBrowser(s.app, user);
      const other = await signedInBrowser(s.app, await createUser(s.db));
      expect((await browser.get("/menu/favourites")).json()).toEqual({ skus: [] });

      const put = (b: TestBrowser, sku: string) => b.request("PUT", `/menu/favourites/${sku}`);
      expect((await put(browser, BITTERS)).json()).toEqual({ skus: [BITTERS] });
      expect((await put(browser, BITTERS)).json()).toEqual({ skus: [BITTERS] });
      const both = await put(browser, WHISKEY);
      expect(both.statusCode).toBe(200);
      expect(new Set(both.json().skus)).toEqual(new Set([BITTERS, WHISKEY]));
      expect((await put(other, CHERRIES)).json()).toEqual({ skus: [CHERRIES] });

      const listed = await browser.get("/menu/favourites/products", MANHATTAN);
      expect(new Set(skus(listed.json().products))).toEqual(new Set([BITTERS, WHISKEY]));
      expect(listed.json().products.every((p: Product) => p.price !== null)).toBe(true);

      const removed = await browser.request("DELETE", `/menu/favourites/${BITTERS}`);
      expect(removed.json()).toEqual({ skus: [WHISKEY] });
      expect((await browser.request("DELETE", `/menu/favourites/${BITTERS}`)).json()).toEqual({
        skus: [WHISKEY],
      });
      // Another shopper's heart is theirs: deleting it from here changes nothing there.
      await browser.request("DELETE", `/menu/favourites/${CHERRIES}`);
      expect((await other.get("/menu/favourites")).json()).toEqual({ skus: [CHERRIES] });
    });

    it("refuses unknown products, visitors and requests without the CSRF token", async () => {
      const browser = await signedInBrowser(s.app, await createUser(s.db));
      const unknown = await browser.request("PUT", "/menu/favourites/ZZ-0000-750");
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe("product_not_found");
      const visitor = new TestBrowser(s.app);
      expect((await visitor.get("/menu/favourites")).statusCode).toBe(401);
      expect((await visitor.request("PUT", `/menu/favourites/${WHISKEY}`)).statusCode).toBe(401);
      browser.csrf = "not-the-token";
      expect((await browser.request("PUT", `/menu/favourites/${WHISKEY}`)).statusCode).toBe(403);
      await browser.refresh();
      expect((await browser.get("/menu/favourites")).json()).toEqual({ skus: [] });
    });

    it("keeps one heart per product under parallel requests", async () => {
      const user = await createUser(s.db);
      const browser = await signedInBrowser(s.app, user);
      await browser.refresh();
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          browser.request("PUT", `/menu/favourites/${i % 3 ? WHISKEY : BITTERS}`),
        ),
      );
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      const rows = await s.db
        .selectFrom("favourites")
        .select("sku_id")
        .where("user_id", "=", user.id)
        .execute();
      expect(rows.map((r) => r.sku_id).sort()).toEqual([WHISKEY, BITTERS].sort());
    });
  });

  it("refreshes on demand for administrators only", async () => {
    const shopperBrowser = await signedInBrowser(s.app, await createUser(s.db));
    expect((await shopperBrowser.post("/api/console/recommendations/refresh")).statusCode).toBe(403);
    expect((await new TestBrowser(s.app).post("/api/console/recommendations/refresh")).statusCode).toBe(401);
    expect((await admin.post("/api/console/recommendations/refresh")).statusCode).toBe(200);
  });

  it("runs one chain of refresh jobs however many are started", async () => {
    const interval = CO_PURCHASE_REFRESH_MINUTES * 60_000;
    await s.db.updateTable("co_purchase_refresh").set({ refreshed_at: null, next_run_at: null }).execute();
    const sent: Date[] = [];
    const send = async (_tx: unknown, at: Date) => sent.push(at);
    const t0 = new Date(Date.now() + 1_000);
    expect(await runScheduledRefresh(s.db, t0, interval, send)).toEqual({ refreshed: true, chained: true });
    // A second instance's boot job a minute later: the table is fresh and the next run is already due.
    const t1 = new Date(t0.getTime() + 60_000);
    expect(await runScheduledRefresh(s.db, t1, interval, send)).toEqual({ refreshed: false, chained: false });
    // The chain's next run.
    const t2 = new Date(t0.getTime() + interval);
    expect(await runScheduledRefresh(s.db, t2, interval, send)).toEqual({ refreshed: true, chained: true });
    expect(sent).toEqual([new Date(t0.getTime() + interval), new Date(t2.getTime() + interval)]);
    // Two at once (another instance at the same moment): the lock lets one chain on.
    const t3 = new Date(t2.getTime() + interval);
    const both = await Promise.all([
      runScheduledRefresh(s.db, t3, interval, send),
      runScheduledRefresh(s.db, t3, interval, send),
    ]);
    expect(both.filter((r) => r.chained)).toHaveLength(1);
    expect(both.filter((r) => r.refreshed)).toHaveLength(1);
  });
});

describe.each(testDatabases)("the co-purchase refresh job on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture, workers: true });

  it("runs at boot on the job queue and sends its next run an interval later", async () => {
    const started = Date.now();
    let state = await s.db.selectFrom("co_purchase_refresh").selectAll().executeTakeFirstOrThrow();
    for (let i = 0; i < 100 && state.refreshed_at === null; i++) {
      await new Promise((r) => setTimeout(r, 100));
      state = await s.db.selectFrom("co_purchase_refresh").selectAll().executeTakeFirstOrThrow();
    }
    expect(state.refreshed_at).not.toBeNull();
    const next = state.next_run_at?.getTime() ?? 0;
    expect(next - started).toBeGreaterThanOrEqual(CO_PURCHASE_REFRESH_MINUTES * 60_000 - 1_000);
    expect(next - Date.now()).toBeLessThanOrEqual(CO_PURCHASE_REFRESH_MINUTES * 60_000);
  });
});
