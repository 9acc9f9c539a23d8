import { Link } from "react-router";
import { GIFTING_CATEGORY, HOME_TILES } from "#domain/catalogue/constants.ts";
import { toCards } from "../components/catalogue/card-data.ts";
import { ChevronRightIcon, ClockIcon, GiftIcon, PinIcon, SparkleIcon } from "../components/icons.tsx";
import { useOutOfZone } from "../features/address/out-of-zone-offer.ts";
import { ProductRow } from "../features/catalogue/product-row.tsx";
import { PersonalRows, PopularRow, useHomeRecommendations } from "../features/recommendations/for-you.tsx";
import type { ApiAnswer } from "../lib/api-answers.ts";
import { absoluteUrl, pageMeta } from "../lib/seo.ts";
import { SHARED_PAGE } from "../lib/shared-page.ts";
import type { Route } from "./+types/home";

export const handle = SHARED_PAGE;
export async function loader({ context }: Route.LoaderArgs) {
  // The home page stands without its curations: a failed menu call leaves the rows out (spec §8).
  const menu = await context
    .api<ApiAnswer<"getMainMenu">>("/menu/main/v4?categories=false&featured_images=false")
    .catch(() => null);
  const curations = menu?.ok
    ? menu.data.curations
        .filter((c) => c.products.length > 0)
        .map((c) => ({ title: c.title, url: c.url, products: toCards(c.products) }))
    : [];
  return {
    curations,
    seo: {
      title: "Nightcap: beer, wine & spirits delivered in about 30 minutes",
      description:
        "Order beer, wine, spirits, seltzer, mixers and snacks from stores near you and get them delivered in about 30 minutes. 21+ only.",
      canonical: absoluteUrl(context.origin, "/"),
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.seo);

export default function Home({ loaderData }: Route.ComponentProps) {
  const { curations } = loaderData;
  const recommended = useHomeRecommendations();
  // Outside every delivery zone, home promises what is true there: shipping, not 30 minutes.
  const outOfZone = useOutOfZone();
  const shipsIn = outOfZone?.offer?.eta;
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-heading">
        <div className="hero__inner">
          <p className="hero__eyebrow" data-testid="delivery-promise">
            <ClockIcon size={16} />{" "}
            {outOfZone
              ? `Shipped to ${outOfZone.address.city}, ${outOfZone.address.state}${shipsIn ? ` in ${shipsIn}` : ""}`
              : "Delivered in about 30 minutes"}
          </p>
          <h1 id="hero-heading" className="hero__title">
            Last call? <span>Never.</span>
          </h1>
          <p className="hero__lead">
            Beer, wine, spirits and everything the night needs, from the best stores near you to your door.
          </p>
          <div className="hero__actions">
            <a className="button button--accent button--large" href="#shop">
              Start shopping
            </a>
            <Link className="button button--ghost-light button--large" to={`/${GIFTING_CATEGORY.url}`}>
              Send a gift
            </Link>
          </div>
        </div>
      </section>

      <section id="shop" className="home__section" aria-labelledby="tiles-heading">
        <h2 id="tiles-heading" className="home__heading">
          Shop by category
        </h2>
        <ul className="tiles">
          {HOME_TILES.map((tile) => (
            <li key={tile.code}>
              <Link
                className={`tile tile--${tile.code.toLowerCase()}`}
                to={`/${tile.url}`}
                data-code={tile.code}
              >
                <span className="tile__art" aria-hidden="true" />
                <span className="tile__name">{tile.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="home__section" aria-label="Gifts">
        <Link className="gift-banner" to={`/${GIFTING_CATEGORY.url}`}>
          <GiftIcon size={40} className="gift-banner__icon" />
          <span className="gift-banner__text">
            <span className="gift-banner__title">
              {outOfZone ? "Gifts, shipped to their door" : "Gifts, delivered tonight"}
            </span>
            <span className="gift-banner__lead">
              Gift sets, engraved bottles and a note from you. They choose when.
            </span>
          </span>
          <ChevronRightIcon className="gift-banner__chevron" />
        </Link>
      </section>

      {/* A returning shopper's own rows, asked for in the browser: the server render is everyone's. */}
      <PersonalRows again={recommended.again} withThem={recommended.withThem} />

      {/* Below the hero and the tiles on every screen size: no row's images load before the page shows. */}
      {curations.map((c) => (
        <ProductRow key={c.url} title={c.title} products={c.products} seeAll={c.url} />
      ))}

      <PopularRow products={recommended.popular} markerRef={recommended.popularRef} />

      <section className="home__section perks" aria-labelledby="perks-heading">
        <h2 id="perks-heading" className="visually-hidden">
          Why Nightcap
        </h2>
        <ul className="perks__list">
          {outOfZone ? (
            <li>
              <ClockIcon size={28} />
              <strong>{shipsIn ? `Shipped in ${shipsIn}` : "Shipped to you"}</strong>
              <span>
                {outOfZone.heading ? `${outOfZone.heading} ` : ""}What can be shipped comes to your door.
              </span>
            </li>
          ) : (
            <li>
              <ClockIcon size={28} />
              <strong>About 30 minutes</strong>
              <span>Local stores pack your order the moment you place it.</span>
            </li>
          )}
          <li>
            <PinIcon size={28} />
            <strong>Store prices</strong>
            <span>You see the shelf price of the store that delivers to you.</span>
          </li>
          <li>
            <SparkleIcon size={28} />
            <strong>Free shipping over $150</strong>
            <span>Outside our delivery zones, we ship wine and spirits to many states.</span>
          </li>
        </ul>
      </section>
    </div>
  );
}
