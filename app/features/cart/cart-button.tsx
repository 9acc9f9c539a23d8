import { BagIcon } from "#app/components/icons.tsx";
import { useCart } from "./cart-context.tsx";

/** The header's cart button with the item count. */
export function CartButton() {
  const { state, setDrawerOpen } = useCart();
  const count = state.cart.count;
  return (
    <button
      type="button"
      className="icon-button cart-button"
      aria-label={`Cart, ${count} ${count === 1 ? "item" : "items"}`}
      aria-expanded={state.drawerOpen}
      data-testid="cart-button"
      onClick={() => setDrawerOpen(!state.drawerOpen)}
    >
      <BagIcon />
      {count > 0 ? (
        <span className="cart-button__count" data-testid="cart-count">
          {count}
        </span>
      ) : null}
    </button>
  );
}
