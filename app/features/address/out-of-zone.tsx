import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { CloseIcon } from "#app/components/icons.tsx";
import { useDeliveryAddress } from "./address-context.tsx";
import { useOutOfZone } from "./out-of-zone-offer.ts";
import { outOfZoneHeading, shippingOfferText } from "./out-of-zone-text.ts";

const DISMISSED_KEY = "nightcap.outOfZoneDismissed";

/**
 * Under the header while the address is outside every delivery zone: says plainly that we do not deliver there, who
 * ships there instead and how long it takes, and what can be shipped. Closed, it stays away for that address in this
 * tab; home still says it in its own words.
 */
export function OutOfZoneNotice() {
  const zone = useOutOfZone();
  const { openDialog } = useDeliveryAddress();
  const titleId = useId();
  const [dismissed, setDismissed] = useState<string | null>(null);
  useEffect(() => {
    try {
      setDismissed(window.sessionStorage.getItem(DISMISSED_KEY));
    } catch {
      // Storage refused: the notice shows until closed on this page.
    }
  }, []);
  if (!zone || dismissed === zone.address.address) return null;
  const dismiss = () => {
    setDismissed(zone.address.address);
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, zone.address.address);
    } catch {
      // As above.
    }
  };
  const { offer } = zone;
  return (
    <section className="zone-notice" aria-labelledby={titleId} data-testid="out-of-zone">
      <div className="zone-notice__body" role="status">
        <h2 id={titleId} className="zone-notice__title">
          {outOfZoneHeading(zone.address)}
        </h2>
        {offer ? <p className="zone-notice__text">{shippingOfferText(offer)}</p> : null}
        {offer && offer.ships.length > 0 ? (
          <nav className="zone-notice__ships" aria-label="What can be shipped">
            <span>What can be shipped:</span>
            <ul>
              {offer.ships.map((c) => (
                <li key={c.url}>
                  <Link className="chip" to={c.url}>
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      <div className="zone-notice__actions">
        <button type="button" className="button button--small" onClick={openDialog} aria-haspopup="dialog">
          Change address
        </button>
        <button type="button" className="icon-button" aria-label="Dismiss" onClick={dismiss}>
          <CloseIcon size={16} />
        </button>
      </div>
    </section>
  );
}
