/**
 * The liquor gift guide (spec §2 /liquor-gift-guide; issue 17: built from the catalogue, gifting tags and price
 * bands, not a fixed list). Bounds in cents, the upper bound exclusive.
 */
export interface GiftBand {
  key: string;
  title: string;
  min: number;
  max: number | null;
}

export const GIFT_BANDS: readonly GiftBand[] = [
  { key: "under-25", title: "Under $25", min: 0, max: 2500 },
  { key: "25-50", title: "$25 to $50", min: 2500, max: 5000 },
  { key: "50-100", title: "$50 to $100", min: 5000, max: 10000 },
  { key: "100-plus", title: "$100 and up", min: 10000, max: null },
];

/** Products shown per band. */
export const GIFT_BAND_SIZE = 12;

/** The band a price (cents) falls in; a negative price has none. */
export function giftBandOf(cents: number): GiftBand | null {
  return GIFT_BANDS.find((b) => cents >= b.min && (b.max === null || cents < b.max)) ?? null;
}

/** The category spec §2 and §9 name for gifts: tile "Gifts", tag GFS, url gifting. */
export const GIFTING_URL_NAME = "gifting";
export const GIFTING_TAG = "GFS";

/** The tags a gift carries: the gifting category's own product tags, else its tag alone. */
export function giftingTags(
  category: { tag: string; tags?: readonly string[] } | null | undefined,
): string[] {
  if (!category) return [GIFTING_TAG];
  const tags = [...new Set([category.tag, ...(category.tags ?? [])].filter((t) => t.trim() !== ""))];
  return tags.length > 0 ? tags : [GIFTING_TAG];
}
