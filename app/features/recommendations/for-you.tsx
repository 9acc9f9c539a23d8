import { useEffect, useRef, useState } from "react";
import { type CardProduct, toCards } from "#app/components/catalogue/card-data.ts";
import { browserApi } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";
import { useSession } from "../accounts/session.tsx";
import { ProductRow } from "../catalogue/product-row.tsx";

/**
 * Spec §6: recommendations use the user-specific call when the shopper is logged in, otherwise the general one.
 * (The user call answers only for the signed-in shopper's own id.)
 */
export function recommendationsPath(userId: string | null): string {
  return userId ? `/menu/recommendation/user/${encodeURIComponent(userId)}` : "/menu/recommendation/generic";
}

/**
 * Home's rows of recommendations, asked for in the browser (so the home page's server render is the same for
 * everyone and stays cacheable). A returning shopper (signed in, with completed orders) gets 'Buy it again' and
 * what goes with it, high on the page; everyone else (visitors, shoppers with nothing to buy again) gets the
 * general call's 'Popular near you' at the bottom, asked for only when the shopper scrolls near it.
 */
export function useHomeRecommendations(): {
  again: CardProduct[];
  withThem: CardProduct[];
  popular: CardProduct[];
  popularRef: React.RefObject<HTMLDivElement | null>;
} {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const [personal, setPersonal] = useState<{ again: CardProduct[]; withThem: CardProduct[] } | null>(null);
  const [popular, setPopular] = useState<CardProduct[]>([]);
  const [wantPopular, setWantPopular] = useState(false);
  const popularRef = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    setPersonal(null);
    if (!userId) return;
    let live = true;
    browserApi<ApiAnswer<"getUserRecommendations">>(recommendationsPath(userId))
      .then((res) => {
        if (!live || !res.ok) return;
        const again = new Set(res.data.buy_again);
        setPersonal({
          again: toCards(res.data.products.filter((p) => again.has(p.sku_id))),
          withThem: toCards(res.data.products.filter((p) => !again.has(p.sku_id))),
        });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [userId]);

  // The general row waits until it is near the screen: most visits never scroll that far.
  useEffect(() => {
    const el = popularRef.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setWantPopular(true);
          observer.disconnect();
        }
      },
      { rootMargin: "400px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const returning = personal !== null && personal.again.length + personal.withThem.length > 0;
  // Signed in: the general row only once the user call said there is nothing personal to show.
  const general = !userId || (personal !== null && !returning);
  useEffect(() => {
    if (!wantPopular || !general) return;
    let live = true;
    browserApi<ApiAnswer<"getGenericRecommendations">>(recommendationsPath(null))
      .then((res) => {
        if (live && res.ok) setPopular(toCards(res.data.products));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [wantPopular, general]);

  return {
    again: returning ? personal.again : [],
    withThem: returning ? personal.withThem : [],
    popular: general ? popular : [],
    popularRef,
  };
}

/** 'Buy it again' and 'Goes well with your usuals' (nothing until the user call answers with something). */
export function PersonalRows({ again, withThem }: { again: CardProduct[]; withThem: CardProduct[] }) {
  return (
    <>
      <ProductRow title="Buy it again" products={again} />
      <ProductRow title="Goes well with your usuals" products={withThem} />
    </>
  );
}

/** The general call's row, with the marker it waits for. */
export function PopularRow({
  products,
  markerRef,
}: {
  products: CardProduct[];
  markerRef: React.RefObject<HTMLDivElement | null>;
}) {
  return (
    <div ref={markerRef}>
      <ProductRow title="Popular near you" products={products} />
    </div>
  );
}
