import type { ProductTag } from "#domain/catalogue/product-tags.ts";

/** A product as the seed builds it, before brands get their ids. */
export interface ProductDraft {
  sku_id: string;
  title: string;
  subtitle: string | null;
  company: string | null;
  brand_name: string | null;
  type: string | null;
  country: string | null;
  volume_ml: number | null;
  volume_label: string | null;
  package_qty: number;
  abv: number | null;
  tags: ProductTag[];
  default_category: string;
  variant_group: string;
  regular_price_cents: number;
  image: string;
  description: string | null;
  upc: string | null;
  source: "iowa" | "bc" | "curated";
  source_ref: string;
  is_tobacco: boolean;
  etch_of: string | null;
  category_text: string;
}

export { drawnImageOf as productImagePath } from "#domain/images/photo.ts";
