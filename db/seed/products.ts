import { campaignTags } from "#domain/catalogue/category-mapping.ts";
import { etchedVariant } from "#domain/catalogue/etching.ts";
import { defaultCategoryFor } from "#domain/catalogue/product-tags.ts";
import { assignVariantGroups } from "#domain/catalogue/variant-group.ts";
import { slugify } from "#domain/slug.ts";
import { bcDrafts } from "./bc.ts";
import { assertGiftBag, CURATED_ITEMS, curatedDrafts } from "./curated.ts";
import { categoryText } from "./describe.ts";
import { iowaDrafts } from "./iowa.ts";
import { BEERS_OF_THE_MONTH, ETCHABLE_MASTERS, ME_TIME_WHISKEYS } from "./picks.ts";
import { type ProductDraft, productImagePath } from "./product-draft.ts";
import { parseCsv, type SourceFiles } from "./source-files.ts";

export interface BrandDraft {
  name: string;
  slug: string;
  has_tobacco: boolean;
}

export interface Catalogue {
  products: ProductDraft[];
  brands: BrandDraft[];
}

/** Every product of the catalogue (sources, curated set, engraved variants) and the brands they name. */
export function buildCatalogue(files: SourceFiles): Catalogue {
  const products = [
    ...iowaDrafts(parseCsv(files.iowa)),
    ...bcDrafts(parseCsv(files.bc)),
    ...curatedDrafts(CURATED_ITEMS),
  ];
  assertGiftBag(products);
  assertUniqueSkus(products);

  const meTime = new Set(ME_TIME_WHISKEYS);
  const beersOfTheMonth = new Set(BEERS_OF_THE_MONTH);
  const engravable = new Set(ETCHABLE_MASTERS);
  for (const product of products) {
    product.tags = campaignTags(product.tags, {
      shelfCents: product.regular_price_cents,
      packageQty: product.package_qty,
      meTime: meTime.has(product.sku_id),
      beerOfTheMonth: beersOfTheMonth.has(product.sku_id),
      engravable: engravable.has(product.sku_id),
    });
    product.category_text = categoryText(product);
  }
  assertPicksExist(products, [...meTime, ...beersOfTheMonth, ...ETCHABLE_MASTERS]);

  const groups = assignVariantGroups(
    products.map((p) => ({
      sku: p.sku_id,
      source: p.source,
      brand: p.brand_name,
      title: p.title,
      volumeMl: p.volume_ml,
      packageQty: p.package_qty,
    })),
  );
  for (const product of products) product.variant_group = groups.get(product.sku_id)!;

  const bySku = new Map(products.map((p) => [p.sku_id, p]));
  const etched = ETCHABLE_MASTERS.map((sku) => {
    const master = bySku.get(sku)!;
    const variant = etchedVariant({
      sku,
      title: master.title,
      regularPriceCents: master.regular_price_cents,
    });
    return {
      ...master,
      sku_id: variant.sku,
      title: variant.title,
      regular_price_cents: variant.regularPriceCents,
      etch_of: variant.etchOf,
      // Its own group: an engraved bottle is not another size of the master.
      variant_group: `${master.variant_group}:etched`,
      tags: master.tags.filter((t) => t !== "MT"),
      default_category: defaultCategoryFor(master.tags),
      image: productImagePath(variant.sku),
      description: `${master.description} Engraved with up to three lines of your text.`,
    } satisfies ProductDraft;
  });
  const all = [...products, ...etched];
  const brands = brandsOf(all);
  const canonical = new Map(brands.map((b) => [b.slug, b.name]));
  for (const p of all) {
    if (p.brand_name) p.brand_name = canonical.get(slugify(p.brand_name)) ?? null;
  }
  return { products: all, brands };
}

function assertUniqueSkus(products: readonly ProductDraft[]) {
  const seen = new Set<string>();
  for (const p of products) {
    if (seen.has(p.sku_id)) throw new Error(`Duplicate SKU ${p.sku_id} (${p.source} ${p.source_ref})`);
    seen.add(p.sku_id);
  }
}

function assertPicksExist(products: readonly ProductDraft[], skus: readonly string[]) {
  const known = new Set(products.map((p) => p.sku_id));
  const missing = skus.filter((sku) => !known.has(sku));
  if (missing.length) throw new Error(`Hand-picked SKUs not in the catalogue: ${missing.join(", ")}`);
}

/** One brand per slug; the first spelling (in SKU order) names it. A brand with tobacco products has_tobacco. */
function brandsOf(products: readonly ProductDraft[]): BrandDraft[] {
  const bySlug = new Map<string, BrandDraft>();
  const ordered = [...products].sort((a, b) => (a.sku_id < b.sku_id ? -1 : a.sku_id > b.sku_id ? 1 : 0));
  for (const p of ordered) {
    if (!p.brand_name) continue;
    const slug = slugify(p.brand_name);
    if (!slug) continue;
    const brand = bySlug.get(slug) ?? { name: p.brand_name, slug, has_tobacco: false };
    brand.has_tobacco ||= p.is_tobacco;
    bySlug.set(slug, brand);
  }
  return [...bySlug.values()].sort((a, b) => (a.slug < b.slug ? -1 : 1));
}
