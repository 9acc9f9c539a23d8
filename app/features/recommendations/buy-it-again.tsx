import { useEffect, useState } from "react";
import type { Product } from "../../../domain/catalogue/types.ts";
import { ProductRow } from "../../components/catalogue/product-row.tsx";
import { browserApi } from "../../lib/api.ts";
import { useSession } from "../accounts/session.tsx";
import { type CardProduct, toCards } from "../catalogue/card-data.ts";

/**
 * Home's "Buy it again" for a returning shopper (signed in, with completed orders): asked of
 * GET /menu/recommendation/user/{id} in the browser after the page shows, so the home page's server render stays
 * the same for everyone (and cacheable); nothing shows for visitors or shoppers with nothing to buy again.
 */
export function BuyItAgainRow() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const [rows, setRows] = useState<{ again: CardProduct[]; withThem: CardProduct[] } | null>(null);
  useEffect(() => {
    setRows(null);
    if (!userId) return;
    let live = true;
    browserApi<{ products: Product[]; buy_again: string[] }>(
      `/menu/recommendation/user/${encodeURIComponent(userId)}`,
    )
      .then((res) => {
        if (!live || !res.ok) return;
        const again = new Set(res.data.buy_again);
        setRows({
          again: toCards(res.data.products.filter((p) => again.has(p.sku_id))),
          withThem: toCards(res.data.products.filter((p) => !again.has(p.sku_id))),
        });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [userId]);
  if (!rows) return null;
  return (
    <>
      <ProductRow title="Buy it again" products={rows.again} />
      <ProductRow title="Goes well with your usuals" products={rows.withThem} />
    </>
  );
}
