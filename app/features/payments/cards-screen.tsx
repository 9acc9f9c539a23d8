import { useEffect, useRef, useState } from "react";
import { CloseIcon } from "#app/components/icons.tsx";
import { apiErrorMessage, browserApi } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";
import { useModalDialog } from "#app/lib/modal-dialog.ts";
import { CARD_SAVE_FAILED } from "#domain/copy.ts";
import type { PaymentConfig, SavedCard } from "#domain/payments/types.ts";
import { FormError } from "../accounts/auth-layout.tsx";
import { CardEntry } from "../checkout/card-entry.tsx";
import type { CardFrameHandle } from "../checkout/card-frame.tsx";

export const cardLabel = (c: SavedCard) =>
  `${c.brand.toUpperCase()} ending ${c.last4}` +
  (c.exp_month ? ` · ${String(c.exp_month).padStart(2, "0")}/${String(c.exp_year).slice(-2)}` : "");

/**
 * The payment cards screen (spec §2 "payment cards", §4 Cards): the saved cards, the primary one first in
 * checkout; a card is added in a modal through the provider's own card page; setting a primary stores its id;
 * removing drops it from the list. Provider errors show the provider's message; a failed save the server's,
 * else 'An unexpected error occurred.'.
 */
export function CardsScreen({ initial, payment }: { initial: SavedCard[]; payment: PaymentConfig }) {
  const [cards, setCards] = useState(initial);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function change(method: "PATCH" | "DELETE", card: SavedCard) {
    setBusy(card.id);
    setError(null);
    const res = await browserApi<ApiAnswer<"setPrimaryCard">>("/order/card", {
      method,
      body: { cardId: card.id },
    });
    setBusy(null);
    if (res.ok) setCards(res.data);
    else setError(apiErrorMessage(res.data, "That did not work. Please try again."));
  }

  return (
    <section className="cards-screen" aria-labelledby="cards-heading">
      <header className="page-head">
        <h1 id="cards-heading" className="page-head__title">
          Payment cards
        </h1>
        <p className="page-head__lead">
          {cards.length === 0 ? "No saved cards yet." : "Your primary card is offered first at checkout."}
        </p>
      </header>
      <FormError message={error} />
      <ul className="cards-list">
        {cards.map((c) => (
          <li key={c.id} className="cards-list__item">
            <span>
              {cardLabel(c)}
              {c.is_primary ? <strong className="cards-list__primary"> · Primary</strong> : null}
            </span>
            <span className="cards-list__actions">
              {!c.is_primary ? (
                <button
                  type="button"
                  className="button button--small"
                  disabled={busy !== null}
                  aria-label={`Make ${cardLabel(c)} primary`}
                  onClick={() => void change("PATCH", c)}
                >
                  Make primary
                </button>
              ) : null}
              <button
                type="button"
                className="button button--small"
                disabled={busy !== null}
                aria-label={`Remove ${cardLabel(c)}`}
                onClick={() => void change("DELETE", c)}
              >
                Remove
              </button>
            </span>
          </li>
        ))}
      </ul>
      <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
        Add a card
      </button>
      <AddCardModal
        open={adding}
        payment={payment}
        onClose={() => setAdding(false)}
        onAdded={(card) => {
          // Spec §4: a new card goes first and the modal closes.
          setCards((now) => [card, ...now.filter((c) => c.id !== card.id)]);
          setAdding(false);
        }}
      />
    </section>
  );
}

function AddCardModal({
  open,
  payment,
  onClose,
  onAdded,
}: {
  open: boolean;
  payment: PaymentConfig;
  onClose: () => void;
  onAdded: (card: SavedCard) => void;
}) {
  const dialog = useModalDialog(open, onClose);
  const frame = useRef<CardFrameHandle>(null);
  const [state, setState] = useState<{ saving: boolean; error: string | null }>({
    saving: false,
    error: null,
  });

  useEffect(() => {
    if (!open) setState({ saving: false, error: null });
  }, [open]);

  async function save() {
    setState({ saving: true, error: null });
    const tokenised = await frame.current?.tokenize();
    // The provider's own words for a card it will not take.
    if (!tokenised?.ok) return setState({ saving: false, error: tokenised?.message ?? CARD_SAVE_FAILED });
    const res = await browserApi<ApiAnswer<"addCard">>("/order/card", {
      method: "POST",
      body: { token: tokenised.value.token },
    });
    if (!res.ok) return setState({ saving: false, error: apiErrorMessage(res.data, CARD_SAVE_FAILED) });
    onAdded(res.data);
  }

  return (
    <dialog {...dialog} className="address-dialog" aria-labelledby="add-card-title">
      <div className="address-dialog__head">
        <h2 id="add-card-title" className="address-dialog__title">
          Add a card
        </h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {open ? (
        <div className="add-card">
          <CardEntry ref={frame} payment={payment} />
          <FormError message={state.error} />
          <button
            type="button"
            className="button button--primary"
            disabled={state.saving}
            onClick={() => void save()}
          >
            {state.saving ? "Saving…" : "Save card"}
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
