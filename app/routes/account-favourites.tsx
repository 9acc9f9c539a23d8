import { Link, redirect } from "react-router";
import { toCards } from "../components/catalogue/card-data.ts";
import { useSession } from "../features/accounts/session.tsx";
import { ProductGrid } from "../features/catalogue/product-grid.tsx";
import { skuOfUrl, useFavourites } from "../features/favourites/favourites.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/account-favourites";

export const meta: Route.MetaFunction = () => [
  { title: "Favourites | Nightcap" },
  { name: "robots", content: "noindex" },
];

/** /account/favourites (issue 17): the products the shopper hearted, priced at their store, the latest first. */
export async function loader({ context }: Route.LoaderArgs) {
  const res = await context.api<ApiAnswer<"listFavouriteProducts">>("/menu/favourites/products");
  if (res.status === 401) throw redirect("/login?returnTo=%2Faccount%2Ffavourites");
  if (!res.ok) throw new Response(null, { status: 500 });
  return { products: toCards(res.data.products) };
}

export default function AccountFavourites({ loaderData }: Route.ComponentProps) {
  const { user } = useSession();
  const favourites = useFavourites(user?.id ?? null);
  // A product un-hearted here leaves the list at once.
  const products = favourites.loaded
    ? loaderData.products.filter((p) => favourites.skus.has(skuOfUrl(p.url)))
    : loaderData.products;
  return (
    <div className="page">
      <header className="page-head">
        <p className="page-head__eyebrow">
          <Link to="/account">Your account</Link>
        </p>
        <h1 className="page-head__title">Favourites</h1>
        <p className="page-head__lead">
          The products you saved with the heart, priced at the store that delivers to you.
        </p>
      </header>
      {products.length === 0 ? (
        <div className="empty-state">
          <p>No favourites yet. Tap the heart on a product to keep it here.</p>
          <Link className="button button--primary" to="/">
            Start shopping
          </Link>
        </div>
      ) : (
        <ProductGrid products={products} label="Your favourites" />
      )}
    </div>
  );
}
