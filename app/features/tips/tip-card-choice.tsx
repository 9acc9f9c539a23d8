import { forwardRef, useState } from "react";
import type { PaymentConfig, SavedCard } from "#domain/payments/types.ts";
import { CardEntry } from "../checkout/card-entry.tsx";
import type { CardFrameHandle } from "../checkout/card-frame.tsx";
import { cardLabel } from "../payments/cards-screen.tsx";

/** The value of the "card" field that asks for a new card, typed into the provider's own frame. */
export const NEW_CARD = "new";

/**
 * Which card pays the tip (docs/adr/0052-tips-on-the-shoppers-card.md): one of the shopper's saved cards, or a new
 * one typed into the card provider's own frame, as at checkout (the number never reaches our page or API; the form
 * sends the provider's token). Plain radios named `card`, so a saved card works before the page's scripts run.
 */
export const TipCardChoice = forwardRef<
  CardFrameHandle,
  { cards: SavedCard[]; payment: PaymentConfig; preferred: string | null }
>(function TipCardChoice({ cards, payment, preferred }, frame) {
  const [choice, setChoice] = useState(preferred ?? cards[0]?.id ?? NEW_CARD);
  return (
    <fieldset className="checkout__cards tip-form__cards">
      <legend className="tip-form__label">Pay the tip with</legend>
      {cards.map((c) => (
        <label key={c.id} className="checkout__card">
          <input
            type="radio"
            name="card"
            value={c.id}
            checked={choice === c.id}
            onChange={() => setChoice(c.id)}
          />
          <span>
            {cardLabel(c)}
            {c.is_primary ? " · primary" : ""}
          </span>
        </label>
      ))}
      <label className="checkout__card">
        <input
          type="radio"
          name="card"
          value={NEW_CARD}
          checked={choice === NEW_CARD}
          onChange={() => setChoice(NEW_CARD)}
        />
        <span>New card</span>
      </label>
      {choice === NEW_CARD ? (
        <>
          <CardEntry ref={frame} payment={payment} />
          <label className="checkbox">
            <input type="checkbox" name="saveCard" value="1" defaultChecked /> Save this card
          </label>
        </>
      ) : null}
    </fieldset>
  );
});
