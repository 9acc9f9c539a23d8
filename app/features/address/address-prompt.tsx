import { useEffect, useState } from "react";
import { useDeliveryAddress } from "./address-context.tsx";
import { AddressForm } from "./address-form.tsx";

const DISMISSED_KEY = "nightcap.addressPromptDismissed";

/** First visit: an inline prompt under the header asking where to deliver, until an address is set or it is dismissed. */
export function AddressPrompt() {
  const { address, pending, addressSaved } = useDeliveryAddress();
  // Rendered on the server for a visitor without an address; hidden after hydration if dismissed before.
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    setDismissed(window.localStorage.getItem(DISMISSED_KEY) === "1");
  }, []);

  if (address || pending || dismissed) return null;
  return (
    <section className="address-prompt" aria-labelledby="address-prompt-title">
      <div className="address-prompt__inner">
        <h2 id="address-prompt-title" className="address-prompt__title">
          Delivery in about 30 minutes. Where to?
        </h2>
        <AddressForm compact onSaved={addressSaved} />
        <button
          type="button"
          className="address-prompt__dismiss"
          onClick={() => {
            window.localStorage.setItem(DISMISSED_KEY, "1");
            setDismissed(true);
          }}
        >
          Not now
        </button>
      </div>
    </section>
  );
}
