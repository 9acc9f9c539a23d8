import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useRevalidator } from "react-router";
import type { ApiFetch } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";
import { setShopperPosition } from "#app/lib/position.ts";
import {
  type AddressResult,
  DELIVERY_ADDRESS_SET_EVENT,
  OUT_OF_ZONE,
  type SavedAddress,
  type StoreChange,
} from "#domain/geo/api.ts";
import { rememberAddressLabel } from "./address-label.ts";

interface AddressContextValue {
  address: SavedAddress | null;
  /** The shopper has a saved address the browser is still fetching (a shared page, ADR 0042). */
  pending: boolean;
  dialogOpen: boolean;
  openDialog(): void;
  closeDialog(): void;
  /** Called with POST /order/address's answer. */
  addressSaved(result: AddressResult): void;
  notice: AddressNotice | null;
  dismissNotice(): void;
}

/**
 * What the shopper is told after saving an address: the store change (worded by the notice, which loads on demand),
 * and what it did to the cart.
 */
export interface AddressNotice {
  store: StoreChange | null;
  cart: string | null;
}

const AddressContext = createContext<AddressContextValue | null>(null);

/** The saved delivery address for the root loader (null when none, or when the call fails). */
export async function loadDeliveryAddress(api: ApiFetch): Promise<SavedAddress | null> {
  const res = await api<ApiAnswer<"getAddress">>("/order/address");
  return res.ok ? res.data.address : null;
}

/** Holds the delivery address for the shell: header chip, first-visit prompt, dialog and store-change notice. */
export function AddressProvider({
  initial,
  pending = false,
  children,
}: {
  initial: SavedAddress | null;
  pending?: boolean;
  children: React.ReactNode;
}) {
  const [address, setAddress] = useState(initial);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [notice, setNotice] = useState<AddressNotice | null>(null);
  const revalidator = useRevalidator();

  setShopperPosition(address ? { lat: address.lat, lng: address.lng } : null);
  useEffect(() => setAddress(initial), [initial]);
  // The chip's words for the next page's first paint; a pending address is not known to be gone.
  useEffect(() => {
    if (address || !pending) rememberAddressLabel(address);
  }, [address, pending]);

  const addressSaved = useCallback(
    (result: AddressResult) => {
      const { vendor: _v, availability: _a, hasStoreIdChanged, store_change, cart, ...saved } = result;
      setAddress(saved);
      setShopperPosition({ lat: saved.lat, lng: saved.lng });
      setDialogOpen(false);
      // Outside every zone the out-of-zone notice says where it ships from (out-of-zone.tsx): not twice.
      const outOfZone = result.vendor.banner?._id === OUT_OF_ZONE;
      const store = hasStoreIdChanged && store_change && !outOfZone ? store_change : null;
      // The server moved the cart to the store serving this address; name what that store lacks (ADR 0018).
      const cartText = cart?.message ?? null;
      setNotice(store || cartText ? { store, cart: cartText } : null);
      window.dispatchEvent(new CustomEvent(DELIVERY_ADDRESS_SET_EVENT, { detail: result }));
      // Prices on the page come from the store serving the address.
      revalidator.revalidate();
    },
    [revalidator],
  );

  const value = useMemo<AddressContextValue>(
    () => ({
      address,
      pending: pending && !address,
      dialogOpen,
      openDialog: () => setDialogOpen(true),
      closeDialog: () => setDialogOpen(false),
      addressSaved,
      notice,
      dismissNotice: () => setNotice(null),
    }),
    [address, pending, dialogOpen, addressSaved, notice],
  );
  return <AddressContext.Provider value={value}>{children}</AddressContext.Provider>;
}

export function useDeliveryAddress(): AddressContextValue {
  const value = useContext(AddressContext);
  if (!value) throw new Error("useDeliveryAddress needs an <AddressProvider> above it");
  return value;
}
