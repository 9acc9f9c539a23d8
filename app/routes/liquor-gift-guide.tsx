import { data } from "react-router";
import { toCards } from "../components/catalogue/card-data.ts";
import { ProductRow } from "../features/catalogue/product-row.tsx";
import { Block, ContentHead } from "../features/content/blocks.tsx";
import { CONTENT_PAGES } from "../features/content/pages.server.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import { absoluteUrl, pageMeta } from "../lib/seo.ts";
import { SHARED_PAGE } from "../lib/shared-page.ts";
import type { Route } from "./+types/liquor-gift-guide";

export const handle = SHARED_PAGE;
/**
 * /liquor-gift-guide (spec §2, in the shell; issue 17): built from the catalogue, server-rendered: a row per price
 * band of gifts (the gifting category's tags) in stock at the shopper's store, or the default store; the advice
 * by occasion below.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const page = CONTENT_PAGES["/liquor-gift-guide"];
  const res = await context.api<ApiAnswer<"getGiftGuide">>("/menu/gift-guide");
  if (!res.ok) throw data(null, { status: 500 });
  // The rows below are the budgets: the text's own list of them gives way.
  const advice = page.blocks.filter((b) => !("ul" in b) && !("h2" in b && b.h2 === "By budget"));
  return {
    page: { ...page, blocks: advice },
    store: res.data.store,
    url: res.data.url,
    bands: res.data.bands.map((b) => ({ key: b.key, title: b.title, products: toCards(b.products) })),
    seo: {
      title: page.title,
      description: page.description,
      canonical: absoluteUrl(context.origin, "/liquor-gift-guide"),
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.seo);

export default function LiquorGiftGuide({ loaderData }: Route.ComponentProps) {
  const { page, store, url, bands } = loaderData;
  const any = bands.some((b) => b.products.length > 0);
  return (
    <div className="page gift-guide">
      <div className="page--narrow content">
        <ContentHead page={page} />
        <p>{store ? `Gifts in stock at ${store.name} now, by budget.` : "Gifts by budget."}</p>
      </div>
      {any ? (
        bands.map((band, i) => (
          <div className="gift-guide__band" key={band.key} data-band={band.key}>
            <ProductRow title={band.title} products={band.products} seeAll={url} eager={i === 0} />
          </div>
        ))
      ) : (
        <p className="empty-state">No gifts in stock at your store right now.</p>
      )}
      <div className="page--narrow content">
        {page.blocks.map((block, i) => (
          <Block key={i} block={block} />
        ))}
      </div>
    </div>
  );
}
