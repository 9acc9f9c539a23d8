import { describe, expect, it } from "vitest";
import type {
  AvailableCategories,
  Brand,
  BrandPage,
  Category,
  CategoryGroup,
  CategoryPage,
  MainMenu,
  Product,
} from "#domain/catalogue/types.ts";
import { createCategory, createStore, stock } from "#tests/factories/catalogue.ts";
import { createCatalogueFixture } from "#tests/factories/catalogue-fixture.ts";
import { useTestApp } from "#tests/support/app.ts";
import { testDatabases } from "#tests/support/db.ts";
import { invalidateCatalogueCache } from "./catalogue-cache.ts";

describe.each(testDatabases)("catalogue API on %s", (kind) => {
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

  describe("store resolution", () => {
    const priceOfJameson = async (headers: Record<string, string>, query = "") => {
      const [p] = await products(`/menu/product/IA-10157-750${query}`, headers);
      return { price: p.price, store: p.seller?.store_id };
    };

    it("uses the default store when nothing is said", async () => {
      expect(await priceOfJameson({})).toEqual({ price: 2999, store: "nyc-manhattan" });
    });

    it("uses the x-store-id store", async () => {
      expect(await priceOfJameson({ "x-store-id": "nyc-brooklyn" })).toEqual({
        price: 3199,
        store: "nyc-brooklyn",
      });
    });

    it("answers 400 with a clear message for an unknown x-store-id", async () => {
      expectError(
        await get("/menu/product/IA-10157-750", { "x-store-id": "atlantis" }),
        400,
        /Unknown store "atlantis"/,
      );
    });

    it("picks the delivery store whose zone holds lat/lng (headers), not a nearer shipping store", async () => {
      // Downtown Brooklyn: the shipping store is nearest, then Brooklyn.
      expect(await priceOfJameson({ lat: "40.692", lng: "-73.99" })).toEqual({
        price: 3199,
        store: "nyc-brooklyn",
      });
      expect(await priceOfJameson({ lat: "40.76", lng: "-73.98" })).toEqual({
        price: 2999,
        store: "nyc-manhattan",
      });
    });

    it("finds a store opened after the store list was read", async () => {
      await priceOfJameson({});
      await createStore(s.db, { id: "nyc-harlem", name: "Nightcap Harlem", lat: 40.81, lng: -73.95 });
      await stock(s.db, "nyc-harlem", "IA-10157-750", 3099);
      expect(await priceOfJameson({ "x-store-id": "nyc-harlem" })).toEqual({
        price: 3099,
        store: "nyc-harlem",
      });
    });

    it("reads lat/lng from the query too", async () => {
      expect(await priceOfJameson({}, "?lat=40.68&lng=-73.95")).toEqual({
        price: 3199,
        store: "nyc-brooklyn",
      });
    });

    it.each([
      [{ lat: "40.7" }, /lat and lng/],
      [{ lat: "north", lng: "-73.9" }, /latitude/],
      [{ lat: "95", lng: "-73.9" }, /latitude/],
      [{ "x-store-id": "bad id!" }, /store id/],
    ])("rejects bad store hints %o with 400", async (headers, message) => {
      expectError(await get("/menu/product/IA-10157-750", headers), 400, message);
    });
  });

  describe("GET /menu/product/{skus}", () => {
    it("returns a full product priced at the store, with variants, options, categories and etch SKU", async () => {
      const [p] = await products("/menu/product/IA-10157-750", { "accept-version": "4" });
      expect(p).toMatchObject({
        sku_id: "IA-10157-750",
        title: "Jameson Irish Whiskey",
        brand: "Jameson",
        brand_slug: "jameson",
        price: 2999,
        minPrice: 2799,
        maxPrice: 3199,
        seller: { store_id: "nyc-manhattan", name: "Nightcap Manhattan" },
        in_stock: true,
        default_category: "whiskey",
        url: "/whiskey/jameson-irish-whiskey/IA-10157-750",
        etch_sku: "IA-10157-750_ETCH",
        etch_of: null,
        image_large: expect.stringMatching(/^\/images\//),
      });
      expect(p.categories).toEqual(["whiskey", "spirits"]);
      expect(p.volume_variants.map((v) => [v.sku_id, v.volume_label, v.price])).toEqual([
        ["IA-10157-750", "750 mL", 2999],
        ["IA-10158-1750", "1.75 L", 4999],
      ]);
      expect(p.options.filter((o) => o.default)).toEqual([
        { name: "750 mL", sku_id: "IA-10157-750", default: true },
      ]);
      expect(p.options).toHaveLength(2);
    });

    it("returns several products in the order asked, skipping unknown ones", async () => {
      const list = await products("/menu/product/IA-38176-750,NC-00000-1,IA-10157-750");
      expect(list.map((p) => p.sku_id)).toEqual(["IA-38176-750", "IA-10157-750"]);
    });

    it("hides the price when the store does not sell the product (seller null) or it is disabled", async () => {
      const [unsold, casamigos, honey] = await products(
        "/menu/product/IA-99999-750,IA-89197-750,IA-26827-750",
      );
      expect(unsold).toMatchObject({
        price: null,
        seller: null,
        in_stock: false,
        minPrice: null,
        maxPrice: null,
      });
      expect(casamigos).toMatchObject({ price: null, seller: null, minPrice: 5499 });
      expect(honey).toMatchObject({ disabled: true, price: null, seller: { store_id: "nyc-manhattan" } });
      const [atBrooklyn] = await products("/menu/product/IA-89197-750", { "x-store-id": "nyc-brooklyn" });
      expect(atBrooklyn.price).toBe(5499);
    });

    it("reports an out-of-stock variant as not in stock", async () => {
      const [large] = await products("/menu/product/IA-10158-1750");
      expect(large).toMatchObject({ price: 4999, in_stock: false, stock: 0 });
    });

    it("serves the engraved copy with its master SKU", async () => {
      const [etched] = await products("/menu/product/IA-10157-750_ETCH");
      expect(etched.etch_of).toBe("IA-10157-750");
    });

    it("answers 404 'Product Not Found' for an unknown SKU", async () => {
      expectError(await get("/menu/product/IA-00000-750"), 404, "Product Not Found");
      expectError(await get("/menu/product/IA-00000-750,IA-00001-750"), 404, "Product Not Found");
    });

    it.each([
      ["not a SKU", "/menu/product/jameson"],
      ["one bad SKU in a list", "/menu/product/IA-10157-750,bad%20sku"],
      ["61 SKUs", `/menu/product/${Array.from({ length: 61 }, (_, i) => `IA-${i}-750`).join(",")}`],
    ])("answers 400 for %s", async (_why, url) => {
      expectError(await get(url), 400);
    });

    it("accepts Accept-Version 4 or none, and refuses others", async () => {
      expect((await get("/menu/product/IA-10157-750", { "accept-version": "4" })).statusCode).toBe(200);
      expectError(await get("/menu/product/IA-10157-750", { "accept-version": "3" }), 400, /accept-version/);
    });
  });

  describe("product name and prices", () => {
    it("GET /menu/product-name/{id} gives the title and canonical url", async () => {
      const res = await get("/menu/product-name/BC-111-750");
      expect(res.json()).toEqual({
        sku_id: "BC-111-750",
        title: "Barefoot Cabernet Sauvignon",
        url: "/red-wine/barefoot-cabernet-sauvignon/BC-111-750",
      });
      expectError(await get("/menu/product-name/BC-000-750"), 404, "Product Not Found");
      expectError(await get("/menu/product-name/nope"), 400);
    });

    it("GET /menu/product/{sku}/prices gives min and max across stores (cents)", async () => {
      expect((await get("/menu/product/IA-10157-750/prices")).json()).toEqual({
        minPrice: 2799,
        maxPrice: 3199,
      });
      expect((await get("/menu/product/IA-99999-750/prices")).json()).toEqual({
        minPrice: null,
        maxPrice: null,
      });
      expectError(await get("/menu/product/IA-00000-750/prices"), 404, "Product Not Found");
      expectError(await get("/menu/product/x/prices"), 400);
    });
  });

  describe("categories", () => {
    it("GET /menu/categories builds the tree, sorts by ordinal with 999 fallback, counts products", async () => {
      const res = await get("/menu/categories");
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("public, max-age=600");
      const tree = res.json() as Category[];
      const spirits = tree.find((c) => c.url_name === "spirits");
      expect(spirits?.subcategories.map((c) => [c.url_name, c.ordinal])).toEqual([
        ["whiskey", 1],
        ["vodka", 2],
        ["tequila", 999],
      ]);
      // Whiskey: Jameson 750 and 1.75, Black Barrel, Maker's Mark, Jack Daniel's. Not the engraved copy, the
      // disabled honey or the unsold bottle.
      expect(spirits?.subcategories[0].product_count).toBe(5);
      expect(spirits?.product_count).toBe(5 + 71 + 1);
      expect(tree.some((c) => c.url_name === "whiskey")).toBe(false);
      const ordinals = tree.map((c) => c.ordinal);
      expect(ordinals).toEqual([...ordinals].sort((a, b) => a - b));
    });

    it("keeps the tree for 10 minutes (a new category shows only after the cache is dropped)", async () => {
      await get("/menu/categories");
      await createCategory(s.db, { url_name: "late-arrival", product_tags: ["LA"] });
      const cached = (await get("/menu/categories")).json() as Category[];
      expect(cached.some((c) => c.url_name === "late-arrival")).toBe(false);
      invalidateCatalogueCache(s.db);
      const fresh = (await get("/menu/categories")).json() as Category[];
      expect(fresh.find((c) => c.url_name === "late-arrival")?.ordinal).toBe(999);
    });

    it("GET /menu/category/{url_name} gives the category with its parent and children", async () => {
      const page = (await get("/menu/category/whiskey")).json() as CategoryPage;
      expect(page.category.url_name).toBe("whiskey");
      expect(page.parent?.url_name).toBe("spirits");
      const spirits = (await get("/menu/category/spirits")).json() as CategoryPage;
      expect(spirits.parent).toBeNull();
      expect(spirits.category.subcategories.map((c) => c.url_name)).toEqual(["whiskey", "vodka", "tequila"]);
      expect((await get("/menu/category/whiskey?parent=spirits")).statusCode).toBe(200);
      expectError(await get("/menu/category/whiskey?parent=wine"), 404, "Category Not Found");
      expectError(await get("/menu/category/absinthe"), 404, "Category Not Found");
      expectError(await get("/menu/category/bad%20name"), 400);
    });

    it("GET /menu/available-categories counts what the resolved store sells", async () => {
      const manhattan = (await get("/menu/available-categories")).json() as AvailableCategories;
      expect(manhattan.store_id).toBe("nyc-manhattan");
      const count = (c: AvailableCategories, url: string) =>
        c.categories.find((x) => x.url_name === url)?.product_count;
      expect(count(manhattan, "tequila")).toBeUndefined();
      expect(count(manhattan, "vodka")).toBe(71);
      const brooklyn = (
        await get("/menu/available-categories", { "x-store-id": "nyc-brooklyn" })
      ).json() as AvailableCategories;
      expect(brooklyn.categories.map((c) => [c.url_name, c.product_count]).sort()).toEqual(
        [
          ["spirits", 3],
          ["staff-picks", 1],
          ["tequila", 1],
          ["vodka", 1],
          ["whiskey", 1],
        ].sort(),
      );
    });
  });

  describe("GET /menu/main/v4", () => {
    it("returns the tree, storefront curations with up to 12 products, and featured images", async () => {
      const menu = (await get("/menu/main/v4")).json() as MainMenu;
      expect(menu.categories.map((c) => c.url_name)).toContain("spirits");
      expect(menu.curations).toHaveLength(1);
      expect(menu.curations[0]).toMatchObject({ title: "Staff Picks", url_name: "staff-picks" });
      expect(menu.curations[0].products.length).toBeGreaterThan(0);
      expect(menu.curations[0].products.length).toBeLessThanOrEqual(12);
      expect(menu.curations[0].products.every((p) => p.tags.includes("WS") || p.tags.includes("RW"))).toBe(
        true,
      );
      expect(menu.featured_images).toContainEqual({
        title: "Wine",
        image: "/images/categories/wine.webp",
        url: "/wine",
      });
    });

    it("leaves out the parts asked off", async () => {
      const menu = (
        await get("/menu/main/v4?categories=false&curations=0&featured_images=false")
      ).json() as MainMenu;
      expect(menu).toEqual({ categories: [], curations: [], featured_images: [] });
      expectError(await get("/menu/main/v4?categories=maybe"), 400, /categories/);
    });
  });

  describe("GET /menu/category-group/{url_name}", () => {
    it("gives one group per child category with at most 12 products and the full count", async () => {
      const group = (await get("/menu/category-group/spirits")).json() as CategoryGroup;
      expect(group.category.url_name).toBe("spirits");
      // Tequila is only sold in Brooklyn, so the Manhattan page has no tequila row.
      expect(group.groups.map((g) => [g.key, g.kind, g.url, g.count])).toEqual([
        ["whiskey", "category", "/spirits/whiskey", 5],
        ["vodka", "category", "/spirits/vodka", 71],
      ]);
      expect(group.groups[1].products).toHaveLength(12);
      expect(group.groups[1].products[0].sku_id).toBe("IA-38176-750");
    });

    it("groups a childless group by its tags, named after the tag's category when it has one", async () => {
      const group = (await get("/menu/category-group/nicotine-tobacco")).json() as CategoryGroup;
      expect(
        group.groups.map((g) => [g.key, g.kind, g.title, g.url, g.products.map((p) => p.sku_id)]),
      ).toEqual([
        ["cigars-tobacco", "category", "Cigars & Tobacco", "/cigars-tobacco", ["NC-201-20"]],
        ["np", "tag", "Nicotine pouches", "/nicotine-tobacco", ["NC-203-15"]],
        ["vapes", "category", "Vapes", "/vapes", ["NC-202-4"]],
      ]);
    });

    it("groups a single-tag group by brand (gifting)", async () => {
      const group = (await get("/menu/category-group/gifting")).json() as CategoryGroup;
      expect(group.groups.map((g) => [g.kind, g.key, g.url])).toEqual([
        ["brand", "ribbon-house", "/brands/ribbon-house"],
        ["brand", "wrap-and-co", "/brands/wrap-and-co"],
      ]);
    });

    it("serves a named sub-group /{category}/{name}", async () => {
      const group = (await get("/menu/category-group/spirits/whiskey")).json() as CategoryGroup;
      expect(group.category.url_name).toBe("whiskey");
      expect(group.parent?.url_name).toBe("spirits");
      expect(group.groups.map((g) => g.key)).toEqual(["jameson", "jack-daniels", "makers-mark"]);
    });

    it("answers 404 'Category Group Not Found' for unknown groups", async () => {
      expectError(await get("/menu/category-group/absinthe"), 404, "Category Group Not Found");
      expectError(await get("/menu/category-group/wine/whiskey"), 404, "Category Group Not Found");
      expectError(await get("/menu/category-group/Bad!"), 400);
    });
  });

  describe("brands", () => {
    it("GET /menu/brands lists brands with products, sorted by name", async () => {
      const brands = (await get("/menu/brands")).json() as Brand[];
      const names = brands.map((b) => b.name);
      expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(brands.find((b) => b.slug === "jameson")).toEqual({
        name: "Jameson",
        slug: "jameson",
        has_tobacco: false,
        product_count: 3,
      });
    });

    it("POST /menu/brands?name= finds the brand with dashes as spaces, any case, or by slug", async () => {
      for (const name of ["jack-daniels", "JACK-DANIEL'S", "jack daniel's"]) {
        const res = await s.app.inject({
          method: "POST",
          url: `/menu/brands?name=${encodeURIComponent(name)}`,
          headers: { "accept-version": "4" },
        });
        expect(res.statusCode, name).toBe(200);
        const page = res.json() as BrandPage;
        expect(page.brand.name).toBe("Jack Daniel's");
        expect(page.products.map((p) => p.sku_id)).toEqual(["IA-26826-750"]);
        expect(page.has_tobacco).toBe(false);
      }
    });

    it("lists disabled products (price hidden) when enabled=false", async () => {
      const res = await s.app.inject({ method: "POST", url: "/menu/brands?name=jack-daniels&enabled=false" });
      const page = res.json() as BrandPage;
      expect(page.products.map((p) => [p.sku_id, p.price])).toEqual([
        ["IA-26826-750", 2799],
        ["IA-26827-750", null],
      ]);
    });

    it("flags tobacco brands", async () => {
      const page = (
        await s.app.inject({ method: "POST", url: "/menu/brands?name=marlboro" })
      ).json() as BrandPage;
      expect(page.has_tobacco).toBe(true);
    });

    it("answers 404 'Brand Not Found' and 400 for bad input", async () => {
      expectError(
        await s.app.inject({ method: "POST", url: "/menu/brands?name=no-such-brand" }),
        404,
        "Brand Not Found",
      );
      expectError(await s.app.inject({ method: "POST", url: "/menu/brands" }), 400, /name/);
      expectError(
        await s.app.inject({
          method: "POST",
          url: "/menu/brands?name=jameson",
          headers: { "accept-version": "2" },
        }),
        400,
      );
    });
  });
});
