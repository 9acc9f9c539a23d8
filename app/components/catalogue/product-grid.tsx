import type { CardProduct } from "../../features/catalogue/card-data.ts";
import { ProductCard } from "./product-card.tsx";

/** Cards in a responsive grid; the first row's images load at once, the rest when scrolled near. */
export function ProductGrid({ products, label = "Products" }: { products: CardProduct[]; label?: string }) {
  return (
    <section className="product-grid-section" aria-label={label}>
      <ul className="product-grid">
        {products.map((product, i) => (
          <li key={product.sku}>
            <ProductCard product={product} eager={i < 4} />
          </li>
        ))}
      </ul>
    </section>
  );
}
