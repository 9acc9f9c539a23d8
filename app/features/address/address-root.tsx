import type { SavedAddress } from "#domain/geo/api.ts";
import { AddressProvider } from "./address-context.tsx";
import { AddressDialog } from "./address-dialog.tsx";

/** Mounts the delivery address for the shell: the provider around the page and the address dialog. */
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
      <AddressDialog />
    </AddressProvider>
  );
}
