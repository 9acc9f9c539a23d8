import { CartProvider } from "./cart-context.tsx";
import { CartDrawer } from "./cart-drawer.tsx";
import { SplitCartModal } from "./split-cart-modal.tsx";

/**
 * Mounts the cart for the shell: the provider around the page, the drawer and the split-cart modal. `owner` is
 * the signed-in account (null for a guest): logging in or out shows that owner's cart.
 */
export function CartRoot({ owner, children }: { owner: string | null; children: React.ReactNode }) {
  return (
    <CartProvider owner={owner}>
      {children}
      <CartDrawer />
      <SplitCartModal />
    </CartProvider>
  );
}
