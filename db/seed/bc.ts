import { bcBrand, bcNameParts, bcProducerWords, countPrefixes } from "#domain/catalogue/brand.ts";
import { bcTags } from "#domain/catalogue/category-mapping.ts";
import { readableName } from "#domain/catalogue/naming.ts";
import { bcShelfPriceCents } from "#domain/catalogue/pricing.ts";
import { defaultCategoryFor } from "#domain/catalogue/product-tags.ts";
import { bcSku } from "#domain/catalogue/source-sku.ts";
import { litresToMl, packVolumeLabel, productSubtitle } from "#domain/catalogue/volume.ts";
import { categoryText, describeProduct } from "./describe.ts";
import { type ProductDraft, productImagePath } from "./product-draft.ts";
import type { CsvRow } from "./source-files.ts";

/** BC minor classes → the kind of product a shopper reads. */
const BC_TYPES: Record<string, string> = {
  "TABLE WINE RED": "Red Wine",
  "TABLE WINE WHITE": "White Wine",
  "TABLE WINE ROSE": "Rosé Wine",
  "SPARKLING WINE WHITE": "Sparkling Wine",
  "SPARKLING WINE ROSE": "Sparkling Rosé",
  "SPARKLING WINE RED": "Sparkling Red Wine",
  "ICE WINE RED": "Red Icewine",
  "ICE WINE WHITE": "Icewine",
  "SCOTCH - MALT": "Single Malt Scotch",
  "SCOTCH - BLEND": "Blended Scotch",
  "REGULAR VODKA": "Vodka",
  "DRY GIN": "Dry Gin",
  "CIDER ALL": "Cider",
  "WINE - GIFT PACKS ALL": "Wine Gift Pack",
  "SPIRIT - GIFT PACKS": "Spirit Gift Pack",
  "READY TO SERVE COCKTAILS": "Ready-to-Serve Cocktail",
  "READY TO MIX COCKTAILS": "Cocktail Mix",
};

function bcType(cls: string, sub: string, minor: string): string {
  if (BC_TYPES[minor]) return BC_TYPES[minor];
  if (cls === "BEER") return "Beer";
  if (cls === "DE-ALCOHOLIZED BEER") return "Non-Alcoholic Beer";
  if (cls === "DE-ALCOHOLIZED WINE") return `Non-Alcoholic ${readableName(minor)} Wine`;
  if (cls === "REFRESHMENT BEVERAGE") return minor === "OTHER" ? "Cooler" : `${readableName(minor)} Cooler`;
  if (sub === "LIQUEURS") return `${readableName(minor)} Liqueur`;
  if (sub === "RUM") return `${readableName(minor)} Rum`;
  return readableName(minor === "OTHER" || minor === "OTHER FORTIFIED" ? sub : minor, {
    wine: cls === "WINE",
  });
}

const COUNTRY_NAMES: Record<string, string> = { "UNITED STATES OF AMERICA": "United States" };

const bcCountry = (country: string) =>
  !country || country === "NA" ? null : (COUNTRY_NAMES[country] ?? readableName(country.toLowerCase()));

const isWineClass = (cls: string) => cls.includes("WINE");

export function bcDrafts(rows: readonly CsvRow[]): ProductDraft[] {
  const named = rows.map((row) => ({
    row,
    name: row.PRODUCT_LONG_NAME.replace(/\s+/g, " ").trim().toUpperCase(),
  }));
  const counts = {
    producers: countPrefixes(
      named.map(({ name }) => bcProducerWords(name)).filter((w): w is string[] => w !== null),
    ),
    names: countPrefixes(
      named.filter(({ name }) => !/\s-|-\s/.test(name)).map(({ name }) => name.split(" ")),
    ),
  };
  const drafts: ProductDraft[] = [];
  for (const { row, name } of named) {
    const cls = row.PRODUCT_CLASS_NAME.trim().toUpperCase();
    const sub = row.PRODUCT_SUB_CLASS_NAME.trim().toUpperCase();
    const minor = row.PRODUCT_MINOR_CLASS_NAME.trim().toUpperCase();
    const country = bcCountry(row.PRODUCT_COUNTRY_ORIGIN_NAME.trim().toUpperCase());
    const tags = bcTags({
      productClass: cls,
      subClass: sub,
      minorClass: minor,
      name,
      country: country ?? undefined,
    });
    const price = Number(row.CURRENT_DISPLAY_PRICE);
    const litres = Number(row.PRODUCT_LITRES_PER_CONTAINER);
    if (!tags || !row.CURRENT_DISPLAY_PRICE || !(price > 0) || !(litres > 0)) continue;
    const ml = litresToMl(litres);
    const qty = Math.max(1, Number(row.PRD_CONTAINER_PER_SELL_UNIT) || 1);
    const sku = bcSku(row.PRODUCT_SKU_NO.trim(), ml, qty);
    const wine = isWineClass(cls);
    const parts = bcNameParts(name, wine, counts);
    const abvValue = Number(row.PRODUCT_ALCOHOL_PERCENT);
    const abv = row.PRODUCT_ALCOHOL_PERCENT && abvValue > 0 ? abvValue : null;
    const volumeLabel = packVolumeLabel(ml, qty);
    const type = bcType(cls, sub, minor);
    const brand = bcBrand(parts, { wine });
    drafts.push({
      sku_id: sku,
      title: readableName(parts.titleWords.join(" "), { wine }),
      subtitle: productSubtitle({ volumeLabel, abv }),
      company: brand,
      brand_name: brand,
      type,
      country,
      volume_ml: ml,
      volume_label: volumeLabel,
      package_qty: qty,
      abv,
      tags,
      default_category: defaultCategoryFor(tags),
      variant_group: "",
      regular_price_cents: bcShelfPriceCents(price),
      image: productImagePath(sku),
      description: describeProduct({ type, country, volumeLabel, abv }),
      upc:
        row.PRODUCT_BASE_UPC_NO?.trim() && row.PRODUCT_BASE_UPC_NO !== "NA"
          ? row.PRODUCT_BASE_UPC_NO.trim()
          : null,
      source: "bc",
      source_ref: row.PRODUCT_SKU_NO.trim(),
      is_tobacco: false,
      etch_of: null,
      category_text: categoryText({ type, tags, country }),
    });
  }
  return drafts;
}
