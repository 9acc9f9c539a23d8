import { AccountMenu } from "../accounts/account-menu.tsx";
import { AddressChip } from "../address/address-chip.tsx";
import { CartButton } from "../cart/cart-button.tsx";

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
