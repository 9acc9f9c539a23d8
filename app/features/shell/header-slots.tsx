import { hydratedLater } from "#app/components/on-demand.tsx";
import { AddressChip } from "../address/address-chip.tsx";
import { CartButton } from "../cart/cart-button.tsx";

/** Its "Log in" link and its signed-in menu (a `<details>`) work before its code comes (ADR 82). */
const AccountMenu = hydratedLater(() => import("../accounts/account-menu.tsx").then((m) => m.AccountMenu));

/** The header's three feature slots: delivery address, cart and account. The header lays them out. */

export function AddressSlot() {
  return <AddressChip />;
}

export function CartSlot() {
  return <CartButton />;
}

export function AccountSlot() {
  return <AccountMenu />;
}
