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

/** Words search should find a product by besides its title and brand: kept with the catalogue's rules. */
export { categoryText } from "#domain/catalogue/proposal.ts";
