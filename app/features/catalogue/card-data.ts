import { bundleDeal } from "../../../domain/catalogue/bundle-deal.ts";
import { isPriceVisible } from "../../../domain/catalogue/price-visibility.ts";
import type { Product } from "../../../domain/catalogue/types.ts";

/** What a product card shows: loaders send only this, so 60 cards stay a small payload. */
export interface CardProduct {
  sku: string;
  title: string;
  brand: string | null;
  url: string;
  image: string;
  volume: string | null;
  /** Cents, or null when the price is hidden (spec §5: no seller, or disabled). */
  price: number | null;
  /** 'Buy {n} Save ${amount}' (spec §5) or null. */
  deal: string | null;
  inStock: boolean;
  engravable: boolean;
}

export function toCard(product: Product): CardProduct {
  const visible = isPriceVisible(product) && product.price != null;
  return {
    sku: product.sku_id,
    title: product.title,
    brand: product.brand,
    url: product.url,
    image: product.image,
    volume: product.volume_label,
    price: visible ? product.price : null,
    deal: visible ? bundleDeal(product.price, product.package_item_price, product.package_qty) : null,
    inStock: product.in_stock,
    engravable: product.etch_sku != null,
  };
}

export const toCards = (products: readonly Product[] | null | undefined): CardProduct[] =>
  (products ?? []).map(toCard);
