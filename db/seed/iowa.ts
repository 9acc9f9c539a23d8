import { brandSourceWords, cleanIowaDescription, countPrefixes, iowaBrand } from "#domain/catalogue/brand.ts";
import { iowaTags } from "#domain/catalogue/category-mapping.ts";
import { readableName } from "#domain/catalogue/naming.ts";
import { iowaShelfPriceCents } from "#domain/catalogue/pricing.ts";
import { defaultCategoryFor } from "#domain/catalogue/product-tags.ts";
import { iowaSku } from "#domain/catalogue/source-sku.ts";
import { packVolumeLabel, productSubtitle, proofToAbv } from "#domain/catalogue/volume.ts";
import { categoryText, describeProduct } from "./describe.ts";
import { type ProductDraft, productImagePath } from "./product-draft.ts";
import type { CsvRow } from "./source-files.ts";

/** Iowa sells minis in sleeves and buckets: for these sizes "Inner Pack" counts the bottles in what is sold. */
const MULTIPACK_UNIT_ML = new Set([20, 50, 100, 200]);

/** Iowa lists no origin; some categories say it. */
function iowaCountry(category: string, description: string): string | null {
  if (/SCOTCH/.test(category)) return "United Kingdom";
  if (/IRISH/.test(category)) return "Ireland";
  if (/CANADIAN/.test(category)) return "Canada";
  if (/TEQUILA|MEZCAL/.test(category)) return "Mexico";
  if (/COGNAC/.test(description)) return "France";
  if (/AMERICAN|BOURBON|TENNESSEE|IOWA|CORN|STRAIGHT RYE|BOTTLED IN BOND/.test(category))
    return "United States";
  return null;
}

/** Iowa's plural category names as the kind of one product: "STRAIGHT BOURBON WHISKIES" → "Straight Bourbon Whiskey". */
const IOWA_TYPE_NAMES: Record<string, string> = {
  "TEMPORARY & SPECIALTY PACKAGES": "Specialty Package",
  "SPECIAL ORDER ITEMS": "Special Order Spirit",
  "IOWA SPIRITS MANUFACTURERS": "Iowa Craft Spirit",
  "COCKTAILS/RTD": "Cocktail",
  "AMERICAN DISTILLED SPIRITS SPECIALTY": "American Specialty Spirit",
  "IMPORTED DISTILLED SPIRITS SPECIALTY": "Imported Specialty Spirit",
};

export function iowaType(category: string): string {
  if (IOWA_TYPE_NAMES[category]) return IOWA_TYPE_NAMES[category];
  const whisky = /SCOTCH|CANADIAN/.test(category) ? "WHISKY" : "WHISKEY";
  const singular = category
    .replace(/\bWHISKIES\b/, whisky)
    .replace(/\bBRANDIES\b/, "BRANDY")
    .replace(/\bLIQUEURS\b/, "LIQUEUR")
    .replace(/\bCORDIALS\b/, "CORDIAL")
    .replace(/\b(GIN|VODKA)S\b/, "$1");
  return readableName(singular);
}

/** "SAZERAC COMPANY  INC" → "Sazerac Company Inc". */
const readableVendor = (vendor: string) => readableName(vendor.replace(/\s+/g, " ").trim());

/** Rows that are not for sale to shoppers: distillery ingredients (volume 0, "INGREDIENT …"). */
export function isIowaNonBeverage(row: CsvRow): boolean {
  return Number(row["Bottle Volume__ml"]) <= 0 || /^INGREDIENT\b/.test(row["Item Description"].trim());
}

export function iowaDrafts(rows: readonly CsvRow[]): ProductDraft[] {
  const sellable = rows.filter((row) => !isIowaNonBeverage(row) && Number(row["State Bottle Retail"]) > 0);
  const counts = countPrefixes(
    sellable.map((row) => brandSourceWords(cleanIowaDescription(row["Item Description"]))),
  );
  return sellable.map((row) => {
    const category = row["Category Name"].trim().toUpperCase();
    const cleaned = cleanIowaDescription(row["Item Description"]).replace(/\s*-\s*USE CODE \d+$/i, "");
    const ml = Number(row["Bottle Volume__ml"]);
    const inner = Number(row["Inner Pack"]) || 1;
    const packageQty = inner > 1 && MULTIPACK_UNIT_ML.has(ml) ? inner : 1;
    const sku = iowaSku(row["Item Number"].trim(), ml);
    const tags = iowaTags({ category, description: cleaned });
    const proof = Number(row.Proof);
    const abv = proof > 0 ? proofToAbv(proof) : null;
    const volumeLabel = packVolumeLabel(ml, packageQty);
    const type = iowaType(category);
    const country = iowaCountry(category, cleaned.toUpperCase());
    const supplier = readableVendor(row["Vendor Name"] ?? "");
    return {
      sku_id: sku,
      title: readableName(cleaned),
      subtitle: productSubtitle({ volumeLabel, abv }),
      company: supplier || null,
      brand_name: iowaBrand(cleaned, counts),
      type,
      country,
      volume_ml: ml,
      volume_label: volumeLabel,
      package_qty: packageQty,
      abv,
      tags,
      default_category: defaultCategoryFor(tags),
      variant_group: "",
      regular_price_cents: iowaShelfPriceCents(Number(row["State Bottle Retail"])),
      image: productImagePath(sku),
      description: describeProduct({ type, country, volumeLabel, abv, supplier }),
      upc: row.UPC?.trim() || null,
      source: "iowa",
      source_ref: row["Item Number"].trim(),
      is_tobacco: false,
      etch_of: null,
      category_text: categoryText({ type, tags, country }),
    };
  });
}
