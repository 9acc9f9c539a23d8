import { memo, startTransition, useEffect, useRef, useState } from "react";
import type { CardProduct } from "#app/components/catalogue/card-data.ts";
import type { Placement } from "../banners/banners.ts";
import { ProductCard } from "./product-card.tsx";

type BannerCode = typeof import("../banners/banner-slot.tsx");

/**
 * The placements of a grid's unit with the code that shows them, both loaded after hydration (none on the server,
 * none when the service fails or the code does not load): a page's first scripts do not carry the banners (issue 35
 * §3). The grid re-renders only when banners arrive, and then as a transition: its 60 cards never block the main
 * thread for a unit without banners (ADR 48).
 */
function useBanners(unit: string | undefined): { placements: Placement[]; code: BannerCode } | null {
  const [banners, setBanners] = useState<{ placements: Placement[]; code: BannerCode } | null>(null);
  useEffect(() => {
    setBanners(null);
    if (!unit) return;
    let live = true;
    import("../banners/banner-slot.tsx")
      .then(async (code) => {
        const placements = await code.fetchPlacements(unit);
        if (live && placements.length > 0) startTransition(() => setBanners({ placements, code }));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [unit]);
  return banners;
}

/** The grid's column count as laid out now (its grid-template-columns), followed through resizes. */
function useGridColumns(ref: React.RefObject<HTMLElement | null>, enabled: boolean): number | null {
  const [columns, setColumns] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el) return;
    const measure = () => {
      const tracks = getComputedStyle(el).gridTemplateColumns.split(" ").filter(Boolean).length;
      setColumns(tracks > 0 ? tracks : null);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, enabled]);
  return columns;
}

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
  const banners = useBanners(bannerUnit);
  const columns = useGridColumns(list, banners !== null);
  const items =
    banners && columns
      ? banners.code.interleave(products, banners.placements, columns)
      : products.map((item, index) => ({ kind: "product" as const, item, index }));
  const BannerSlot = banners?.code.BannerSlot;
  return (
    <section className="product-grid-section" aria-label={label}>
      <ul className="product-grid" ref={list}>
        {items.map((x) =>
          x.kind === "banner" ? (
            BannerSlot && <BannerSlot key={`banner-${x.item.id}`} placement={x.item} />
          ) : (
            <ProductCard key={x.item.url} product={x.item} eager={x.index < 4} />
          ),
        )}
      </ul>
    </section>
  );
});
