import { memo } from "react";
import type { CardProduct } from "../../features/catalogue/card-data.ts";
import { ProductCard } from "./product-card.tsx";

/**
 * Cards in a responsive grid; the first row's images load at once, the rest when scrolled near. Memoised: a listing's
 * filter sheet or sort changing state does not re-render its 60 cards.
 */
export const ProductGrid = memo(function ProductGrid({
  products,
  label = "Products",
}: {
  products: CardProduct[];
  label?: string;
}) {
  return (
    <section className="product-grid-section" aria-label={label}>
      <ul className="product-grid">
        {products.map((product, i) => (
          <ProductCard key={product.url} product={product} eager={i < 4} />
        ))}
      </ul>
    </section>
  );
});
