import { sql } from "kysely";
import { matchRoutes, type RouteObject } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveCataloguePath } from "#app/features/catalogue/catalogue-path.server.ts";
import type { ApiFetch } from "#app/lib/api.ts";
import { loader as brandLoader } from "#app/routes/brand.tsx";
import routes from "#app/routes.ts";
import { seedCatalogue } from "#db/seed/index.ts";
import { isSku } from "#domain/catalogue/sku.ts";
import type {
  Brand,
  BrandPage,
  Category,
  CategoryGroup,
  City,
  MainMenu,
  Product,
  SearchResults,
} from "#domain/catalogue/types.ts";
import { type App, buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { openTestDb, type TestDb, testDatabases } from "#tests/support/db.ts";
import { SPEC_NAVIGATION_TAGS } from "#tests/support/spec-navigation.ts";

/** The route table as React Router matches it: which route module renders a path. */
type RouteEntry = { id?: string; path?: string; index?: boolean; file: string; children?: RouteEntry[] };
const toRouteObjects = (entries: RouteEntry[]): RouteObject[] =>
  entries.map((e) =>
    e.index
      ? { id: e.file, index: true }
      : { id: e.id ?? e.file, path: e.path, children: toRouteObjects(e.children ?? []) },
  );
const routeTree = toRouteObjects(routes as RouteEntry[]);
const pageModuleOf = (path: string) => matchRoutes(routeTree, path)?.at(-1)?.route.id;

/** The storefront loaders' view of the API: the in-process calls a page render makes (server/ssr.ts). */
function storefrontApi(app: App): ApiFetch {
  return async (path, init = {}) => {
    const res = await app.inject({
      method: init.method ?? "GET",
      url: path,
      headers: {
        "x-platform": "web",
        ...init.headers,
        ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
      },
      payload: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const json = String(res.headers["content-type"] ?? "").includes("json");
    return {
      status: res.statusCode,
      ok: res.statusCode < 400,
      data: json && res.body ? JSON.parse(res.body) : res.body || null,
      headers: res.headers as Record<string, string>,
    };
  };
}

/**
 * Smoke test over the real seeded catalogue (~14.5k products, every store): the API answers sensibly, and the
 * storefront opens every category and brand page by its url.
 */
describe.each(testDatabases)("the seeded catalogue on %s", (kind) => {
  let t: TestDb;
  let app: App;

  beforeAll(async () => {
    t = await openTestDb(kind);
    await seedCatalogue(t.db, { log: () => {} });
    // buildApp refreshes the planner statistics of the freshly seeded tables (PGlite never autovacuums).
    app = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), db: t.db, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  const get = async <T>(url: string) => {
    const res = await app.inject({ method: "GET", url });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return res.json() as T;
  };
  const search = async (body: object, url = "/menu/search/v4") => {
    const res = await app.inject({ method: "POST", url, payload: body });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return res.json() as SearchResults;
  };

  it("serves the spec's navigation categories as a tree with products in each", async () => {
    const tree = await get<Category[]>("/menu/categories");
    const all = tree.flatMap((c) => [c, ...c.subcategories]);
    const byUrl = new Map(all.map((c) => [c.url_name, c]));
    for (const url of [
      "beer",
      "wine",
      "red-wine",
      "white-wine",
      "champagne-sparkling",
      "spirits",
      "whiskey",
      "vodka",
    ]) {
      expect(byUrl.get(url)?.product_count, url).toBeGreaterThan(0);
    }
    expect(byUrl.get("gifting")).toMatchObject({ ordinal: 5, tag: "GFS" });
    expect(byUrl.get("whiskey")?.parent_id).toBe(byUrl.get("spirits")?._id);
  });

  it("gives every spec §2 navigation category exactly the spec's tags, and gifting and tobacco several", async () => {
    const tree = await get<Category[]>("/menu/categories");
    const byUrl = new Map(tree.flatMap((c) => [c, ...c.subcategories]).map((c) => [c.url_name, c]));
    for (const [url, tags] of SPEC_NAVIGATION_TAGS) expect(byUrl.get(url)?.tags, url).toEqual(tags);
    expect(byUrl.get("nicotine-tobacco")?.tags).toEqual(["TB", "NP", "VP"]);
    expect(byUrl.get("gifting")).toMatchObject({ tags: ["GFS", "EN", "GW"], ordinal: 5, tag: "GFS" });
    const gifting = await get<CategoryGroup>("/menu/category-group/gifting");
    expect(gifting.groups.map((g) => [g.key, g.title])).toEqual([
      ["gfs", "Gift sets"],
      ["en", "Engravable bottles"],
      ["gw", "Gift wrap & notes"],
    ]);
    const engravable = gifting.groups.find((g) => g.key === "en")!;
    expect(engravable.products.every((p) => p.etch_sku !== null)).toBe(true);
  });

  it("still lists wines under /wine, and dollar wines, sweet wines and sake under their own categories", async () => {
    const wineUrls = [
      "red-wine",
      "white-wine",
      "rose",
      "champagne-sparkling",
      "dollar-wines",
      "sweet-wines",
      "sake",
    ];
    const wine = await search({ url_names: ["wine"], hitsPerPage: 60 }, "/menu/search/v4/categories");
    expect(wine.count).toBeGreaterThan(1000);
    for (const p of wine.products) expect(wineUrls, p.sku_id).toContain(p.default_category);
    const group = await get<CategoryGroup>("/menu/category-group/wine");
    expect(group.groups.map((g) => g.key)).toEqual(expect.arrayContaining(wineUrls));
    for (const [url, tag] of [
      ["dollar-wines", "5C"],
      ["sweet-wines", "SS"],
      ["sake", "SK"],
    ]) {
      const listing = await search({ url_names: [url], hitsPerPage: 60 }, "/menu/search/v4/categories");
      expect(listing.count, url).toBeGreaterThan(0);
      for (const p of listing.products) expect(p.tags, `${url} ${p.sku_id}`).toContain(tag);
    }
  });

  it("fills the main menu and every group page with priced products, 12 at most per group", async () => {
    const menu = await get<MainMenu>("/menu/main/v4");
    expect(menu.categories.length).toBeGreaterThan(5);
    for (const group of ["wine", "spirits", "nicotine-tobacco", "gifting", "more"]) {
      const page = await get<CategoryGroup>(`/menu/category-group/${group}`);
      expect(page.groups.length, group).toBeGreaterThan(0);
      for (const g of page.groups) {
        expect(g.products.length, `${group}/${g.key}`).toBeGreaterThan(0);
        expect(g.products.length).toBeLessThanOrEqual(12);
        expect(g.products.every((p) => p.price !== null && p.seller !== null)).toBe(true);
      }
    }
  });

  it("finds Jameson by name and through a typo, and suggests Tito's while typing", async () => {
    const exact = await search({ query: "jameson" });
    expect(exact.products[0].title).toMatch(/^Jameson/);
    const typo = await search({ query: "jamesn" });
    expect(typo.products.slice(0, 3).some((p) => p.title.startsWith("Jameson"))).toBe(true);
    const typing = await search({ query: "tit", autocomplete: true });
    expect(typing.suggestions.map((s) => s.text)).toContain("Tito's");
    const broad = await search({ query: "red wine" });
    expect(broad.count).toBeGreaterThan(60);
    expect(broad.products).toHaveLength(60);
    expect(broad.facets.price.length).toBeGreaterThan(1);
  });

  it("finds what the shopper meant despite typos, with one correction per misspelt word", async () => {
    for (const [typed, meant] of [
      ["vodak", "vodka"],
      ["tequlia", "tequila"],
      ["jak daniels", "jack daniels"],
      ["jameson irish whiksey", "jameson irish whiskey"],
      ["capitan morgan", "captain morgan"],
    ]) {
      const r = await search({ query: typed });
      const correct = await search({ query: meant });
      expect(r.analytics, typed).toMatchObject({ typo_tolerant: true, corrected_query: meant });
      expect(r.count, typed).toBe(correct.count);
      expect(r.products.map((p) => p.sku_id)).toEqual(correct.products.map((p) => p.sku_id));
    }
    expect((await search({ query: "vodak" })).count).toBeGreaterThan(1000);
    expect((await search({ query: "tequlia" })).count).toBeGreaterThan(500);
    const jack = await search({ query: "jak daniels" });
    expect(jack.products.slice(0, 10).every((p) => p.title.startsWith("Jack Daniel's"))).toBe(true);
    const jameson = await search({ query: "jameson irish whiksey" });
    expect(jameson.products[0].title).toMatch(/^Jameson Irish/);
  });

  it("never changes a word the catalogue uses, however rare, even one edit from a common word", async () => {
    // Whyte (1 product) is one edit from white (1,362); Lone Whisker (2) from whiskey (3,522); Drum from rum.
    for (const [query, title] of [
      ["whyte", "Whyte & Mackay Special"],
      ["lone whisker", "Lone Whisker"],
      ["steel drum", "Steel Drum"],
    ]) {
      const r = await search({ query });
      expect(r.analytics.corrected_query, query).toBeNull();
      expect(r.products[0]?.title, query).toBe(title);
    }
  });

  it("lists a category and serves each product's page by its canonical url", async () => {
    const listing = await search({ url_names: ["whiskey"], hitsPerPage: 5 }, "/menu/search/v4/categories");
    expect(listing.count).toBeGreaterThan(100);
    for (const p of listing.products) {
      const [category, slug, sku] = p.url.split("/").slice(1);
      expect(category).toBe(p.default_category);
      expect(slug).toMatch(/^[a-z0-9-]+$/);
      expect(isSku(sku)).toBe(true);
      const { products } = await get<{ products: Product[] }>(`/menu/product/${sku}`);
      expect(products[0]).toMatchObject({ sku_id: sku, url: p.url });
      expect(products[0].options.filter((o) => o.default)).toHaveLength(1);
    }
  });

  it("serves brand pages and has a header and footer for the brands we wrote them for", async () => {
    const brands = await get<Brand[]>("/menu/brands");
    expect(brands.length).toBeGreaterThan(100);
    for (const slug of ["jameson", "makers-mark", "titos", "jack-daniels"]) {
      const res = await app.inject({ method: "POST", url: `/menu/brands?name=${slug}` });
      expect(res.statusCode, slug).toBe(200);
      expect((res.json() as BrandPage).products.length).toBeGreaterThan(0);
      expect((await app.inject({ url: `/menu/brand-fragment/${slug}-header.html` })).statusCode).toBe(200);
      expect((await app.inject({ url: `/menu/brand-fragment/${slug}-footer.html` })).statusCode).toBe(200);
    }
  });

  it("labels the seeded cities by the zone rule", async () => {
    const cities = await get<City[]>("/order/cities");
    expect(cities.length).toBeGreaterThan(3);
    for (const c of cities) {
      if ([1, 2, 3, 4, 6, 7, 8, 11].includes(c.zone)) expect(c.label).toBe(c.code);
      else if (c.zone === 15) expect(c.label).toBe(c.code.slice(0, 2));
      else if (c.zone === 14) expect(c.label).toBe("South Bay");
      else expect(c.label).toBe(c.name);
    }
  });

  it("lists every sellable product in the sitemap", async () => {
    const res = await app.inject({ url: "/sitemap.xml" });
    // Product pages are /{category}/{title-slug}/{sku}; brand pages (/brands/{slug}) have two parts.
    const paths = [...res.body.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) =>
      m[1].split("/").slice(1),
    );
    const products = paths.filter((parts) => parts.length === 3 && isSku(parts[2]));
    const sellable = await sql<{ n: number }>`
      select count(*)::int as n from products p
      where not p.disabled and p.etch_of is null and exists (select 1 from inventory i where i.sku_id = p.sku_id)`.execute(
      t.db,
    );
    expect(products.length).toBe(sellable.rows[0].n);
  });
  // Spec §2: a product page is any path whose last part has a SKU's shape; a known category wins over that rule
  // (/me-time-whiskeys, tag MT, is linked from home and the sitemap). Walked over every category and brand.
  const ORIGIN = "http://localhost";
  const resolvePage = (path: string) =>
    resolveCataloguePath(path.split("/").filter(Boolean), new URL(path, ORIGIN), {
      api: storefrontApi(app),
      origin: ORIGIN,
    });

  it("opens every category by each of its urls as its category page, SKU-shaped names included", async () => {
    const tree = await get<Category[]>("/menu/categories");
    const paths = tree.flatMap((root) => [
      { path: `/${root.url_name}`, category: root },
      ...root.subcategories.flatMap((child) => [
        { path: `/${root.url_name}/${child.url_name}`, category: child },
        { path: `/${child.url_name}`, category: child },
      ]),
    ]);
    expect(paths.map((p) => p.path)).toContain("/me-time-whiskeys");
    expect(paths.filter((p) => isSku(p.category.url_name)).length).toBeGreaterThan(0);
    for (const { path, category } of paths) {
      expect(pageModuleOf(path), path).toBe("routes/catalogue-path.tsx");
      const view = await resolvePage(path).catch((thrown: unknown) => thrown);
      expect(view, path).toMatchObject({
        kind: expect.stringMatching(/^(category|group)$/),
        name: category.web_display_name || category.name,
      });
    }
  });

  it("opens a product by a SKU-shaped last part that names no category", async () => {
    const { products } = await get<{ products: Product[] }>("/menu/product/IA-19476-750");
    for (const path of [products[0].url, `/${products[0].sku_id}`, `/whiskey/${products[0].sku_id}`]) {
      expect(await resolvePage(path), path).toMatchObject({
        kind: "product",
        product: { sku_id: "IA-19476-750" },
      });
    }
  });

  it("opens every brand's page at /brands/{slug}, SKU-shaped slugs included", async () => {
    const brands = await get<Brand[]>("/menu/brands");
    const skuShaped = brands.filter((b) => isSku(b.slug));
    expect(skuShaped.length).toBeGreaterThan(0);
    for (const brand of brands)
      expect(pageModuleOf(`/brands/${brand.slug}`), brand.slug).toBe("routes/brand.tsx");
    const api = storefrontApi(app);
    for (const brand of skuShaped) {
      const page = await brandLoader({
        params: { brandname: brand.slug },
        request: new Request(`${ORIGIN}/brands/${brand.slug}`),
        context: { api, origin: ORIGIN },
      } as unknown as Parameters<typeof brandLoader>[0]);
      expect(page.brand.slug, brand.slug).toBe(brand.slug);
    }
  });
});
