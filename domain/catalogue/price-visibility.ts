/** A product price is hidden when the seller flag is missing or the product is disabled (spec §5). */
export function isPriceVisible(product: { seller?: unknown; disabled?: boolean | null }): boolean {
  return product.seller != null && product.disabled !== true;
}
