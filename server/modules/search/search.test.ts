import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { FACET_LIMIT } from "#domain/catalogue/facet-counts.ts";
import type { SearchResults } from "#domain/catalogue/types.ts";
import { createBrand, createProduct, stock } from "#tests/factories/catalogue.ts";
import { createCatalogueFixture } from "#tests/factories/catalogue-fixture.ts";
import { useTestApp } from "#tests/support/app.ts";
import { testDatabases } from "#tests/support/db.ts";
import { prefixTsqueries } from "./search-statement.ts";

describe("prefixTsqueries", () => {
  it.each([
    ["jack dan", "jack & dan:*", "jack"],
    ["Maker's M", "makers & m:*", "makers"],
    ["  tito  ", "tito:*", null],
    ["rosé", "rosé:*", null],
    ["a|b & !c", "a & b & c:*", "a & b"],
    ["!!!", "", null],
  ])("%s → %s, index on %s", (query, whole, completeWords) => {
    expect(prefixTsqueries(query)).toEqual({ whole, completeWords });
  });
});

describe.each(testDatabases)("search API on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createCatalogueFixture });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    s.app.inject({ method: "POST", url, payload: payload as object, headers });
  const search = async (payload: object, headers: Record<string, string> = {}, url = "/menu/search/v4") => {
    const res = await post(url, payload, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SearchResults;
  };
  const skus = (r: SearchResults) => r.products.map((p) => p.sku_id);
  const facet = (r: SearchResults, dim: keyof SearchResults["facets"]) =>
    Object.fromEntries(r.facets[dim].map((v) => [v.value, v.count]));

  describe("matching and ranking", () => {
    it("ranks an exact title match above a brand-only match", async () => {
      const r = await search({ query: "jameson" });
      expect(skus(r)).toEqual(["IA-10157-750", "IA-10158-1750", "IA-10160-750"]);
      expect(r.count).toBe(3);
      expect(r.analytics.typo_tolerant).toBe(false);
    });

    it("finds Jameson through the typo 'jamesn' (corrected to a catalogue word)", async () => {
      const r = await search({ query: "jamesn" });
      expect(skus(r).slice(0, 2)).toEqual(["IA-10157-750", "IA-10158-1750"]);
      expect(skus(r)).toContain("IA-10160-750");
      expect(r.analytics).toMatchObject({ typo_tolerant: true, corrected_query: "jameson" });
    });

    it("searches for what the shopper meant: each word the catalogue does not use, corrected", async () => {
      for (const [typed, meant] of [
        ["vodak", "vodka"],
        ["jak daniels", "jack daniels"],
        ["barefoot chardonay", "barefoot chardonnay"],
        ["Tito's vodak", "Tito's vodka"],
        ["jameson irish whiksey", "jameson irish whiskey"],
      ]) {
        const r = await search({ query: typed });
        const correct = await search({ query: meant });
        expect(r.analytics, typed).toMatchObject({ typo_tolerant: true, corrected_query: meant });
        expect(skus(r), typed).toEqual(skus(correct));
        expect(r.count, typed).toBe(correct.count);
        expect(r.count, typed).toBeGreaterThan(0);
        expect(r.facets, typed).toEqual(correct.facets);
      }
      expect((await search({ query: "vodak" })).count).toBe(71);
      expect((await search({ query: "jak daniels" })).products.map((p) => p.title)).toEqual([
        "Jack Daniel's Old No. 7 Tennessee Whiskey",
      ]);
    });

    it("never changes a word the catalogue uses", async () => {
      for (const query of [
        "jameson",
        "makers mark",
        "Maker's Mark",
        "jack daniel",
        "tito",
        "marlboro",
        "black barrel",
      ]) {
        const r = await search({ query });
        expect(r.analytics.corrected_query, query).toBeNull();
        expect(r.count, query).toBeGreaterThan(0);
      }
    });

    it("shows no correction that full text finds nothing for at the store", async () => {
      // Tequila is sold in Brooklyn only.
      const manhattan = await search({ query: "tequlia" });
      expect(manhattan).toMatchObject({
        count: 0,
        analytics: { corrected_query: null, typo_tolerant: false },
      });
      const brooklyn = await search({ query: "tequlia" }, { "x-store-id": "nyc-brooklyn" });
      expect(skus(brooklyn)).toEqual(["IA-89197-750"]);
      expect(brooklyn.analytics.corrected_query).toBe("tequila");
    });

    it("adds trigram matches for what correction cannot fix (words run together)", async () => {
      const r = await search({ query: "jamesonirish" });
      expect(r.analytics).toMatchObject({ typo_tolerant: true, corrected_query: null });
      expect(skus(r)).toEqual(["IA-10157-750", "IA-10158-1750"]);
    });

    it("matches words anywhere in title, brand or category, in any form (stemming)", async () => {
      expect(skus(await search({ query: "bourbon" }))).toEqual(["IA-17956-750"]);
      expect(skus(await search({ query: "tennessee whiskeys" }))).toEqual(["IA-26826-750"]);
      const wine = await search({ query: "red wine" });
      expect(skus(wine)).toEqual(["BC-111-750"]);
    });

    it("leaves out engraved copies, disabled products and products the store does not sell", async () => {
      const r = await search({ query: "whiskey" });
      expect(skus(r)).not.toContain("IA-10157-750_ETCH");
      expect(skus(r)).not.toContain("IA-26827-750");
      expect(skus(r)).not.toContain("IA-99999-750");
      expect(skus(await search({ query: "casamigos" }))).toEqual([]);
      expect(skus(await search({ query: "casamigos" }, { "x-store-id": "nyc-brooklyn" }))).toEqual([
        "IA-89197-750",
      ]);
    });

    it("prices hits at the resolved store", async () => {
      const r = await search({ query: "tito's" }, { "x-store-id": "nyc-brooklyn" });
      expect(r.products.map((p) => [p.sku_id, p.price, p.seller?.store_id])).toEqual([
        ["IA-38176-750", 2099, "nyc-brooklyn"],
      ]);
      expect(r.analytics.store_id).toBe("nyc-brooklyn");
    });

    it("sets has_tobacco when any hit is tobacco", async () => {
      expect((await search({ query: "marlboro" })).has_tobacco).toBe(true);
      expect((await search({ query: "jameson" })).has_tobacco).toBe(false);
      expect((await search({ query: "tobacco" })).has_tobacco).toBe(true);
    });

    it("answers an empty result for words nothing matches, or no words at all", async () => {
      for (const query of ["zzqxv", "!!!", "the", "&|!:*", "'"]) {
        for (const autocomplete of [false, true]) {
          const r = await search({ query, autocomplete });
          expect(r, `${query} ${autocomplete}`).toMatchObject({ products: [], count: 0, has_tobacco: false });
        }
      }
    });

    it("numbers hits by their position in the whole result", async () => {
      const r = await search({ query: "vodka", skip: 60, hitsPerPage: 3 });
      expect(r.products.map((p) => p.position)).toEqual([61, 62, 63]);
    });
  });

  describe("paging and sorting", () => {
    it("serves 60 per page by default and pages with skip or page", async () => {
      const first = await search({ query: "vodka" });
      expect(first.count).toBe(71);
      expect(first.products).toHaveLength(60);
      expect(first.hitsPerPage).toBe(60);
      const rest = await search({ query: "vodka", skip: 60 });
      expect(rest.products).toHaveLength(11);
      expect(new Set([...skus(first), ...skus(rest)]).size).toBe(71);
      const byPage = await search({ query: "vodka", page: 1 });
      expect(skus(byPage)).toEqual(skus(rest));
      expect(byPage).toMatchObject({ page: 1, skip: 60 });
      const small = await search({ query: "vodka", hitsPerPage: 10, page: 2 });
      expect(small).toMatchObject({ skip: 20, page: 2 });
      expect(small.products).toHaveLength(10);
    });

    it("sorts by price ascending and descending", async () => {
      const asc = await search({ query: "vodka", sort: { field: "price", order: "asc" }, hitsPerPage: 5 });
      expect(asc.products.map((p) => p.price)).toEqual([1000, 1010, 1020, 1030, 1040]);
      const desc = await search({ query: "vodka", sort: { field: "price", order: "desc" }, hitsPerPage: 3 });
      expect(desc.products.map((p) => p.price)).toEqual([1999, 1690, 1680]);
      const all = await search({ query: "vodka", sort: { field: "price", order: "desc" }, skip: 60 });
      const prices = all.products.map((p) => p.price ?? 0);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
    });

    it("sorts by title", async () => {
      const r = await search({ query: "whiskey", sort: { field: "title", order: "asc" } });
      const titles = r.products.map((p) => p.title.toLowerCase());
      expect(titles).toEqual([...titles].sort());
    });
  });

  describe("facets and filters", () => {
    it("counts category, brand, price band, volume and country", async () => {
      const r = await search({ query: "whiskey" });
      expect(r.count).toBe(5);
      expect(facet(r, "category")).toEqual({ whiskey: 5 });
      expect(facet(r, "brand")).toEqual({ jameson: 3, "jack-daniels": 1, "makers-mark": 1 });
      expect(r.facets.brand.find((b) => b.value === "makers-mark")?.label).toBe("Maker's Mark");
      expect(facet(r, "price")).toEqual({ "20-40": 3, "40-75": 2 });
      expect(r.facets.price.map((p) => p.label)).toEqual(["$20 – $40", "$40 – $75"]);
      expect(facet(r, "volume")).toEqual({ "750 mL": 4, "1.75 L": 1 });
      expect(facet(r, "country")).toEqual({ Ireland: 3, "United States": 2 });
    });

    it("applies filters; each dimension's counts ignore its own filter", async () => {
      const r = await search({ query: "whiskey", filters: { brand: ["jameson"], price: ["40-75"] } });
      expect(skus(r).sort()).toEqual(["IA-10158-1750", "IA-10160-750"]);
      expect(r.count).toBe(2);
      // Brand counts: other filters (price 40-75) apply, the brand filter does not.
      expect(facet(r, "brand")).toEqual({ jameson: 2 });
      // Price counts: the brand filter applies, the price filter does not.
      expect(facet(r, "price")).toEqual({ "20-40": 1, "40-75": 2 });
      expect(facet(r, "country")).toEqual({ Ireland: 2 });
    });

    it("filters by category (parents include their children), volume and country", async () => {
      const byParent = await search({ query: "irish", filters: { category: ["spirits"] } });
      expect(byParent.count).toBe(3);
      const byVolume = await search({ query: "jameson", filters: { volume: "1.75 L" } });
      expect(skus(byVolume)).toEqual(["IA-10158-1750"]);
      const byCountry = await search({ query: "whiskey", filters: { country: ["United States"] } });
      expect(skus(byCountry).sort()).toEqual(["IA-17956-750", "IA-26826-750"]);
      expect((await search({ query: "whiskey", filters: { category: ["vodka"] } })).count).toBe(0);
      expect((await search({ query: "whiskey", filters: { category: ["absinthe"] } })).count).toBe(0);
    });

    it("skips facets when asked", async () => {
      const r = await search({ query: "whiskey", facets: false });
      expect(r.facets).toEqual({ category: [], brand: [], price: [], volume: [], country: [] });
      expect(r.count).toBe(5);
    });
  });

  describe("autocomplete", () => {
    it("matches the last word as a prefix and returns up to 8 suggestions, brands first", async () => {
      const r = await search({ query: "jam", autocomplete: true });
      expect(r.suggestions[0]).toEqual({ type: "brand", text: "Jameson", url: "/brands/jameson" });
      expect(r.suggestions).toContainEqual({
        type: "product",
        text: "Jameson Irish Whiskey",
        url: "/whiskey/jameson-irish-whiskey/IA-10157-750",
      });
      // Two Jameson sizes share a title: one suggestion.
      expect(r.suggestions.filter((s) => s.text === "Jameson Irish Whiskey")).toHaveLength(1);
      const many = await search({ query: "plain filler v", autocomplete: true });
      expect(many.products).toHaveLength(8);
      expect(many.suggestions.length).toBeLessThanOrEqual(8);
      expect(many.facets.brand).toEqual([]);
    });

    it("requires every word with the last as a prefix, however short; looks for typos in the complete words", async () => {
      const titles = async (query: string) =>
        (await search({ query, autocomplete: true })).products.map((p) => p.title);
      const jamesonIrish = ["Jameson Irish Whiskey", "Jameson Irish Whiskey", "Black Barrel Irish Whiskey"];
      expect(await titles("jameson i")).toEqual(jamesonIrish);
      expect(await titles("irish whiskey j")).toEqual(jamesonIrish);
      // The complete words match all 70 fillers; the prefix keeps No 1 and No 10–19.
      const filler = await search({ query: "filler vodka no 1", autocomplete: true });
      expect(filler.count).toBe(11);
      expect(filler.analytics.typo_tolerant).toBe(false);
      // Stop words before the prefix are dropped, not required.
      expect(await titles("the jam")).toEqual(jamesonIrish);
      // A typo before the word being typed: typos are corrected in the complete words only.
      const typo = await search({ query: "jamesn i", autocomplete: true });
      expect(typo.analytics).toMatchObject({ typo_tolerant: true, corrected_query: "jameson i" });
      expect(typo.suggestions[0]).toMatchObject({ type: "product", text: "Jameson Irish Whiskey" });
      expect(await titles("jamesn i")).toEqual(jamesonIrish);
      const typing = await search({ query: "barefoot chardonay", autocomplete: true });
      expect(typing.analytics.corrected_query).toBeNull();
    });
  });

  describe("category and tag listings", () => {
    it("POST /menu/search/v4/categories lists a category with its children's products", async () => {
      const r = await search({ url_names: ["spirits"], hitsPerPage: 5 }, {}, "/menu/search/v4/categories");
      expect(r.count).toBe(76);
      expect(r.products).toHaveLength(5);
      expect(facet(r, "category")).toEqual({ vodka: 71, whiskey: 5 });
      const narrowed = await search(
        { url_names: ["spirits"], query: "irish" },
        {},
        "/menu/search/v4/categories",
      );
      expect(narrowed.count).toBe(3);
    });

    it("POST /menu/search/v4/categories accepts tags", async () => {
      const r = await search({ tags: ["rw", "WW"] }, {}, "/menu/search/v4/categories");
      expect(skus(r).sort()).toEqual(["BC-111-750", "BC-112-750"]);
    });

    it("POST /menu/category-tags/{tag}/filter lists products carrying the tag", async () => {
      const r = await search({ sort: { field: "price", order: "asc" } }, {}, "/menu/category-tags/WS/filter");
      expect(r.products.map((p) => p.price)).toEqual([2799, 2999, 3299, 4499, 4999]);
      const tobacco = await search({}, {}, "/menu/category-tags/TB/filter");
      expect(tobacco.has_tobacco).toBe(true);
    });

    it("answers 404 for unknown categories", async () => {
      const res = await post("/menu/search/v4/categories", { url_names: ["absinthe"] });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe("Category Not Found");
    });
  });

  describe("bad input", () => {
    it.each([
      ["no query", "/menu/search/v4", {}],
      ["empty query", "/menu/search/v4", { query: "   " }],
      ["query too long", "/menu/search/v4", { query: "x".repeat(201) }],
      ["61 per page", "/menu/search/v4", { query: "vodka", hitsPerPage: 61 }],
      ["negative skip", "/menu/search/v4", { query: "vodka", skip: -1 }],
      ["bad sort order", "/menu/search/v4", { query: "vodka", sort: { field: "price", order: "up" } }],
      ["bad sort field", "/menu/search/v4", { query: "vodka", sort: { field: "abv", order: "asc" } }],
      ["bad price band", "/menu/search/v4", { query: "vodka", filters: { price: ["cheap"] } }],
      ["unknown filter", "/menu/search/v4", { query: "vodka", filters: { colour: ["red"] } }],
      ["page as text", "/menu/search/v4", { query: "vodka", page: "2" }],
      ["neither url_names nor tags", "/menu/search/v4/categories", {}],
      ["both url_names and tags", "/menu/search/v4/categories", { url_names: ["wine"], tags: ["RW"] }],
      ["bad url name", "/menu/search/v4/categories", { url_names: ["../wine"] }],
      ["bad tag", "/menu/category-tags/WHISKEY/filter", {}],
    ])("%s → 400", async (_why, url, body) => {
      const res = await post(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: "bad_request", message: expect.any(String) });
    });

    it("rejects a body that is not JSON with 400", async () => {
      const res = await s.app.inject({
        method: "POST",
        url: "/menu/search/v4",
        headers: { "content-type": "application/json" },
        payload: "{nope",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toEqual(expect.any(String));
    });

    it("rejects an unknown store with 400", async () => {
      const res = await post("/menu/search/v4", { query: "vodka" }, { "x-store-id": "atlantis" });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/Unknown store/);
    });
  });
});

/** 54 brands with two "Cask Ale" products each and one with a single product, all at the default store. */
async function createManyBrandsFixture(db: Parameters<typeof createCatalogueFixture>[0]) {
  const fixture = await createCatalogueFixture(db);
  for (let b = 1; b <= 55; b++) {
    const brand = await createBrand(db, `Cask Brand ${String(b).padStart(2, "0")}`);
    for (let i = 1; i <= (b === 55 ? 1 : 2); i++) {
      const product = await createProduct(db, {
        brand,
        title: `Cask Ale ${b}-${i}`,
        tags: ["BE"],
        default_category: "beer",
      });
      await stock(db, fixture.stores.manhattan.id, product.sku_id, 399);
    }
  }
}

describe.each(testDatabases)("search facets after catalogue edits on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createCatalogueFixture });
  const facets = async (query: string) => {
    const res = await s.app.inject({ method: "POST", url: "/menu/search/v4", payload: { query } });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as SearchResults;
    return Object.fromEntries(
      (["brand", "country", "volume"] as const).map((d) => [
        d,
        Object.fromEntries(r.facets[d].map((v) => [v.value, v.count])),
      ]),
    );
  };
  const attributesVersion = async () =>
    (await s.db.selectFrom("facet_attributes_version").select("version").executeTakeFirstOrThrow()).version;

  it("counts a product's new country, brand and volume on the next search", async () => {
    expect((await facets("whiskey")).country).toEqual({ Ireland: 3, "United States": 2 });
    const jameson = await s.db
      .selectFrom("brands")
      .select("id")
      .where("name", "=", "Jameson")
      .executeTakeFirstOrThrow();
    await s.db
      .updateTable("products")
      .set({ country: "Scotland", brand_id: jameson.id, brand_name: "Jameson", volume_label: "1 L" })
      .where("sku_id", "=", "IA-17956-750")
      .execute();
    expect(await facets("whiskey")).toEqual({
      brand: { jameson: 4, "jack-daniels": 1 },
      country: { Ireland: 3, "United States": 1, Scotland: 1 },
      volume: { "750 mL": 3, "1.75 L": 1, "1 L": 1 },
    });
  });

  it("counts a product added after the counts were first read", async () => {
    const first = await s.app.inject({
      method: "POST",
      url: "/menu/search/v4",
      payload: { query: "whiskey" },
    });
    const storeId = (first.json() as SearchResults).analytics.store_id;
    const product = await createProduct(s.db, { title: "Glen Test Single Malt Whiskey", country: "Japan" });
    await stock(s.db, String(storeId), product.sku_id, 5999);
    // Searches arriving together after the edit: every one counts the new product.
    const after = await Promise.all(Array.from({ length: 8 }, () => facets("whiskey")));
    for (const counts of after) expect(counts.country.Japan).toBe(1);
  });

  it("moves the attributes version once per transaction that changes them, and not otherwise", async () => {
    const before = await attributesVersion();
    await s.db.updateTable("products").set({ rating_count: 7 }).execute();
    await s.db.updateTable("products").set({ country: "Ireland" }).where("country", "=", "Ireland").execute();
    expect(await attributesVersion()).toBe(before);
    await s.db.transaction().execute(async (tx) => {
      await tx.updateTable("products").set({ country: "Éire" }).where("country", "=", "Ireland").execute();
      await tx
        .updateTable("products")
        .set({ volume_label: "20-pack" })
        .where("volume_label", "=", "20 pack")
        .execute();
      await createProduct(tx, { title: "Test Pot Still Whiskey" });
    });
    expect(await attributesVersion()).toBe(before + 1);
  });

  it.runIf(kind === "postgres")(
    "lets two catalogue edits that wait on each other's products both commit",
    async () => {
      const before = await attributesVersion();
      const setCountry = (conn: typeof s.db, sku: string, country: string) =>
        conn.updateTable("products").set({ country }).where("sku_id", "=", sku).execute();
      await s.db.connection().execute((a) =>
        s.db.connection().execute(async (b) => {
          for (const conn of [a, b]) {
            await sql`begin`.execute(conn);
            await sql`set local lock_timeout = '3s'`.execute(conn);
          }
          await setCountry(a, "IA-10157-750", "Scotland");
          // A counter written by each statement would make b wait here for a, and a below for b.
          await setCountry(b, "IA-10160-750", "Wales");
          const aWaitsForB = setCountry(a, "IA-10160-750", "Scotland");
          await sql`commit`.execute(b);
          await aWaitsForB;
          await sql`commit`.execute(a);
        }),
      );
      expect(await attributesVersion()).toBe(before + 2);
      const countries = await s.db
        .selectFrom("products")
        .select(["sku_id", "country"])
        .where("sku_id", "in", ["IA-10157-750", "IA-10160-750"])
        .orderBy("sku_id")
        .execute();
      expect(countries.map((r) => r.country)).toEqual(["Scotland", "Scotland"]);
    },
  );
});

describe.each(testDatabases)("spelling correction after catalogue edits on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createCatalogueFixture });
  const search = async (query: string) => {
    const res = await s.app.inject({ method: "POST", url: "/menu/search/v4", payload: { query } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SearchResults;
  };
  const attributesVersion = async () =>
    (await s.db.selectFrom("facet_attributes_version").select("version").executeTakeFirstOrThrow()).version;

  it("knows the words of a product added after the vocabulary was read, on the next search", async () => {
    const before = await search("vodke");
    expect(before.analytics.corrected_query).toBe("vodka");
    expect(before.count).toBe(71);
    const product = await createProduct(s.db, { title: "Vodke Lemon Liqueur" });
    await stock(s.db, String(before.analytics.store_id), product.sku_id, 1999);
    // Searches arriving together after the edit: every one knows the new word.
    for (const after of await Promise.all(Array.from({ length: 4 }, () => search("vodke")))) {
      expect(after.analytics.corrected_query).toBeNull();
      // Full text finds it; the trigram pass adds the vodkas after it (fewer than five full-text matches).
      expect(after.products[0].sku_id).toBe(product.sku_id);
    }
  });

  it("knows a renamed product's words and forgets those no product uses any more", async () => {
    expect((await search("chardonay")).analytics.corrected_query).toBe("chardonnay");
    await s.db
      .updateTable("products")
      .set({ title: "Barefoot Chardonay" })
      .where("sku_id", "=", "BC-112-750")
      .execute();
    const renamed = await search("chardonay");
    expect(renamed.analytics.corrected_query).toBeNull();
    expect(renamed.products.map((p) => p.title)).toEqual(["Barefoot Chardonay"]);
    expect((await search("chardonnay")).analytics.corrected_query).toBe("chardonay");
  });

  it("moves the attributes version once per transaction changing a title, brand name, category text, or whether a product may be found", async () => {
    const edits: Record<string, object> = {
      title: { title: "Jameson Irish Whiskey Renamed" },
      brand_name: { brand_name: "Jameson Distillery" },
      category_text: { category_text: "Irish Whiskey Spirits" },
      disabled: { disabled: true },
    };
    for (const [column, set] of Object.entries(edits)) {
      const before = await attributesVersion();
      await s.db.transaction().execute(async (tx) => {
        await tx.updateTable("products").set(set).where("sku_id", "=", "IA-10157-750").execute();
        await tx.updateTable("products").set(set).where("sku_id", "=", "IA-10158-1750").execute();
      });
      expect(await attributesVersion(), column).toBe(before + 1);
    }
    const before = await attributesVersion();
    await s.db.updateTable("products").set({ title: "Jameson Irish Whiskey Renamed" }).execute();
    await s.db.updateTable("products").set({ subtitle: "A subtitle" }).execute();
    expect(await attributesVersion()).toBe(before + 1);
  });
});

describe.each(testDatabases)("search facets with many brands on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createManyBrandsFixture });
  const search = async (payload: object) => {
    const res = await s.app.inject({ method: "POST", url: "/menu/search/v4", payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SearchResults;
  };

  it(`lists the ${FACET_LIMIT} biggest brands`, async () => {
    const r = await search({ query: "cask" });
    expect(r.count).toBe(109);
    expect(r.facets.brand).toHaveLength(FACET_LIMIT);
    expect(r.facets.brand.every((b) => b.count === 2)).toBe(true);
    expect(r.facets.brand.map((b) => b.value)).not.toContain("cask-brand-55");
  });

  it("keeps a selected brand first even when it is among the smallest", async () => {
    const r = await search({ query: "cask", filters: { brand: ["cask-brand-55"] } });
    expect(r.count).toBe(1);
    expect(r.facets.brand).toHaveLength(FACET_LIMIT);
    expect(r.facets.brand[0]).toEqual({ value: "cask-brand-55", label: "Cask Brand 55", count: 1 });
    // Brand counts ignore the brand filter: the other brands still count their two products.
    expect(r.facets.brand[1].count).toBe(2);
  });
});

/** Brands named with "crow" at a word start, in the middle of a word, and one not sold at the default store. */
async function createCrowBrandsFixture(db: Parameters<typeof createCatalogueFixture>[0]) {
  const fixture = await createCatalogueFixture(db);
  const names = ["Crown Royal", "Old Crow", "Blue Crow Distilling", "Crow", "Scarecrow Cider", "Crowbar"];
  for (const name of names) {
    const brand = await createBrand(db, name);
    const product = await createProduct(db, { brand, title: `${name} Reserve` });
    const store = name === "Crowbar" ? fixture.stores.brooklyn.id : fixture.stores.manhattan.id;
    await stock(db, store, product.sku_id, 2999);
  }
}

describe.each(testDatabases)("autocomplete brand suggestions on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createCrowBrandsFixture });
  const brandSuggestions = async (query: string) => {
    const res = await s.app.inject({
      method: "POST",
      url: "/menu/search/v4",
      payload: { query, autocomplete: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as SearchResults).suggestions.filter((x) => x.type === "brand").map((x) => x.text);
  };

  it("suggests at most 3 brands sold at the store whose name or a word of it starts with the query, shortest first", async () => {
    expect(await brandSuggestions("crow")).toEqual(["Crow", "Old Crow", "Crown Royal"]);
    expect(await brandSuggestions("CROWN")).toEqual(["Crown Royal"]);
    expect(await brandSuggestions("blue crow d")).toEqual(["Blue Crow Distilling"]);
    expect(await brandSuggestions("distil")).toEqual(["Blue Crow Distilling"]);
    // Not a word start; not on this store's shelf.
    expect(await brandSuggestions("recrow")).toEqual([]);
    expect(await brandSuggestions("crowb")).toEqual([]);
  });
});
