import { useRef, useState } from "react";
import { engravingForItem, isEtchSku } from "#domain/cart/engraving.ts";
import type { Engraving } from "#domain/cart/merge.ts";
import type { Product } from "#domain/catalogue/types.ts";
import { useCart } from "./cart-context.tsx";
import { EngravingForm } from "./engraving-form.tsx";

const NO_ENGRAVING: Engraving = { line_1: "", line_2: "", line_3: "" };

/**
 * The product page's "Add to cart": adds from the store that prices the page. An engravable _ETCH bottle asks for
 * its text first (the server's rule, domain/cart/engraving.ts, checked here before anything is sent).
 */
export function AddToCartButton({
  product,
}: {
  product: Pick<Product, "sku_id" | "title" | "price" | "seller" | "in_stock">;
}) {
  const { add, state } = useCart();
  const [engraving, setEngraving] = useState<Engraving>(NO_ENGRAVING);
  const [engravingError, setEngravingError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const firstLine = useRef<HTMLInputElement>(null);
  const engravable = isEtchSku(product.sku_id);
  const seller = product.seller;
  const sellable = seller !== null && product.price !== null && product.in_stock;

  const onEngravingChange = (value: Engraving) => {
    setEngraving(value);
    if (engravingError && engravingForItem({ sku: product.sku_id, title: product.title }, value).ok) {
      setEngravingError(null);
    }
  };

  const onAdd = async () => {
    if (!seller || busy) return;
    setError(null);
    if (engravable) {
      const checked = engravingForItem({ sku: product.sku_id, title: product.title }, engraving);
      if (!checked.ok) {
        setEngravingError(checked.message);
        firstLine.current?.focus();
        return;
      }
    }
    setBusy(true);
    const outcome = await add({
      sku: product.sku_id,
      store_id: seller.store_id,
      qty: 1,
      title: product.title,
      store_name: seller.name,
      engraving: engravable ? engraving : null,
    });
    setBusy(false);
    if (outcome.ok === false) setError(outcome.error);
    else if (outcome.ok === true && engravable) setEngraving(NO_ENGRAVING);
  };

  return (
    <div className="add-to-cart-box">
      {engravable && sellable ? (
        <EngravingForm
          value={engraving}
          onChange={onEngravingChange}
          error={engravingError}
          firstFieldRef={firstLine}
        />
      ) : null}
      <button
        type="button"
        className="button button--primary button--large button--block add-to-cart"
        disabled={!sellable}
        // Busy, it is not `disabled`: that would take focus from it, and the cart drawer it opens could not give
        // focus back to it when closed.
        aria-disabled={busy || undefined}
        onClick={onAdd}
        data-testid="add-to-cart"
        data-sku={product.sku_id}
      >
        {!seller || product.price === null
          ? "Not sold near you"
          : !product.in_stock
            ? "Out of stock"
            : busy || state.loading
              ? "Adding…"
              : "Add to cart"}
      </button>
      {error ? (
        <p className="add-to-cart__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
