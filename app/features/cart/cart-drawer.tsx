import { useEffect, useId, useRef } from "react";
import { CloseIcon } from "#app/components/icons.tsx";
import { useModalDialog } from "#app/lib/modal-dialog.ts";
import type { CartProduct, SplitCartEntry } from "#domain/cart/types.ts";
import { formatCents, formatPrice } from "#domain/money.ts";
import { useCart } from "./cart-context.tsx";
import { isCartSplit } from "./cart-state.ts";
import { QuantityStepper } from "./quantity-stepper.tsx";

/**
 * The cart drawer: lines grouped by store (with minimums), shipping choice, totals. A modal <dialog> (app/lib/
 * modal-dialog.ts): focus starts on "Close cart", stays inside while it is open and goes back to what opened it.
 */
export function CartDrawer() {
  const { state, setDrawerOpen } = useCart();
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const { cart, drawerOpen } = state;
  const dialog = useModalDialog(drawerOpen, () => setDrawerOpen(false), closeRef);

  // A removed line took focus with it: the drawer's heading holds it, not the page body behind the dialog.
  const lines = cart.products.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the number of lines changes
  useEffect(() => {
    const active = document.activeElement;
    if (drawerOpen && (!active || active === document.body)) titleRef.current?.focus();
  }, [lines, drawerOpen]);

  const entries = Object.values(cart.split_cart);
  return (
    <dialog {...dialog} className="cart-drawer" aria-labelledby={titleId} data-testid="cart-drawer">
      {drawerOpen ? (
        <>
          <header className="cart-drawer__head">
            <h2 id={titleId} className="cart-drawer__title" ref={titleRef} tabIndex={-1}>
              Your cart
            </h2>
            <button
              ref={closeRef}
              type="button"
              className="icon-button"
              aria-label="Close cart"
              onClick={() => setDrawerOpen(false)}
            >
              <CloseIcon />
            </button>
          </header>
          {cart.products.length === 0 ? (
            <p className="cart-drawer__empty">Your cart is empty.</p>
          ) : (
            <div className="cart-drawer__body" aria-busy={state.loading}>
              {cart.unavailable_message ? (
                <p className="cart-drawer__unavailable" role="status" data-testid="cart-unavailable">
                  {cart.unavailable_message}
                </p>
              ) : null}
              {isCartSplit(cart) ? (
                <p className="cart-drawer__split" data-testid="split-flag">
                  Split cart: your order comes from {entries.length} stores, each with its own delivery.
                </p>
              ) : null}
              {entries.map((entry) => (
                <StoreSection key={entry.store_id} entry={entry} />
              ))}
              <ShippingChoice />
              <Totals />
            </div>
          )}
        </>
      ) : null}
    </dialog>
  );
}

function StoreSection({ entry }: { entry: SplitCartEntry }) {
  return (
    <section className="cart-store" aria-label={entry.name} data-testid={`store-${entry.store_id}`}>
      <h3 className="cart-store__name">
        {entry.name}
        <span className="cart-store__kind">
          {entry.is_shipping ? "Ships" : `Delivery ${entry.eta_minutes}–${entry.eta_minutes + 15} min`}
        </span>
      </h3>
      {entry.minimum_error ? (
        <p className="cart-store__minimum" role="note">
          {entry.minimum_error}
        </p>
      ) : null}
      <ul className="cart-lines">
        {entry.products.map((p) => (
          <CartLine key={p.cart_id} line={p} storeName={entry.name} />
        ))}
      </ul>
    </section>
  );
}

/** Why a line cannot be bought, as its row says it. */
function unavailableText(line: CartProduct, storeName: string): string {
  // The law keeps it from the address (a dry area, a state we may not ship it to): the cart's message says why.
  if (line.restriction) return "Can't be sent to this address";
  switch (line.unavailable_reason) {
    case "not_sold":
      return `Not available from ${storeName}`;
    case "out_of_stock":
      return `Out of stock at ${storeName}`;
    case "engraving_required":
      return "Needs engraving text: remove and add again";
    default:
      return "Unavailable";
  }
}

function CartLine({ line, storeName }: { line: CartProduct; storeName: string }) {
  const { changeQuantity, remove } = useCart();
  return (
    <li
      className={line.available ? "cart-line" : "cart-line cart-line--unavailable"}
      data-testid="cart-line"
      data-sku={line.sku_id}
      data-available={line.available}
    >
      <img className="cart-line__image" src={line.image} alt="" width={56} height={56} loading="lazy" />
      <div className="cart-line__info">
        <a className="cart-line__title" href={line.url}>
          {line.title}
        </a>
        {line.volume_label ? <span className="cart-line__meta">{line.volume_label}</span> : null}
        {line.engraving ? (
          <span className="cart-line__engraving" data-testid="line-engraving">
            Engraved:{" "}
            {[line.engraving.line_1, line.engraving.line_2, line.engraving.line_3]
              .filter(Boolean)
              .join(" / ")}
          </span>
        ) : null}
        {!line.available ? (
          <span className="cart-line__unavailable" data-testid="line-unavailable">
            {unavailableText(line, storeName)}
          </span>
        ) : null}
        <div className="cart-line__controls">
          {line.available ? (
            <QuantityStepper
              qty={line.qty}
              max={line.stock}
              label={line.title}
              onChange={(qty) => changeQuantity(line.cart_id, qty)}
              onRemove={() => void remove(line.cart_id)}
            />
          ) : (
            <span className="cart-line__meta" data-testid="line-qty">
              Qty {line.qty}
            </span>
          )}
          <button
            type="button"
            className="link-button"
            onClick={() => void remove(line.cart_id)}
            aria-label={`Remove ${line.title}`}
          >
            Remove
          </button>
        </div>
      </div>
      <span className="cart-line__price" data-testid="line-subtotal">
        {line.available ? formatPrice(line.subtotal) : "Not in total"}
      </span>
    </li>
  );
}

function ShippingChoice() {
  const { state, chooseShipping } = useCart();
  const { shippingOptions, selectedShippingOption, free_shipping } = state.cart;
  if (shippingOptions.length === 0) return null;
  return (
    <fieldset className="cart-shipping" data-testid="shipping-options">
      <legend className="cart-shipping__legend">Shipping</legend>
      {free_shipping.hint ? <p className="cart-shipping__hint">{free_shipping.hint}</p> : null}
      {shippingOptions.map((o) => (
        <label key={o.name} className="cart-shipping__option">
          <input
            type="radio"
            name="shipping"
            value={o.name}
            checked={selectedShippingOption?.name === o.name}
            onChange={() => void chooseShipping(o.name)}
          />
          <span className="cart-shipping__name">{o.name}</span>
          <span className="cart-shipping__desc">{o.description}</span>
          <span className="cart-shipping__price">{o.price === 0 ? "Free" : formatPrice(o.price)}</span>
        </label>
      ))}
    </fieldset>
  );
}

function Totals() {
  const { state } = useCart();
  const { cart } = state;
  return (
    <div className="cart-totals">
      <dl className="cart-totals__list">
        {cart.line_items.map((item) => (
          <div
            key={item.title}
            className={
              item.format === "TOTAL" ? "cart-totals__row cart-totals__row--total" : "cart-totals__row"
            }
          >
            <dt>{item.title}</dt>
            <dd data-testid={item.format === "TOTAL" ? "cart-total" : undefined}>{item.display}</dd>
          </div>
        ))}
      </dl>
      <a className="button button--primary cart-totals__checkout" href="/checkout">
        Checkout · {formatCents(cart.total, true)}
      </a>
    </div>
  );
}
