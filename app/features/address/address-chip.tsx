import { PinIcon } from "#app/components/icons.tsx";
import { useNonce } from "#app/lib/csp-nonce.ts";
import { useDeliveryAddress } from "./address-context.tsx";
import { ADDRESS_LABEL_SCRIPT, chipLabel } from "./address-label.ts";

/**
 * The header's delivery-address chip: "Set delivery address", or where the shopper's orders go. On a shared page
 * whose shopper has an address (pending until the page has it), the script after it shows the street this browser
 * saved last from the first paint (address-label.ts).
 */
export function AddressChip() {
  const { address, pending, openDialog } = useDeliveryAddress();
  const nonce = useNonce();
  return (
    <>
      <button
        type="button"
        className="address-chip"
        onClick={openDialog}
        aria-haspopup="dialog"
        data-testid="address-chip"
        data-pending={pending ? "" : undefined}
        title={address ? `Delivering to ${address.address}` : undefined}
      >
        <PinIcon size={16} />
        {/* The inline script may have written the saved street here before hydration: left as it is until then. */}
        <span className="address-chip__text" suppressHydrationWarning>
          {address ? chipLabel(address) : pending ? "Delivery address" : "Set delivery address"}
        </span>
      </button>
      {pending ? (
        <script
          nonce={nonce || undefined}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: ADDRESS_LABEL_SCRIPT }}
        />
      ) : null}
    </>
  );
}
