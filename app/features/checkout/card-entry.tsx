import { forwardRef } from "react";
import type { PaymentConfig } from "#domain/payments/types.ts";
import { CardFrame, type CardFrameHandle } from "./card-frame.tsx";
import { StripeCard } from "./stripe-card.tsx";

/** Where a new card is typed: the provider's own page or field, never the storefront's. */
export const CardEntry = forwardRef<CardFrameHandle, { payment: PaymentConfig }>(function CardEntry(
  { payment },
  ref,
) {
  return payment.provider === "sandbox" ? (
    <CardFrame ref={ref} src={payment.cardFrameUrl} />
  ) : (
    <StripeCard ref={ref} publishableKey={payment.publishableKey} />
  );
});
