import { CloseIcon } from "#app/components/icons.tsx";
import { useModalDialog } from "#app/lib/modal-dialog.ts";
import { useDeliveryAddress } from "./address-context.tsx";
import { AddressForm } from "./address-form.tsx";

/** The address dialog opened from the header chip: a modal <dialog> (app/lib/modal-dialog.ts). */
export function AddressDialog() {
  const { dialogOpen, closeDialog, address, addressSaved } = useDeliveryAddress();
  const dialog = useModalDialog(dialogOpen, closeDialog);

  return (
    <dialog {...dialog} className="address-dialog" aria-labelledby="address-dialog-title">
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
