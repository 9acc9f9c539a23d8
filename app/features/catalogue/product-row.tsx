import { useId } from "react";
import { Link } from "react-router";
import type { CardProduct } from "#app/components/catalogue/card-data.ts";
import { ChevronRightIcon } from "#app/components/icons.tsx";
import { formatCount } from "#domain/number.ts";
import { ProductCard } from "./product-card.tsx";

/** A titled row of cards that scrolls sideways, with "See all" when the row has a page of its own. */
export function ProductRow({
  title,
  products,
  seeAll,
  count,
  eager = false,
}: {
  title: string;
  products: CardProduct[];
  seeAll?: string;
  count?: number;
  eager?: boolean;
}) {
  const headingId = useId();
  if (products.length === 0) return null;
  return (
    <section className="product-row" aria-labelledby={headingId}>
      <div className="product-row__head">
        <h2 id={headingId} className="product-row__title">
          {title}
        </h2>
        {seeAll ? (
          <Link className="see-all" to={seeAll}>
            See all{count ? ` ${formatCount(count)}` : ""}
            <span className="visually-hidden"> {title}</span>
            <ChevronRightIcon size={16} />
          </Link>
        ) : null}
      </div>
      <ul className="product-row__list">
        {products.map((product, i) => (
          <ProductCard key={product.url} product={product} eager={eager && i < 3} />
        ))}
      </ul>
    </section>
  );
}
