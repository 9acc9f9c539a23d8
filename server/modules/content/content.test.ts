import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { City, CityPage } from "#domain/catalogue/types.ts";
import {
  CATEGORY_GROUP_NOT_FOUND,
  COPY,
  GENERIC_APOLOGY,
  LOGIN_FAILED,
  NOT_FOUND,
  PRODUCT_NOT_FOUND,
  SERVER_ERROR,
} from "#domain/copy.ts";
import { createCatalogueFixture } from "#tests/factories/catalogue-fixture.ts";
import { openTestDb, type TestDb, testDatabases } from "#tests/support/db.ts";
import { type App, buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { contentRoutes } from "./routes.ts";

describe.each(testDatabases)("content API on %s", (kind) => {
  let t: TestDb;
  let app: App;

  beforeAll(async () => {
    t = await openTestDb(kind);
    await createCatalogueFixture(t.db);
    app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", PUBLIC_ORIGIN: "https://nightcap.example" }),
      db: t.db,
      logger: false,
    });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  const get = (url: string) => app.inject({ method: "GET", url });

  describe("GET /copy", () => {
    it("serves the spec's texts word for word", async () => {
      const res = await get("/copy");
      expect(res.statusCode).toBe(200);
      const copy = res.json();
      expect(copy).toEqual(JSON.parse(JSON.stringify(COPY)));
      expect(copy.NOT_FOUND).toEqual({ code: "404", heading: "Party foul.", text: "We'll clean up. You head back in there." });
      expect(copy.SERVER_ERROR).toBe("Looks like our server had one too many cocktails… we'll be right back.");
      expect(copy.LOGIN_FAILED).toBe("Oops—wrong code or password, please try again.");
      expect(copy.CHECKOUT_FAILED).toBe("An unexpected error occurred during checkout. Please try again.");
      expect(copy.CARD_SAVE_FAILED).toBe("An unexpected error occurred.");
      expect(copy.GENERIC_APOLOGY).toBe("We're sorry, an unexpected error occurred.");
      expect(copy.AVAILABILITY_FAILED).toBe("Something went wrong. Please go back and try again.");
      expect(copy.PRODUCT_NOT_FOUND).toBe("Product Not Found");
      expect(copy.CATEGORY_GROUP_NOT_FOUND).toBe("Category Group Not Found");
      expect(copy.NO_SCANNER_TOKEN).toBe("No scanner token available");
      expect([NOT_FOUND.heading, SERVER_ERROR, LOGIN_FAILED, GENERIC_APOLOGY, PRODUCT_NOT_FOUND, CATEGORY_GROUP_NOT_FOUND]).toEqual([
        copy.NOT_FOUND.heading,
        copy.SERVER_ERROR,
        copy.LOGIN_FAILED,
        copy.GENERIC_APOLOGY,
        copy.PRODUCT_NOT_FOUND,
        copy.CATEGORY_GROUP_NOT_FOUND,
      ]);
    });
  });

  describe("cities", () => {
    it("GET /order/cities lists cities with their zone labels", async () => {
      const cities = (await get("/order/cities")).json() as City[];
      expect(cities.map((c) => [c.name, c.zone, c.code, c.label])).toEqual([
        ["Hoboken", 15, "NJH", "NJ"],
        ["New York", 1, "NYC", "NYC"],
        ["San Jose", 14, "SJC", "South Bay"],
      ]);
      expect(cities[1]).toEqual({
        code: "NYC",
        name: "New York",
        state: "NY",
        slug: "new-york",
        zone: 1,
        label: "NYC",
        lat: 40.7128,
        lng: -74.006,
      });
    });

    it("GET /order/cities/{slug} gives the landing page with the city's stores", async () => {
      const page = (await get("/order/cities/new-york")).json() as CityPage;
      expect(page.city.name).toBe("New York");
      expect(page.intro).toBe("Delivery in New York.");
      expect(page.stores.map((s) => s.id)).toEqual(["nyc-brooklyn", "nyc-manhattan"]);
      const missing = await get("/order/cities/atlantis");
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe("City Not Found");
      expect((await get("/order/cities/Bad_Slug")).statusCode).toBe(400);
    });
  });

  describe("GET /menu/brand-fragment/{file}", () => {
    it("serves a brand's header as sanitized HTML", async () => {
      const res = await get("/menu/brand-fragment/jameson-header.html");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.body).toContain("<h2>Jameson Irish Whiskey</h2>");
      expect((await get("/menu/brand-fragment/titos-footer.html")).body).toContain('rel="noopener noreferrer"');
    });

    it("answers 404 for a brand without a fragment (the page leaves it out)", async () => {
      const res = await get("/menu/brand-fragment/barefoot-header.html");
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("fragment_not_found");
    });

    it.each([
      "..%2F..%2Fpackage.json",
      "..%2Fbrands%2Fjameson-header.html",
      "%2Fetc%2Fpasswd",
      "jameson-header.txt",
      "jameson.html",
    ])("refuses %s with 400", async (file) => {
      const res = await get(`/menu/brand-fragment/${file}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/Fragment name/);
    });
  });

  describe("robots and sitemap", () => {
    it("GET /robots.txt allows all but personal pages and points to the sitemap", async () => {
      const res = await get("/robots.txt");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/plain/);
      const lines = res.body.split("\n");
      expect(lines).toContain("User-agent: *");
      expect(lines).toContain("Allow: /");
      for (const p of ["/checkout", "/account", "/login", "/signup", "/orders", "/tracking", "/console"]) {
        expect(lines).toContain(`Disallow: ${p}`);
      }
      expect(lines).toContain("Sitemap: https://nightcap.example/sitemap.xml");
    });

    it("GET /sitemap.xml lists categories, brands, products, city and content pages", async () => {
      const res = await get("/sitemap.xml");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^application\/xml/);
      expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
      const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      const o = "https://nightcap.example";
      for (const url of [
        `${o}/`,
        `${o}/privacy-policy`,
        `${o}/brands`,
        `${o}/spirits`,
        `${o}/whiskey`,
        `${o}/gifting`,
        `${o}/brands/jameson`,
        `${o}/brands/wrap-and-co`,
        `${o}/alcohol-delivery-new-york`,
        `${o}/whiskey/jameson-irish-whiskey/IA-10157-750`,
        `${o}/red-wine/barefoot-cabernet-sauvignon/BC-111-750`,
      ]) {
        expect(locs).toContain(url);
      }
      expect(locs.some((l) => l.includes("_ETCH"))).toBe(false);
      expect(locs.some((l) => l.endsWith("IA-26827-750"))).toBe(false);
      expect(locs.some((l) => l.endsWith("IA-99999-750"))).toBe(false);
      expect(new Set(locs).size).toBe(locs.length);
    });
  });

  describe("OpenAPI", () => {
    it("documents every catalogue, search and content route", async () => {
      const doc = (await get("/openapi.json")).json() as { paths: Record<string, Record<string, { tags?: string[]; summary?: string }>> };
      const expected: [string, string][] = [
        ["get", "/menu/main/v4"],
        ["get", "/menu/available-categories"],
        ["get", "/menu/categories"],
        ["get", "/menu/category/{url_name}"],
        ["get", "/menu/category-group/{url_name}"],
        ["get", "/menu/category-group/{parent}/{name}"],
        ["get", "/menu/product/{skus}"],
        ["get", "/menu/product-name/{id}"],
        ["get", "/menu/product/{sku}/prices"],
        ["get", "/menu/brands"],
        ["post", "/menu/brands"],
        ["get", "/menu/brand-fragment/{file}"],
        ["get", "/menu/recommendation/similar/{id}"],
        ["get", "/menu/recommendation/related/{id}"],
        ["get", "/menu/recommendation/generic"],
        ["post", "/menu/search/v4"],
        ["post", "/menu/search/v4/categories"],
        ["post", "/menu/category-tags/{tag}/filter"],
        ["get", "/order/cities"],
        ["get", "/order/cities/{slug}"],
        ["get", "/copy"],
        ["get", "/sitemap.xml"],
        ["get", "/robots.txt"],
      ];
      for (const [method, route] of expected) {
        const op = doc.paths[route]?.[method];
        expect(op, `${method.toUpperCase()} ${route}`).toBeDefined();
        expect(op?.tags?.length, route).toBeGreaterThan(0);
        expect(op?.summary, route).toBeTruthy();
      }
    });
  });
});

describe("sitemap and robots next to the page catch-all", () => {
  it("are answered by their own routes, not by the storefront's /* catch-all", async () => {
    const t = await openTestDb("pglite");
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), "fragments-"));
    await app.register(contentRoutes, { db: t.db, config: loadConfig({ NODE_ENV: "test" }), brandContentDir: emptyDir });
    app.get("/*", async () => "page");
    try {
      expect((await app.inject({ url: "/robots.txt" })).body).toMatch(/^User-agent: \*/);
      expect((await app.inject({ url: "/sitemap.xml" })).body).toMatch(/^<\?xml/);
      expect((await app.inject({ url: "/wine" })).body).toBe("page");
      expect((await app.inject({ url: "/menu/brand-fragment/jameson-header.html" })).statusCode).toBe(404);
    } finally {
      await app.close();
      await t.close();
    }
  });
});
