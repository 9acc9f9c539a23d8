import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GIFT_BAG_SKU } from "#domain/catalogue/constants.ts";
import { GIFT_TAGS } from "#domain/catalogue/product-tags.ts";
import { SKU_PATTERN } from "#domain/catalogue/sku.ts";
import { SPEC_NAVIGATION_TAGS } from "#tests/support/spec-navigation.ts";
import { CATEGORY_ROWS } from "./categories.ts";
import { CURATED_ITEMS, curatedDrafts } from "./curated.ts";
import {
  BC_FILE,
  BUNDLED_CATALOGUE_DIR,
  IOWA_FILE,
  readSeedCode,
  resolveCatalogueDir,
  seedChecksum,
} from "./source-files.ts";
import { STORE_SEEDS, storeRow } from "./stores.ts";
import { circleZone, distanceKm } from "./zone-polygon.ts";

describe("curated set", () => {
  const drafts = curatedDrafts();
  const withTag = (tag: string) => drafts.filter((d) => d.tags.includes(tag as never));

  it("fills what the price lists lack, for every home tile and nav category", () => {
    expect(withTag("MX").length).toBeGreaterThanOrEqual(12);
    expect(withTag("SN").length).toBeGreaterThanOrEqual(12);
    expect(withTag("HS").length).toBeGreaterThanOrEqual(10);
    expect(drafts.filter((d) => d.is_tobacco).length).toBeGreaterThanOrEqual(12);
    expect(withTag("SEX").length).toBeGreaterThanOrEqual(6);
    expect(drafts.filter((d) => GIFT_TAGS.some((t) => d.tags.includes(t))).length).toBeGreaterThanOrEqual(6);
    expect(withTag("GW").map((d) => d.sku_id)).toContain(GIFT_BAG_SKU);
    for (const tag of ["TB", "NP", "VP"]) expect(withTag(tag).length, tag).toBeGreaterThan(0);
  });

  it("uses unique SKUs in the NC form, the fixed gift bag among them", () => {
    const skus = drafts.map((d) => d.sku_id);
    expect(new Set(skus).size).toBe(skus.length);
    for (const sku of skus) expect(sku).toMatch(/^NC-[A-Z0-9]+-[A-Z0-9]+$/);
    for (const sku of skus) expect(sku).toMatch(SKU_PATTERN);
    expect(skus).toContain(GIFT_BAG_SKU);
  });

  it("flags tobacco and nicotine products, and only those", () => {
    for (const d of drafts)
      expect(d.is_tobacco, d.title).toBe(d.tags.some((t) => ["TB", "NP", "VP"].includes(t)));
  });

  it("sells sodas and seltzers in multipacks with a pack label", () => {
    const coke = drafts.find((d) => d.sku_id === "NC-MX006-12X355");
    expect(coke).toMatchObject({ package_qty: 12, volume_ml: 355, volume_label: "12 x 355ml" });
    for (const item of CURATED_ITEMS) expect(item.priceCents).toBeGreaterThan(0);
  });
});

describe("categories", () => {
  const byUrl = new Map(CATEGORY_ROWS.map((c) => [c.url_name, c]));

  it.each(SPEC_NAVIGATION_TAGS)("%s lists exactly the tags spec §2 gives it", (url, tags) => {
    expect(byUrl.get(url)?.product_tags).toEqual(tags);
  });

  it("gives nicotine-tobacco and gifting several tags each; gifting keeps ordinal 5, tag GFS, url gifting", () => {
    expect(byUrl.get("nicotine-tobacco")?.product_tags).toEqual(["TB", "NP", "VP"]);
    expect(byUrl.get("gifting")?.product_tags).toEqual(["GFS", "EN", "GW"]);
    expect(byUrl.get("gifting")).toMatchObject({ ordinal: 5, tag: "GFS", url_name: "gifting" });
  });

  it("keeps dollar wines, sweet wines and sake under wine, where their products are still found", () => {
    for (const url of ["dollar-wines", "sweet-wines", "sake"]) {
      expect(byUrl.get(url)?.parent_id, url).toBe("cat_wine");
    }
  });

  it("link every child to a parent defined before it", () => {
    const ids = CATEGORY_ROWS.map((c) => c.id);
    CATEGORY_ROWS.forEach((c, i) => {
      if (c.parent_id) expect(ids.indexOf(c.parent_id)).toBeLessThan(i);
    });
    expect(new Set(CATEGORY_ROWS.map((c) => c.url_name)).size).toBe(CATEGORY_ROWS.length);
  });
});

describe("stores", () => {
  it("draws each delivery zone as a closed polygon 8–15 km around its store", () => {
    for (const store of STORE_SEEDS.filter((s) => !s.is_shipping)) {
      expect(store.radius_km).toBeGreaterThanOrEqual(8);
      expect(store.radius_km).toBeLessThanOrEqual(15);
      const ring = circleZone(store.lat, store.lng, store.radius_km!).coordinates[0];
      expect(ring[0]).toEqual(ring.at(-1));
      for (const [lng, lat] of ring) {
        expect(distanceKm({ lat, lng }, store)).toBeCloseTo(store.radius_km!, 1);
      }
    }
  });

  it("opens some stores past midnight, with hours as HH:MM intervals per weekday", () => {
    const rows = STORE_SEEDS.map(storeRow);
    const lateNight = rows.filter((r) =>
      Object.values(JSON.parse(r.hours as string) as Record<string, [string, string][]>).some((day) =>
        day.some(([open, close]) => close < open),
      ),
    );
    expect(lateNight.length).toBeGreaterThan(0);
    for (const r of rows) {
      for (const day of Object.values(JSON.parse(r.hours as string) as Record<string, [string, string][]>)) {
        for (const interval of day)
          for (const time of interval) expect(time).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      }
    }
  });

  it("keeps ETAs, fees and price factors in the agreed ranges", () => {
    for (const s of STORE_SEEDS.filter((s) => !s.is_shipping)) {
      expect(s.eta_minutes).toBeGreaterThanOrEqual(25);
      expect(s.eta_minutes).toBeLessThanOrEqual(45);
      expect(s.coverage).toBeGreaterThanOrEqual(0.7);
      expect(s.coverage).toBeLessThanOrEqual(0.9);
    }
  });
});

describe("catalogue folder", () => {
  it("fails with a message that says what is missing and how to point at it", () => {
    expect(() => resolveCatalogueDir({ CATALOGUE_DIR: "/nonexistent/catalogue" })).toThrow(
      /Catalogue data not found: .*iowa_liquor_products_2024-03\.csv.*\/nonexistent\/catalogue.*CATALOGUE_DIR/,
    );
  });

  it("reads the repository's own data/catalogue by default, the files byte for byte as SOURCES.md gives them", () => {
    const dir = resolveCatalogueDir({});
    expect(dir).toBe(BUNDLED_CATALOGUE_DIR);
    const sha256 = (file: string) =>
      createHash("sha256")
        .update(fs.readFileSync(path.join(dir, file)))
        .digest("hex");
    const sources = fs.readFileSync(path.join(dir, "SOURCES.md"), "utf8");
    for (const file of [IOWA_FILE, BC_FILE]) expect(sources).toContain(`sha256 \`${sha256(file)}\``);
    expect(fs.readFileSync(path.join(dir, "NOTICE.md"), "utf8")).toContain(
      "Contains information licensed under the Open Government Licence – British Columbia.",
    );
  });
});

describe("seed checksum", () => {
  const files = { iowa: Buffer.from("iowa"), bc: Buffer.from("bc") };
  const code = readSeedCode();

  it("reads the seed's own rule and data files", () => {
    expect(code.length).toBeGreaterThan(15);
    expect(code.some((file) => file.toString().includes("GIFTBAG"))).toBe(true);
  });

  it("follows the data, the code and the version, and nothing else", () => {
    const base = seedChecksum("v1", files, code);
    expect(seedChecksum("v1", files, code)).toBe(base);
    expect(seedChecksum("v2", files, code)).not.toBe(base);
    expect(seedChecksum("v1", { ...files, bc: Buffer.from("bc2") }, code)).not.toBe(base);
    expect(seedChecksum("v1", files, [...code.slice(1), Buffer.from("changed rule")])).not.toBe(base);
  });
});
