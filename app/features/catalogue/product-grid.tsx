import { memo, useRef } from "react";
import type { CardProduct } from "#app/components/catalogue/card-data.ts";
import { interleave } from "#domain/banners/placement.ts";
import { BannerSlot, useGridColumns, usePlacements } from "../banners/banner-slot.tsx";
import { ProductCard } from "./product-card.tsx";

/**
 * Cards in a responsive grid; the first row's images load at once, the rest when scrolled near. Memoised: a listing's
 * filter sheet or sort changing state does not re-render its 60 cards. With a `bannerUnit` (a category's url name,
 * or 'storefront'), the unit's banners go in after their rows as full-width items, once the browser has them and
 * knows how many columns the grid has (spec §3 Banner placement; no banners when the placement service fails).
 */
export const ProductGrid = memo(function ProductGrid({
  products,
  label = "Products",
  bannerUnit,
}: {
  products: CardProduct[];
  label?: string;
  bannerUnit?: string;
}) {
  const list = useRef<HTMLUListElement>(null);
  const placements = usePlacements(bannerUnit);
  const columns = useGridColumns(list, placements.length > 0);
  const items = interleave(products, columns ? placements : [], columns ?? 1);
  return (
    <section className="product-grid-section" aria-label={label}>
      <ul className="product-grid" ref={list}>
        {items.map((x) =>
          x.kind === "banner" ? (
            <BannerSlot key={`banner-${x.item.id}`} placement={x.item} />
          ) : (
            <ProductCard key={x.item.url} product={x.item} eager={x.index < 4} />
          ),
        )}
      </ul>
    </section>
  );
});
