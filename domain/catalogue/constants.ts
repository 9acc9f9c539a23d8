/** Business constants of the catalogue (spec §9). */

/** The fixed gift bag product (spec §9 "A fixed gift bag product exists, with one specific SKU"). */
export const GIFT_BAG_SKU = "NC-GIFTBAG-1";

/** Navigation items without an ordinal sort last (spec §2, §9). */
export const ORDINAL_FALLBACK = 999;

export interface HomeTile {
  name: string;
  /** The tile's code (spec §9); for a category tile it is that category's own tag. */
  code: string;
  /** url_name of the category the tile links to. */
  url: string;
}

/** Home tiles, in order (spec §9: name and code). */
export const HOME_TILES: readonly HomeTile[] = [
  { name: "Beer", code: "BE", url: "beer" },
  { name: "Wine", code: "WN", url: "wine" },
  { name: "Spirits", code: "ST", url: "spirits" },
  { name: "Nicotine & Tobacco", code: "TB", url: "nicotine-tobacco" },
  { name: "Seltzer", code: "HS", url: "seltzer" },
  { name: "Rosé", code: "RS", url: "rose" },
  { name: "Sex", code: "SEX", url: "sexual-wellness" },
  { name: "More", code: "OT", url: "more" },
];

/** The gifts entry (spec §2, §9): ordinal 5, tag GFS, url gifting. */
export const GIFTING_CATEGORY = { url: "gifting", tag: "GFS", ordinal: 5 } as const;
