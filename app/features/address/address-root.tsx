import type { SavedAddress } from "../../../domain/geo/api.ts";
import { AddressProvider } from "./address-context.tsx";
import { AddressDialog } from "./address-dialog.tsx";

/** Mounts the delivery address for the shell: the provider around the page and the address dialog. */
export function AddressRoot({
  initial,
  children,
}: {
  initial: SavedAddress | null;
  children: React.ReactNode;
}) {
  return (
    <AddressProvider initial={initial}>
      {children}
      <AddressDialog />
    </AddressProvider>
  );
}
