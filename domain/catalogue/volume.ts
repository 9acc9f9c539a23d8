/** Container sizes as shoppers read them: 750 → "750ml", 1000 → "1L", 1750 → "1.75L", 6 × 341 → "6 x 341ml". */

/** Litres as the BC list writes them (0.341) → whole millilitres (341). */
export function litresToMl(litres: number): number {
  if (!Number.isFinite(litres) || litres <= 0) throw new RangeError(`litres must be positive, got ${litres}`);
  return Math.round(litres * 1000);
}

/** One container: millilitres below a litre, litres (up to two decimals, no trailing zeros) from a litre up. */
export function volumeLabel(ml: number): string {
  if (!Number.isInteger(ml) || ml <= 0) throw new RangeError(`ml must be a positive integer, got ${ml}`);
  if (ml < 1000) return `${ml}ml`;
  const litres = Math.round(ml / 10) / 100;
  return `${litres}L`;
}

/** A pack of `qty` containers of `ml` each; a single container is just its volume. */
export function packVolumeLabel(ml: number, qty: number): string {
  if (!Number.isInteger(qty) || qty < 1) throw new RangeError(`qty must be a positive integer, got ${qty}`);
  return qty === 1 ? volumeLabel(ml) : `${qty} x ${volumeLabel(ml)}`;
}

/** ABV for display: 40 → "40%", 7.2 → "7.2%", 43.25 → "43.3%". */
export function abvLabel(abv: number): string {
  return `${Math.round(abv * 10) / 10}%`;
}

/** Iowa gives US proof; ABV is half of it. */
export const proofToAbv = (proof: number) => Math.round((proof / 2) * 10) / 10;

/** The line under a product title: "750ml · 40% ABV", "6 x 341ml · 7.2% ABV", or only the parts known. */
export function productSubtitle(parts: {
  volumeLabel?: string | null;
  abv?: number | null;
  extra?: string | null;
}): string {
  const pieces = [
    parts.volumeLabel,
    parts.abv && parts.abv > 0 ? `${abvLabel(parts.abv)} ABV` : null,
    parts.extra,
  ];
  return pieces.filter((p): p is string => Boolean(p)).join(" · ");
}
