import { useId, useRef } from "react";
import { useModalDialog } from "#app/lib/modal-dialog.ts";
import { useCart } from "./cart-context.tsx";

/**
 * Asks before an add from a second store splits the cart (spec §4): a modal <dialog> (app/lib/modal-dialog.ts),
 * "Add and split cart" focused. Closing runs in two SPLIT_MODAL_STEP_MS steps: the panel leaves, then the backdrop
 * fades (classes split-modal--closing-panel / --closing-backdrop).
 */
export function SplitCartModal() {
  const { state, confirmSplit, cancelSplit } = useCart();
  const titleId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const phase = state.splitModal;
  const item = state.pendingAdd;
  const open = phase === "open";
  const dialog = useModalDialog(phase !== "closed" && item !== null, () => open && cancelSplit(), confirmRef);

  if (phase === "closed" || !item) return null;
  const stores = Object.values(state.cart.split_cart).map((e) => e.name);
  return (
    <dialog
      {...dialog}
      className={`split-modal split-modal--${phase}`}
      aria-labelledby={titleId}
      data-testid="split-modal"
      data-phase={phase}
    >
      <div className="split-modal__panel">
        <h2 id={titleId} className="split-modal__title">
          Split your cart?
        </h2>
        <p className="split-modal__text">
          {item.title} comes from {item.store_name}, not from{" "}
          {stores.join(" or ") || "the store of your cart"}. Your order will arrive in separate deliveries,
          each with its own minimum and fee.
        </p>
        <div className="split-modal__actions">
          <button type="button" className="button" onClick={cancelSplit} disabled={!open}>
            Cancel
          </button>
          <button
            ref={confirmRef}
            type="button"
            className="button button--primary"
            onClick={confirmSplit}
            disabled={!open}
          >
            Add and split cart
          </button>
        </div>
      </div>
    </dialog>
  );
}
