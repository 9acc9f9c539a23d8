import { stockLevel, storeCarries } from "#domain/catalogue/inventory.ts";
import { packageItemPriceCents, storePriceCents } from "#domain/catalogue/pricing.ts";
import { GIFT_TAGS, SPIRIT_TAGS, WINE_TAGS } from "#domain/catalogue/product-tags.ts";
import type { ProductDraft } from "./product-draft.ts";
import type { StoreSeed } from "./stores.ts";

export interface InventoryRow {
  store_id: string;
  sku_id: string;
  price_cents: number;
  package_item_price_cents: number | null;
  stock: number;
}

const SHIPPABLE_TAGS = new Set<string>([...WINE_TAGS, ...SPIRIT_TAGS]);

/**
 * Does a store stock a product? Delivery stores carry every curated product and a deterministic share
 * (their coverage) of the rest; an engraved bottle goes with its master. The shipping store carries wine and
 * spirits only, plus the gift extras (bag, box, note) a shipped gift may need.
 */
export function carries(store: StoreSeed, product: ProductDraft): boolean {
  if (store.is_shipping) {
    if (product.is_tobacco) return false;
    return (
      product.tags.some((t) => SHIPPABLE_TAGS.has(t)) ||
      (product.source === "curated" && product.tags.some((t) => GIFT_TAGS.includes(t)))
    );
  }
  if (product.source === "curated") return true;
  return storeCarries(store.id, product.etch_of ?? product.sku_id, store.coverage);
}

export function inventoryRowsFor(store: StoreSeed, products: readonly ProductDraft[]): InventoryRow[] {
  const rows: InventoryRow[] = [];
  for (const product of products) {
    if (!carries(store, product)) continue;
    const price = storePriceCents(product.regular_price_cents, store.price_factor);
    rows.push({
      store_id: store.id,
      sku_id: product.sku_id,
      price_cents: price,
      package_item_price_cents:
        product.package_qty > 1 ? packageItemPriceCents(price, product.package_qty) : null,
      stock: stockLevel(store.id, product.etch_of ?? product.sku_id),
    });
  }
  return rows;
}
