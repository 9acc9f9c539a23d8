import "./cart.css";
import { CartProvider } from "./cart-context.tsx";
import { CartDrawer } from "./cart-drawer.tsx";
import { SplitCartModal } from "./split-cart-modal.tsx";

/** Mounts the cart for the shell: the provider around the page, the drawer and the split-cart modal. */
export function CartRoot({ children }: { children: React.ReactNode }) {
  return (
    <CartProvider>
      {children}
      <CartDrawer />
      <SplitCartModal />
    </CartProvider>
  );
}
