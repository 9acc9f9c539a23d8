import { describe, expect, it } from "vitest";
import { REVIEW_ALREADY, REVIEW_NOT_BOUGHT } from "#domain/orders/after-order.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { moveOrderAsStaff } from "#tests/factories/orders.ts";
import { placedOrder } from "#tests/factories/placed-orders.ts";
import { type TestApp, useTestApp } from "#tests/support/app.ts";
import { testDatabases } from "#tests/support/db.ts";
import type { ProductReviews } from "./index.ts";

const WHISKEY = "IA-9001-750";
const RYE = "IA-9004-750"; // stock 2 at Manhattan
const CIGAR = "TB-9005-1";

async function deliver(s: TestApp, orderId: string) {
  for (const type of ["accept", "dispatch", "deliver"] as const)
    await moveOrderAsStaff(s.db, orderId, { type });
}

/** A shopper who received `skus` (one each) in a delivered order. */
async function buyer(s: TestApp, skus: string[]) {
  const placed = await placedOrder(
    s,
    skus.map((sku) => ({ sku, qty: 1 })),
  );
  await deliver(s, placed.orders[0]._id);
  return placed;
}

const product = (s: TestApp, sku: string) =>
  s.db
    .selectFrom("products")
    .select(["average_rating", "rating_count"])
    .where("sku_id", "=", sku)
    .executeTakeFirstOrThrow();

describe.each(testDatabases)("product reviews on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture });

  it("lets a shopper who received the product rate it once; the product's rating and the shelf follow", async () => {
    const { user, browser } = await buyer(s, [WHISKEY]);
    await s.db
      .updateTable("users")
      .set({ firstname: "Ana", lastname: "Pérez" })
      .where("id", "=", user.id)
      .execute();
    const before = await product(s, WHISKEY);
    const before0 = (await browser.get(`/order/reviews?sku=${WHISKEY}`)).json<ProductReviews>();
    expect(before0.viewer).toEqual({ can_review: true, review: null });

    const res = await browser.post("/order/reviews", { sku: WHISKEY, rating: 4, text: " Smooth. " });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      review: { rating: 4, text: "Smooth.", author: "Ana P." },
      rating_count: before.rating_count + 1,
    });
    const after = await product(s, WHISKEY);
    expect(after.rating_count).toBe(before.rating_count + 1);
    expect(after.average_rating).toBeCloseTo(
      ((before.average_rating ?? 0) * before.rating_count + 4) / (before.rating_count + 1),
      4,
    );
    const shelf = await s.db
      .selectFrom("shelf")
      .select(["rating_count", "average_rating"])
      .where("sku_id", "=", WHISKEY)
      .execute();
    expect(shelf.length).toBeGreaterThan(0);
    for (const row of shelf) expect(row).toEqual(after);

    const again = await browser.post("/order/reviews", { sku: WHISKEY, rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: "already_reviewed", message: REVIEW_ALREADY });
    expect((await product(s, WHISKEY)).rating_count).toBe(after.rating_count);

    const listed = (await browser.get(`/order/reviews?sku=${WHISKEY}&page=1`)).json<ProductReviews>();
    expect(listed).toMatchObject({
      sku: WHISKEY,
      rating_count: after.rating_count,
      page: 1,
      page_size: 10,
    });
    expect(listed.reviews[0]).toMatchObject({ rating: 4, text: "Smooth.", author: "Ana P." });
    expect(listed.viewer).toMatchObject({ can_review: false, review: { rating: 4 } });
    const anonymous = await s.app.inject({ method: "GET", url: `/order/reviews?sku=${WHISKEY}` });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().viewer).toBeNull();
  });

  it("refuses a shopper who did not receive the product: never bought, or not delivered yet (403)", async () => {
    const stranger = await signedInBrowser(s.app, await createUser(s.db));
    const res = await stranger.post("/order/reviews", { sku: WHISKEY, rating: 5 });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: "review_not_allowed", message: REVIEW_NOT_BOUGHT });

    const { browser, orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }]);
    await moveOrderAsStaff(s.db, orders[0]._id, { type: "accept" });
    await moveOrderAsStaff(s.db, orders[0]._id, { type: "dispatch" });
    const enRoute = await browser.post("/order/reviews", { sku: WHISKEY, rating: 5 });
    expect(enRoute.statusCode).toBe(403);
    const other = await browser.post("/order/reviews", { sku: CIGAR, rating: 5 });
    expect(other.statusCode).toBe(403);
  });

  it("answers 400 for a bad rating or text, 404 for an unknown product, 401 without a session", async () => {
    const { browser } = await buyer(s, [WHISKEY]);
    for (const body of [
      { sku: WHISKEY, rating: 0 },
      { sku: WHISKEY, rating: 4.5 },
      { sku: WHISKEY, rating: 5, text: "x".repeat(1001) },
      { sku: WHISKEY },
    ])
      expect((await browser.post("/order/reviews", body)).statusCode, JSON.stringify(body)).toBe(400);
    const unknown = await browser.post("/order/reviews", { sku: "IA-0000-750", rating: 5 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe("Product Not Found");
    expect((await browser.get("/order/reviews?sku=IA-0000-750")).statusCode).toBe(404);
    expect((await browser.get(`/order/reviews?sku=${WHISKEY}&page=0`)).statusCode).toBe(400);
    const anonymous = await s.app.inject({
      method: "POST",
      url: "/order/reviews",
      payload: { sku: WHISKEY, rating: 5 },
    });
    expect([401, 403]).toContain(anonymous.statusCode);
  });

  it("pages the reviews, newest first", async () => {
    const before = (
      await s.app.inject({ method: "GET", url: `/order/reviews?sku=${RYE}` })
    ).json<ProductReviews>();
    for (let i = 1; i <= 2; i++) {
      const { browser } = await buyer(s, [RYE]);
      expect(
        (await browser.post("/order/reviews", { sku: RYE, rating: i, text: `Review ${i}` })).statusCode,
      ).toBe(200);
    }
    const first = (
      await s.app.inject({ method: "GET", url: `/order/reviews?sku=${RYE}` })
    ).json<ProductReviews>();
    expect(first.total).toBe(before.total + 2);
    expect(first.reviews.slice(0, 2).map((r) => r.text)).toEqual(["Review 2", "Review 1"]);
    const far = (
      await s.app.inject({ method: "GET", url: `/order/reviews?sku=${RYE}&page=99` })
    ).json<ProductReviews>();
    expect(far.reviews).toEqual([]);
  });

  it("sorts search by the ratings shoppers gave", async () => {
    // Two products of the fixture, rated apart by their buyers.
    const reset = () =>
      s.db
        .updateTable("products")
        .set({ average_rating: null, rating_count: 0 })
        .where("sku_id", "in", [WHISKEY, RYE])
        .execute();
    await reset();
    await s.db.updateTable("inventory").set({ stock: 50 }).where("sku_id", "=", RYE).execute();
    const ranked = async (order: "asc" | "desc") => {
      const res = await s.app.inject({
        method: "POST",
        url: "/menu/search/v4",
        payload: { query: "fixture", sort: { field: "rating", order } },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().products as { sku_id: string }[])
        .map((p) => p.sku_id)
        .filter((sku) => sku === WHISKEY || sku === RYE);
    };
    const { browser } = await buyer(s, [WHISKEY, RYE]);
    expect((await browser.post("/order/reviews", { sku: RYE, rating: 5 })).statusCode).toBe(200);
    expect((await browser.post("/order/reviews", { sku: WHISKEY, rating: 2 })).statusCode).toBe(200);
    expect(await ranked("desc")).toEqual([RYE, WHISKEY]);
    expect(await ranked("asc")).toEqual([WHISKEY, RYE]);
  });

  it("counts every review when buyers rate one product at the same moment", async () => {
    const buyers = [];
    for (let i = 0; i < 6; i++) buyers.push(await buyer(s, [WHISKEY]));
    const before = await product(s, WHISKEY);
    const ratings = [5, 4, 3, 5, 1, 2];
    const answers = await Promise.all(
      buyers.map((b, i) => b.browser.post("/order/reviews", { sku: WHISKEY, rating: ratings[i] })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(ratings.map(() => 200));
    const after = await product(s, WHISKEY);
    expect(after.rating_count).toBe(before.rating_count + ratings.length);
    const expected =
      ((before.average_rating ?? 0) * before.rating_count + ratings.reduce((a, b) => a + b, 0)) /
      (before.rating_count + ratings.length);
    expect(after.average_rating).toBeCloseTo(expected, 3);

    // One shopper's double click: one review, one count.
    const [one] = await Promise.all([buyer(s, [WHISKEY])]);
    const pair = await Promise.all([
      one.browser.post("/order/reviews", { sku: WHISKEY, rating: 5 }),
      one.browser.post("/order/reviews", { sku: WHISKEY, rating: 5 }),
    ]);
    expect(pair.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await product(s, WHISKEY)).rating_count).toBe(after.rating_count + 1);
  });
});
