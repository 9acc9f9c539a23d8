import { useState } from "react";
import { apiErrorMessage, browserApi } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";
import type { Cart } from "#domain/cart/types.ts";
import { formatCents } from "#domain/money.ts";

type PanelState = { status: "idle" | "loading" | "success" | "error"; error: string | null };

/** Loyalty points the shopper may turn into store credit here, in the programme's steps (docs/adr/0033). */
export interface PointsOffer {
  balance: number;
  step: { points: number; cents: number };
}

/**
 * Promo and credit (spec §4 Promo): adding a code goes loading, then success or error; the error shows the
 * server's message, else the error's own; hiding the panel clears its error. A credit code becomes credit.
 */
export function PromoPanel({
  cart,
  credit,
  points,
  onCart,
  tipPercent,
}: {
  cart: Cart;
  credit: number;
  points: PointsOffer | null;
  onCart: (cart: Cart) => void;
  tipPercent: number;
}) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const [state, setState] = useState<PanelState>({ status: "idle", error: null });
  const [balance, setBalance] = useState(Math.max(credit, cart.credit.balance));
  const [pointsLeft, setPointsLeft] = useState(points?.balance ?? 0);

  async function send(body: object) {
    setState({ status: "loading", error: null });
    try {
      const res = await browserApi<ApiAnswer<"applyCartPromo">>("/menu/cart/promo/v2", {
        method: "POST",
        body,
      });
      if (!res.ok)
        return setState({
          status: "error",
          error: apiErrorMessage(res.data, "That code could not be applied."),
        });
      const repriced = await browserApi<ApiAnswer<"getCart">>(`/menu/cart/v2?tipPercent=${tipPercent}`);
      const next = repriced.ok ? repriced.data : res.data;
      onCart(next);
      setBalance(Math.max(balance, next.credit.balance));
      setState({ status: "success", error: null });
      setCode("");
    } catch (err) {
      setState({ status: "error", error: (err as Error).message });
    }
  }

  /** One step of points becomes store credit, which the bill then uses. */
  async function redeemStep(step: PointsOffer["step"]) {
    setState({ status: "loading", error: null });
    try {
      const res = await browserApi<ApiAnswer<"redeemLoyaltyPoints">>("/me/loyalty/redeem", {
        method: "POST",
        body: { steps: 1 },
      });
      if (!res.ok)
        return setState({
          status: "error",
          error: apiErrorMessage(res.data, "Those points could not be redeemed."),
        });
      setPointsLeft((left) => left - step.points);
      setBalance((b) => b + res.data.cents);
      await send({ credit: true });
    } catch (err) {
      setState({ status: "error", error: (err as Error).message });
    }
  }

  const hide = () => {
    setOpen(false);
    setState({ status: "idle", error: null });
  };

  return (
    <div className="promo-panel">
      {cart.promo ? (
        <p className="promo-panel__applied">
          <span>
            <strong>{cart.promo.code}</strong> · {cart.promo.applied ? cart.promo.desc : cart.promo.message}
          </span>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => void send({ code: null })}
          >
            Remove
          </button>
        </p>
      ) : null}
      {balance > 0 ? (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={cart.credit.applied > 0}
            onChange={(e) => void send({ credit: e.target.checked })}
          />{" "}
          Use store credit ({formatCents(balance, true)})
        </label>
      ) : null}
      {points && pointsLeft >= points.step.points ? (
        <p className="promo-panel__points">
          <span>You have {pointsLeft.toLocaleString("en-US")} points.</span>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={state.status === "loading"}
            onClick={() => void redeemStep(points.step)}
          >
            Use {points.step.points} points for {formatCents(points.step.cents, true)}
          </button>
        </p>
      ) : null}
      {open ? (
        <div className="promo-panel__form">
          <label className="visually-hidden" htmlFor="promo-code">
            Promo code
          </label>
          <input
            id="promo-code"
            className="input"
            value={code}
            placeholder="Promo code"
            autoCapitalize="characters"
            onChange={(e) => setCode(e.target.value)}
          />
          <button
            type="button"
            className="button button--small"
            disabled={!code.trim() || state.status === "loading"}
            onClick={() => void send({ code: code.trim() })}
          >
            {state.status === "loading" ? "Applying…" : "Apply"}
          </button>
          <button type="button" className="button button--ghost button--small" onClick={hide}>
            Hide
          </button>
        </div>
      ) : (
        <button type="button" className="button button--ghost button--small" onClick={() => setOpen(true)}>
          Add a promo code
        </button>
      )}
      {state.error ? (
        <p className="form-message form-message--error" role="alert">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}
