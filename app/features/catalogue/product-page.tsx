import { useEffect } from "react";
import { Link } from "react-router";
import { Breadcrumbs } from "#app/components/catalogue/breadcrumbs.tsx";
import { Price } from "#app/components/catalogue/price.tsx";
import { ProductPicture } from "#app/components/catalogue/product-picture.tsx";
import { breadcrumbListLd, productLd } from "#app/components/catalogue/structured-data.ts";
import { SparkleIcon } from "#app/components/icons.tsx";
import { JsonLd, useSiteOrigin } from "#app/components/json-ld.tsx";
import { track } from "#app/lib/analytics.ts";
import { PRODUCT_VIEWED } from "#domain/analytics/events.ts";
import { ETCH_SUFFIX } from "#domain/catalogue/sku.ts";
import { AddToCartButton } from "../cart/add-to-cart.tsx";
import { HeartButton } from "../favourites/heart-button.tsx";
import { RatingSummary } from "../tips/rating-view.tsx";
import { starText } from "../tips/ratings.ts";
import type { ProductView } from "./catalogue-path.server.ts";
import { ProductRow } from "./product-row.tsx";

export const PRODUCT_IMAGE_SIZE = 480;

export function ProductPage({ view }: { view: ProductView }) {
  const { product } = view;
  const origin = useSiteOrigin();
  useEffect(() => track(PRODUCT_VIEWED, { sku: product.sku_id }), [product.sku_id]);
  const sizes = product.volume_variants.length > 1 ? product.volume_variants : [];
  const details = [
    ["Type", product.type],
    ["Size", product.volume_label],
    ["Country", product.country],
    ["Alcohol", product.abv != null ? `${product.abv}% ABV` : null],
    ["Producer", product.company],
  ].filter((d): d is [string, string] => Boolean(d[1]));

  return (
    <div className="page page--product">
      <Breadcrumbs crumbs={view.crumbs} />
      <article className="product">
        <div className="product__media">
          <ProductPicture
            image={product.image}
            alt={product.title}
            box={480}
            size={PRODUCT_IMAGE_SIZE}
            priority
          />
          {product.etch_sku || product.etch_of ? (
            <span className="badge badge--engrave product__badge">
              <SparkleIcon size={14} />
              {product.etch_of ? "Engraved bottle" : "Engraving available"}
            </span>
          ) : null}
        </div>
        <div className="product__info">
          {product.brand ? (
            product.brand_slug ? (
              <Link className="product__brand" to={`/brands/${product.brand_slug}`}>
                {product.brand}
              </Link>
            ) : (
              <p className="product__brand">{product.brand}</p>
            )
          ) : null}
          <h1 className="product__title">{product.title}</h1>
          {product.subtitle ? <p className="product__subtitle">{product.subtitle}</p> : null}
          {view.ratings ? (
            <a className="product__rating" href="#reviews-heading">
              <RatingSummary average={view.ratings.average_rating} count={view.ratings.rating_count} />
            </a>
          ) : null}

          <div className="product__buy">
            <p className="product__price">
              <Price cents={view.priceVisible ? product.price : null} />
            </p>
            {view.deal ? <p className="deal deal--large">{view.deal}</p> : null}
            {view.priceVisible ? (
              <p className={`stock ${product.in_stock ? "stock--in" : "stock--out"}`}>
                {product.in_stock ? "In stock" : "Out of stock"}
                {product.seller ? ` at ${product.seller.name}` : ""}
              </p>
            ) : null}

            {sizes.length > 0 ? (
              <nav className="sizes" aria-label="Sizes">
                <p className="sizes__label" id="sizes-label">
                  Size
                </p>
                <ul className="sizes__list" aria-labelledby="sizes-label">
                  {sizes.map((v) => (
                    <li key={v.sku_id}>
                      <Link
                        className="size-chip"
                        to={v.url}
                        aria-current={v.sku_id === product.sku_id ? "page" : undefined}
                        preventScrollReset
                      >
                        <span className="size-chip__volume">{v.volume_label}</span>
                        <span className="size-chip__price">
                          <Price cents={v.price} className="size-chip__amount" unavailable="Unavailable" />
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}

            <div className="product__actions">
              <AddToCartButton product={product} />
              <HeartButton sku={product.sku_id} title={product.title} className="product__heart" />
            </div>

            {product.etch_sku ? (
              <Link className="engrave-link" to={`${product.url}${ETCH_SUFFIX}`}>
                <SparkleIcon size={16} />
                Make it personal: add a custom engraving
              </Link>
            ) : null}
            {product.etch_of ? (
              <Link className="engrave-link" to={product.url.slice(0, -ETCH_SUFFIX.length)}>
                See the bottle without engraving
              </Link>
            ) : null}
          </div>

          {product.description ? (
            <section className="product__section" aria-labelledby="about-heading">
              <h2 id="about-heading">About this product</h2>
              <p>{product.description}</p>
            </section>
          ) : null}
          {details.length > 0 ? (
            <section className="product__section" aria-labelledby="details-heading">
              <h2 id="details-heading">Details</h2>
              <dl className="details">
                {details.map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
        </div>
      </article>
      {view.ratings ? <RecentReviews ratings={view.ratings} /> : null}
      <ProductRow title="Frequently bought together" products={view.fbt} />
      <ProductRow title="Similar products" products={view.similar} />
      <ProductRow title="You might also like" products={view.related} />
      <JsonLd data={import.meta.env.SSR ? productLd(origin, product) : null} />
      <JsonLd data={import.meta.env.SSR ? breadcrumbListLd(origin, view.crumbs, product.url) : null} />
    </div>
  );
}

/** The product's latest reviews, by shoppers who received it (GET /order/reviews). */
function RecentReviews({ ratings }: { ratings: NonNullable<ProductView["ratings"]> }) {
  return (
    <section className="reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">Ratings and reviews</h2>
      <RatingSummary average={ratings.average_rating} count={ratings.rating_count} />
      {ratings.reviews.length > 0 ? (
        <ul className="reviews__list">
          {ratings.reviews.map((r) => (
            <li key={r.id} className="reviews__item">
              <p>
                <span className="rating__stars" role="img" aria-label={`${r.rating} of 5 stars`}>
                  {starText(r.rating)}
                </span>
              </p>
              {r.text ? <p>{r.text}</p> : null}
              <p className="reviews__meta">
                {r.author} ·{" "}
                {new Date(r.created_at).toLocaleDateString("en-US", {
                  month: "short",
                  day: "numeric",
                  year: "numeric",
                  timeZone: "UTC",
                })}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="reviews__meta">Only shoppers who received this product can review it.</p>
      )}
    </section>
  );
}
