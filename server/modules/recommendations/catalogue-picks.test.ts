import { describe, expect, it } from "vitest";
import type { Product } from "#domain/catalogue/types.ts";
import { createCatalogueFixture } from "#tests/factories/catalogue-fixture.ts";
import { useTestApp } from "#tests/support/app.ts";
import { testDatabases } from "#tests/support/db.ts";

/** Similar, related and generic picks, on the catalogue fixture. */
describe.each(testDatabases)("catalogue picks on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createCatalogueFixture });

  const get = (url: string, headers: Record<string, string> = {}) =>
    s.app.inject({ method: "GET", url, headers });
  const products = async (url: string, headers: Record<string, string> = {}) => {
    const res = await get(url, headers);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { products: Product[] }).products;
  };
  const expectError = (
    res: { statusCode: number; json(): unknown },
    status: number,
    message?: string | RegExp,
  ) => {
    expect(res.statusCode).toBe(status);
    const body = res.json() as { error: { code: string; message: string } };
    expect(typeof body.error.code).toBe("string");
    if (typeof message === "string") expect(body.error.message).toBe(message);
    else if (message) expect(body.error.message).toMatch(message);
  };

  describe("recommendations", () => {
    it("similar: same category and price band, not the product's own variants", async () => {
      const list = await products("/menu/recommendation/similar/IA-10157-750");
      // Jameson 750 costs $29.99 (20-40 band): Maker's Mark $32.99 and Jack Daniel's $27.99, not Black Barrel $44.99.
      expect(list.map((p) => p.sku_id).sort()).toEqual(["IA-17956-750", "IA-26826-750"]);
    });

    it("related: same brand first, then same category", async () => {
      const list = await products("/menu/recommendation/related/IA-10157-750?analytics=true&order_id=ord-1");
      expect(list.map((p) => p.sku_id)).toEqual(["IA-10160-750", "IA-17956-750", "IA-26826-750"]);
    });

    it("related for a substitution offers only what is in stock, at the store_id given", async () => {
      const list = await products(
        "/menu/recommendation/related/IA-10160-750?substitution=true&store_id=nyc-manhattan",
      );
      expect(list.map((p) => p.sku_id)).not.toContain("IA-10158-1750");
      expect(list[0].sku_id).toBe("IA-10157-750");
      expect(list.every((p) => p.in_stock)).toBe(true);
    });

    it("generic: popular products across categories", async () => {
      const list = await products("/menu/recommendation/generic");
      expect(list.length).toBeGreaterThan(0);
      expect(list.length).toBeLessThanOrEqual(12);
      const tagsSeen = new Set(list.flatMap((p) => p.tags));
      expect(tagsSeen.has("RW") || tagsSeen.has("WW")).toBe(true);
      expect(tagsSeen.has("WS") || tagsSeen.has("VO")).toBe(true);
    });

    it("answers 404 for unknown products and 400 for bad ids", async () => {
      expectError(await get("/menu/recommendation/similar/IA-0-0"), 404, "Product Not Found");
      expectError(await get("/menu/recommendation/related/IA-0-0"), 404, "Product Not Found");
      expectError(await get("/menu/recommendation/related/nope"), 400);
      expectError(await get("/menu/recommendation/related/IA-10157-750?substitution=perhaps"), 400);
    });
  });
});
