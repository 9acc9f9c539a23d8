import { PRODUCT_TAGS, type ProductTag } from "#domain/catalogue/product-tags.ts";
import { abvLabel } from "#domain/catalogue/volume.ts";

/** A one-sentence description from what the source lists know: kind, origin, size, strength, supplier. */
export function describeProduct(p: {
  type: string | null;
  country: string | null;
  volumeLabel: string | null;
  abv: number | null;
  supplier?: string | null;
}): string {
  const kind = p.type ?? "Product";
  const the = p.country && /^(United|Netherlands|Czech|Dominican|Philippines)/.test(p.country) ? "the " : "";
  const origin = p.country ? ` from ${the}${p.country}` : "";
  const size = p.volumeLabel ? `, ${p.volumeLabel}` : "";
  const strength = p.abv && p.abv > 0 ? ` at ${abvLabel(p.abv)} ABV` : "";
  const supplier = p.supplier ? ` Supplied by ${p.supplier}.` : "";
  return `${kind}${origin}${size}${strength}.${supplier}`;
}

/** Words search should find a product by besides its title and brand: its kind, tags and origin. */
export function categoryText(p: {
  type: string | null;
  tags: readonly ProductTag[];
  country: string | null;
}): string {
  const words = [p.type, ...p.tags.map((t) => PRODUCT_TAGS[t]), p.country].filter(Boolean);
  return [...new Set(words)].join(" ");
}
