import { onDemand } from "#app/components/on-demand.tsx";
import type { SavedAddress } from "#domain/geo/api.ts";
import { AddressProvider, useDeliveryAddress } from "./address-context.tsx";

const AddressDialog = onDemand(() => import("./address-dialog.tsx").then((m) => m.AddressDialog));

/**
 * Mounts the delivery address for the shell: the provider around the page and the address dialog, which loads on
 * demand (app/components/on-demand.tsx).
 */
export function AddressRoot({
  initial,
  pending = false,
  children,
}: {
  initial: SavedAddress | null;
  pending?: boolean;
  children: React.ReactNode;
}) {
  return (
    <AddressProvider initial={initial} pending={pending}>
      {children}
      <AddressDialogOnDemand />
    </AddressProvider>
  );
}

function AddressDialogOnDemand() {
  const { dialogOpen, closeDialog } = useDeliveryAddress();
  return <AddressDialog wanted={dialogOpen} onUnavailable={closeDialog} />;
}
