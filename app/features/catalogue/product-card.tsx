import { memo } from "react";
import { Link } from "react-router";
import type { CardProduct } from "#app/components/catalogue/card-data.ts";
import { Price } from "#app/components/catalogue/price.tsx";
import { ProductPicture } from "#app/components/catalogue/product-picture.tsx";
import { skuOfUrl } from "../favourites/favourites.ts";
import { HeartButton } from "../favourites/heart-button.tsx";

export const CARD_IMAGE_SIZE = 180;

/**
 * A product tile, as an item of a grid or row list: image, brand, title, size, price and bundle deal; the whole card
 * links to the product page, and a heart beside the link (a control inside a link is not allowed) saves it to the
 * shopper's favourites. Kept to few elements: a listing renders 60 of them and hydrates every one. Memoised: the
 * page re-rendering as the shopper's own parts come in leaves the cards alone (their heart follows the session).
 */
export const ProductCard = memo(function ProductCard({
  product,
  eager = false,
}: {
  product: CardProduct;
  eager?: boolean;
}) {
  return (
    <li className="product-card">
      <Link className="product-card__link" to={product.url} prefetch="intent">
        <div className="product-card__media">
          <ProductPicture image={product.image} alt="" box={240} size={CARD_IMAGE_SIZE} lazy={!eager} />
          {product.engravable ? <span className="badge badge--engrave">Engravable</span> : null}
        </div>
        {product.brand ? <p className="product-card__brand">{product.brand}</p> : null}
        <h3 className="product-card__title">{product.title}</h3>
        {product.volume ? <p className="product-card__volume">{product.volume}</p> : null}
        <p className="product-card__price">
          <Price cents={product.price} />
        </p>
        {product.deal ? <p className="deal">{product.deal}</p> : null}
      </Link>
      <HeartButton sku={skuOfUrl(product.url)} title={product.title} className="product-card__heart" />
    </li>
  );
});
