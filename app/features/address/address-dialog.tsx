import { useEffect, useRef } from "react";
import { CloseIcon } from "../../components/icons.tsx";
import { useDeliveryAddress } from "./address-context.tsx";
import { AddressForm } from "./address-form.tsx";

/** The address dialog opened from the header chip. */
export function AddressDialog() {
  const { dialogOpen, closeDialog, address, addressSaved } = useDeliveryAddress();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (dialogOpen && !dialog.open) dialog.showModal();
    if (!dialogOpen && dialog.open) dialog.close();
  }, [dialogOpen]);

  return (
    <dialog ref={ref} className="address-dialog" aria-labelledby="address-dialog-title" onClose={closeDialog}>
      <div className="address-dialog__head">
        <h2 id="address-dialog-title" className="address-dialog__title">
          Where should we deliver?
        </h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={closeDialog}>
          <CloseIcon />
        </button>
      </div>
      {dialogOpen ? (
        <AddressForm autoFocus initialText={address?.address ?? ""} onSaved={addressSaved} />
      ) : null}
    </dialog>
  );
}
