import { GIFT_BAND_SIZE, GIFT_BANDS, GIFTING_URL_NAME, giftingTags } from "#domain/catalogue/gift-guide.ts";
import type { Product } from "#domain/catalogue/types.ts";
import type { Db } from "#server/platform/db.ts";
import { categorySnapshot } from "./catalogue-cache.ts";
import { listSkus } from "./listing.ts";
import { readProducts } from "./product-reader.ts";
import type { ResolvedStore } from "./store-resolution.ts";

export interface GiftGuide {
  store: { id: string; name: string } | null;
  /** The gifting category's page, where "See all" goes. */
  url: string;
  tags: string[];
  bands: { key: string; title: string; min: number; max: number | null; products: Product[] }[];
}

/**
 * /liquor-gift-guide from the catalogue: per price band, the most popular products carrying a gifting tag (the
 * gifting category's tags: GFS, engraving, gift wrap) that are in stock at the store, priced there.
 */
export async function giftGuide(db: Db, store: ResolvedStore | null): Promise<GiftGuide> {
  const gifting = (await categorySnapshot(db)).byUrlName.get(GIFTING_URL_NAME) ?? null;
  const tags = giftingTags(gifting);
  const bands = await Promise.all(
    GIFT_BANDS.map(async (band) => {
      const { skus } = await listSkus(
        db,
        store?.id ?? null,
        { tags, price: { min: band.min, max: band.max }, inStockOnly: true },
        GIFT_BAND_SIZE,
      );
      return { ...band, products: await readProducts(db, skus, store) };
    }),
  );
  return {
    store: store ? { id: store.id, name: store.name } : null,
    url: gifting?.url ?? `/${GIFTING_URL_NAME}`,
    tags,
    bands,
  };
}
