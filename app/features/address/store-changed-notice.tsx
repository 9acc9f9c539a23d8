import { CloseIcon } from "#app/components/icons.tsx";
import { useDeliveryAddress } from "./address-context.tsx";
import { storeChangeText } from "./store-change-text.ts";

/**
 * Says what changed when a new address is served by another store (spec §4: the store-changed flag), and what
 * moving the cart there left unavailable or lowered.
 */
export function StoreChangedNotice() {
  const { notice, dismissNotice } = useDeliveryAddress();
  if (!notice) return null;
  return (
    <div className="store-notice" role="status" data-testid="store-changed-notice">
      <div className="store-notice__body">
        {notice.store ? <p className="store-notice__text">{storeChangeText(notice.store)}</p> : null}
        {notice.cart ? (
          <p className="store-notice__text store-notice__cart" data-testid="store-changed-cart">
            {notice.cart}
          </p>
        ) : null}
      </div>
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={dismissNotice}>
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
