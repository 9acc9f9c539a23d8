import type { GiftQuote } from "#domain/checkout/types.ts";
import type { SavedAddress } from "#domain/geo/api.ts";

export type GiftTo = "recipient" | "mine";

/** Where the recipient's address stands: not checked yet, being checked, checked (the quote), or refused. */
export type GiftQuoteState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "quoted"; quote: GiftQuote }
  | { status: "failed"; error: string };

/**
 * Where a gift goes (docs/adr/0053-gift-to-the-recipients-address.md): the recipient's address, checked against the
 * delivery zones before paying (delivered, shipped, or not possible, with what the stores there lack), or the
 * shopper's own delivery address.
 */
export function GiftDestination({
  to,
  own,
  address,
  unit,
  state,
  onTo,
  onAddress,
  onUnit,
  onCheck,
}: {
  to: GiftTo;
  own: SavedAddress | null;
  address: string;
  unit: string;
  state: GiftQuoteState;
  onTo(to: GiftTo): void;
  onAddress(text: string): void;
  onUnit(text: string): void;
  onCheck(): void;
}) {
  return (
    <fieldset className="checkout__gift-to">
      <legend className="field__label">Deliver the gift to</legend>
      <label className="checkout__card">
        <input type="radio" name="giftTo" checked={to === "recipient"} onChange={() => onTo("recipient")} />
        <span>The recipient's address</span>
      </label>
      <label className="checkout__card">
        <input type="radio" name="giftTo" checked={to === "mine"} onChange={() => onTo("mine")} />
        <span>My address{own ? ` · ${own.address}` : ""}</span>
      </label>
      {to === "recipient" ? (
        <>
          <div className="checkout__row checkout__row--address">
            <div className="field">
              <label className="field__label" htmlFor="giftAddress">
                Recipient's address
              </label>
              <input
                id="giftAddress"
                className="input"
                autoComplete="off"
                placeholder="Street address, city, state or ZIP"
                maxLength={200}
                required
                value={address}
                onChange={(e) => onAddress(e.target.value)}
                onBlur={() => {
                  if (address.trim().length >= 3 && state.status === "idle") onCheck();
                }}
                onKeyDown={(e) => {
                  // Enter checks the address rather than placing the order.
                  if (e.key !== "Enter") return;
                  e.preventDefault();
                  onCheck();
                }}
                aria-invalid={state.status === "failed" ? true : undefined}
                aria-describedby="giftAddressStatus"
              />
            </div>
            <div className="field">
              <label className="field__label" htmlFor="giftUnit">
                Recipient's apt, suite or floor
              </label>
              <input
                id="giftUnit"
                className="input"
                maxLength={40}
                value={unit}
                onChange={(e) => onUnit(e.target.value)}
              />
            </div>
          </div>
          <div className="checkout__gift-check">
            <button
              type="button"
              className="button button--small"
              onClick={onCheck}
              disabled={state.status === "loading" || address.trim().length < 3}
            >
              Check address
            </button>
            <GiftQuoteStatus state={state} />
          </div>
        </>
      ) : null}
    </fieldset>
  );
}

function GiftQuoteStatus({ state }: { state: GiftQuoteState }) {
  switch (state.status) {
    case "idle":
      return (
        <p id="giftAddressStatus" className="checkout__muted">
          We'll check who delivers there and show the total before you pay.
        </p>
      );
    case "loading":
      return (
        <p id="giftAddressStatus" role="status" className="checkout__muted">
          Checking the address…
        </p>
      );
    case "failed":
      return (
        <p id="giftAddressStatus" role="alert" className="form-message form-message--error">
          {state.error}
        </p>
      );
    case "quoted":
      return (
        <div id="giftAddressStatus" role="status" className="checkout__gift-quote">
          <p className="form-message form-message--success">{state.quote.message}</p>
          {state.quote.moved?.message ? (
            <p className="form-message form-message--info">{state.quote.moved.message}</p>
          ) : null}
        </div>
      );
  }
}
