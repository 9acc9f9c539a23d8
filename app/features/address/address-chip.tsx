import { PinIcon } from "../../components/icons.tsx";
import { useDeliveryAddress } from "./address-context.tsx";

/** The header's delivery-address chip: "Set delivery address", or where the shopper's orders go. */
export function AddressChip() {
  const { address, pending, openDialog } = useDeliveryAddress();
  return (
    <button
      type="button"
      className="address-chip"
      onClick={openDialog}
      aria-haspopup="dialog"
      data-testid="address-chip"
      title={address ? `Delivering to ${address.address}` : undefined}
    >
      <PinIcon size={16} />
      <span className="address-chip__text">
        {address
          ? address.street || `${address.city}, ${address.state}`
          : pending
            ? "Delivery address"
            : "Set delivery address"}
      </span>
    </button>
  );
}
