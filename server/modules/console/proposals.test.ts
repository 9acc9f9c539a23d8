import { describe, expect, it } from "vitest";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { createCategory, createProduct } from "#tests/factories/catalogue.ts";
import { staffOf } from "#tests/factories/console.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { testPhoto } from "#tests/factories/photos.ts";
import { useTestApp } from "#tests/support/app.ts";
import type { TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";
import type { FeedPreview } from "./feeds.ts";
import type { ProposalView } from "./proposals.ts";

/**
 * Product proposals over HTTP (issue 34 §1, docs/adr/0075-product-proposals.md): a store proposes a line of its file
 * the catalogue lacks; an administrator approves it into the catalogue (on the store's shelf, its code remembered
 * for the next file, the store then giving it a photo) or rejects it with a reason; each decided once.
 */
const STORE = "d-manhattan";
const OTHER = "d-brooklyn";

async function fixture(db: Parameters<typeof createDeliveryFixture>[0]) {
  await createDeliveryFixture(db);
  await createCategory(db, { url_name: "gin", name: "Gin", tag: "GN", product_tags: ["GN"] });
  await createProduct(db, { sku_id: "PP-1000-750", title: "Someone Else's Gin" });
}

const HOUSE_GIN = {
  title: "Zq Xv House Gin",
  store_sku: "HOUSE-9",
  size: "750ml",
  price_cents: 1849,
  quantity: 12,
  note: "Our distillery's own, on our shelf since June.",
};

describe.each(testDatabases)("product proposals on %s", (kind) => {
  const s = useTestApp(kind, { fixture });
  const admin = async () => signedInBrowser(s.app, await createUser(s.db, { role: "admin" }));
  const approve = (who: TestBrowser, id: string) =>
    who.post(`/api/console/proposals/${id}/approve`, { category: "gin", brand: "Zq Xv" });

  it("a store proposes; an administrator approves it into the catalogue, on the store's shelf, matched by its next file", async () => {
    const { staff } = await staffOf(s, STORE);
    const res = await staff.post("/api/console/proposals", HOUSE_GIN);
    expect(res.statusCode, res.body).toBe(200);
    const proposal = res.json<ProposalView>();
    expect(proposal).toMatchObject({ status: "pending", store_id: STORE, sku_id: null, price_cents: 1849 });
    expect((await staff.post("/api/console/proposals", HOUSE_GIN)).json().error.code).toBe(
      "already_proposed",
    );

    // Another store's staff neither see it nor decide it.
    const { staff: other } = await staffOf(s, OTHER);
    expect((await other.get("/api/console/proposals")).json().proposals).toEqual([]);
    expect((await approve(other, proposal.id)).statusCode).toBe(403);
    expect((await approve(staff, proposal.id)).statusCode).toBe(403);

    const boss = await admin();
    expect((await boss.get("/api/console/proposals?status=pending")).json().proposals).toEqual([
      expect.objectContaining({ id: proposal.id, store_name: expect.any(String) }),
    ]);
    expect(
      (await boss.post(`/api/console/proposals/${proposal.id}/approve`, { category: "nope" })).statusCode,
    ).toBe(400);
    const approved = await approve(boss, proposal.id);
    expect(approved.statusCode, approved.body).toBe(200);
    const sku = approved.json<ProposalView>().sku_id as string;
    expect(sku).toMatch(/^SP-[0-9A-F]{8}-750$/);
    expect(approved.json()).toMatchObject({ status: "approved" });
    expect((await approve(boss, proposal.id)).json().error.code).toBe("proposal_decided");

    const product = await s.db
      .selectFrom("products")
      .selectAll()
      .where("sku_id", "=", sku)
      .executeTakeFirstOrThrow();
    expect(product).toMatchObject({
      title: "Zq Xv House Gin",
      brand_name: "Zq Xv",
      source: "store",
      source_ref: proposal.id,
      default_category: "gin",
      tags: ["GN"],
      volume_ml: 750,
      image: `/images/products/${sku}.svg`,
    });
    const shelf = await s.db
      .selectFrom("inventory")
      .select(["price_cents", "stock"])
      .where("store_id", "=", STORE)
      .where("sku_id", "=", sku)
      .executeTakeFirst();
    expect(shelf).toEqual({ price_cents: 1849, stock: 12 });
    const audit = await s.db
      .selectFrom("console_audit")
      .select("detail")
      .where("action", "=", "catalogue.proposal_approved")
      .execute();
    expect(audit.map((a) => a.detail)).toEqual([{ proposal_id: proposal.id, sku_id: sku, category: "gin" }]);

    // The store's next file names the product by its own code: matched, no review.
    const csv = ["Code,Description,Retail,On Hand", "HOUSE-9,Zq Xv House Gin 750ml,19.49,10"].join("\n");
    const feed = await staff.post("/api/console/feeds", {
      csv,
      mapping: { sku: "Code", name: "Description", price: "Retail", quantity: "On Hand" },
      missing: "keep",
    });
    expect(feed.json<FeedPreview>()).toMatchObject({ unmatched: [], proposed: [] });
    expect(feed.json<FeedPreview>().changes).toEqual([
      expect.objectContaining({ skuId: sku, price: { from: 1849, to: 1949 } }),
    ]);

    // The store gives its product a photo; not another product's.
    const photo = await testPhoto();
    const own = await staff.request("PUT", `/api/console/products/${sku}/photo`, photo, {
      "content-type": "image/jpeg",
    });
    expect(own.statusCode, own.body).toBe(200);
    const theirs = await staff.request("PUT", "/api/console/products/PP-1000-750/photo", photo, {
      "content-type": "image/jpeg",
    });
    expect(theirs.statusCode).toBe(403);
  });

  it("an administrator rejects a proposal with a reason the store reads; it is decided once", async () => {
    const { staff } = await staffOf(s, OTHER);
    const proposal = (
      await staff.post("/api/console/proposals", {
        ...HOUSE_GIN,
        title: "Zq Xv Barrel Gin",
        store_sku: "B-1",
      })
    ).json<ProposalView>();
    const boss = await admin();
    const rejected = await boss.post(`/api/console/proposals/${proposal.id}/reject`, {
      note: "We already list it as Zq Xv Gin: map your line to that.",
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await staff.get("/api/console/proposals")).json().proposals).toEqual([
      expect.objectContaining({
        id: proposal.id,
        status: "rejected",
        decision_note: "We already list it as Zq Xv Gin: map your line to that.",
      }),
    ]);
    expect((await approve(boss, proposal.id)).statusCode).toBe(409);
  });

  it.runIf(kind === "postgres")("two approvals at once make one product", async () => {
    const { staff } = await staffOf(s, STORE);
    const proposal = (
      await staff.post("/api/console/proposals", { ...HOUSE_GIN, title: "Zq Xv Navy Gin", store_sku: "N-1" })
    ).json<ProposalView>();
    const [a, b] = [await admin(), await admin()];
    const answers = await Promise.all([approve(a, proposal.id), approve(b, proposal.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const made = await s.db
      .selectFrom("products")
      .select("sku_id")
      .where("source_ref", "=", proposal.id)
      .execute();
    expect(made).toHaveLength(1);
  });
});
