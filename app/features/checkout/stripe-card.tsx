import type { Stripe, StripeCardElement } from "@stripe/stripe-js";
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from "react";
import type { CardFrameHandle } from "./card-frame.tsx";

export const STRIPE_UNAVAILABLE = "The card form could not load. Check your connection and try again.";

/**
 * Stripe's own card field (Stripe.js, loaded from Stripe as PCI requires, only on a store that runs on Stripe and
 * only when a card is to be typed). The number is typed into Stripe's frame; this page receives a PaymentMethod id.
 */
export const StripeCard = forwardRef<CardFrameHandle, { publishableKey: string }>(function StripeCard(
  { publishableKey },
  ref,
) {
  const mount = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ stripe: Stripe; card: StripeCardElement } | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    let live = true;
    let card: StripeCardElement | undefined;
    import("@stripe/stripe-js/pure")
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((loaded) => {
        if (!live || !mount.current) return;
        if (!loaded) return setState("failed");
        card = loaded.elements().create("card", { hidePostalCode: true });
        card.mount(mount.current);
        stripe.current = { stripe: loaded, card };
        setState("ready");
      })
      .catch(() => live && setState("failed"));
    return () => {
      live = false;
      card?.destroy();
      stripe.current = null;
    };
  }, [publishableKey]);

  useImperativeHandle(ref, () => ({
    async tokenize() {
      const s = stripe.current;
      if (!s) return { ok: false as const, message: STRIPE_UNAVAILABLE };
      const { paymentMethod, error } = await s.stripe.createPaymentMethod({ type: "card", card: s.card });
      if (error || !paymentMethod?.card)
        return { ok: false as const, message: error?.message ?? "Your card could not be used." };
      const { brand, last4, exp_month, exp_year } = paymentMethod.card;
      return {
        ok: true as const,
        value: { token: paymentMethod.id, card: { brand, last4, exp_month, exp_year } },
      };
    },
  }));

  return (
    <>
      <div
        ref={mount}
        className="card-frame card-frame--stripe"
        data-ready={state === "ready" ? "true" : "false"}
      />
      {state === "failed" ? (
        <p className="form-message form-message--error" role="alert">
          {STRIPE_UNAVAILABLE}
        </p>
      ) : null}
    </>
  );
});
