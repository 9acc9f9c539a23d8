import { CloseIcon } from "../../components/icons.tsx";
import { useDeliveryAddress } from "./address-context.tsx";

/** Says what changed when a new address is served by another store (spec §4: the store-changed flag). */
export function StoreChangedNotice() {
  const { notice, dismissNotice } = useDeliveryAddress();
  if (!notice) return null;
  return (
    <div className="store-notice" role="status" data-testid="store-changed-notice">
      <p className="store-notice__text">{notice}</p>
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={dismissNotice}>
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
