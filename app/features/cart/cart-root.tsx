import { onDemand } from "#app/components/on-demand.tsx";
import { CartProvider, useCart } from "./cart-context.tsx";

const CartDrawer = onDemand(() => import("./cart-drawer.tsx").then((m) => m.CartDrawer));
const SplitCartModal = onDemand(() => import("./split-cart-modal.tsx").then((m) => m.SplitCartModal));

/**
 * Mounts the cart for the shell: the provider around the page, the drawer and the split-cart modal. `owner` is
 * the signed-in account (null for a guest): logging in or out shows that owner's cart. The drawer and the modal
 * load on demand (app/components/on-demand.tsx).
 */
export function CartRoot({ owner, children }: { owner: string | null; children: React.ReactNode }) {
  return (
    <CartProvider owner={owner}>
      {children}
      <CartDialogs />
    </CartProvider>
  );
}

function CartDialogs() {
  const { state, setDrawerOpen, cancelSplit } = useCart();
  return (
    <>
      <CartDrawer wanted={state.drawerOpen} onUnavailable={() => setDrawerOpen(false)} />
      <SplitCartModal wanted={state.splitModal !== "closed"} onUnavailable={cancelSplit} />
    </>
  );
}
