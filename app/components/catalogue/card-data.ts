import { bundleDeal } from "#domain/catalogue/bundle-deal.ts";
import { isPriceVisible } from "#domain/catalogue/price-visibility.ts";
import type { Product } from "#domain/catalogue/types.ts";

/**
 * What a product card shows, and nothing more: loaders send only this, and React Router writes it into the page a
 * second time for hydration, so every field costs 60 times on a listing. Fields a card usually lacks (a bundle
 * deal, engraving) are left out rather than sent empty.
 */
export interface CardProduct {
  title: string;
  brand: string | null;
  /** The product page; unique, so it also keys the card in lists. */
  url: string;
  image: string;
  volume: string | null;
  /** Cents, or null when the price is hidden (spec §5: no seller, or disabled). */
  price: number | null;
  /** 'Buy {n} Save ${amount}' (spec §5), when there is one. */
  deal?: string;
  /** Present (true) when the product has an engravable variant. */
  engravable?: true;
}

export function toCard(product: Product): CardProduct {
  const visible = isPriceVisible(product) && product.price != null;
  const card: CardProduct = {
    title: product.title,
    brand: product.brand,
    url: product.url,
    image: product.image,
    volume: product.volume_label,
    price: visible ? product.price : null,
  };
  const deal = visible ? bundleDeal(product.price, product.package_item_price, product.package_qty) : null;
  if (deal) card.deal = deal;
  if (product.etch_sku != null) card.engravable = true;
  return card;
}

export const toCards = (products: readonly Product[] | null | undefined): CardProduct[] =>
  (products ?? []).map(toCard);
