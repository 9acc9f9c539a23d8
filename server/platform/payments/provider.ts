/**
 * The card payment provider, as checkout, cards and the order's life see it (docs/adr/0021-checkout-and-payments.md):
 * the built-in sandbox (the embedded default) or Stripe. Card numbers never reach our API: the browser hands
 * them to the provider's own page or script and our API receives a token. Payments are authorised at checkout
 * (manual capture), captured when the store accepts, voided on cancel, refunded in full or part. Every call that
 * changes something carries an idempotency key derived from ours, so a retried call does it once.
 */
import type { WalletMethod } from "#domain/payments/wallets.ts";

export type ProviderName = "sandbox" | "stripe";

/** What the storefront needs to collect a card with this provider. */
export type ProviderClientConfig =
  | {
      provider: "sandbox";
      cardFrameUrl: string;
      /** Where the storefront turns what a wallet handed back into a sandbox token. */
      walletTokenUrl: string;
      /** Where Apple Pay's merchant validation is answered. */
      applePaySessionUrl: string;
      walletMethods: WalletMethod[];
    }
  | { provider: "stripe"; publishableKey: string; walletMethods: WalletMethod[] };

export interface ProviderCard {
  /** The provider's id of the saved payment method. */
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  country: string | null;
}

export type IntentStatus =
  | "requires_action"
  | "requires_capture"
  | "succeeded"
  | "canceled"
  | "failed"
  | "processing";

/** A payment as the provider holds it: re-read, never inferred from the order of events. */
export interface IntentState {
  id: string;
  status: IntentStatus;
  amount: number;
  /** Still capturable (authorised, not captured). */
  amountCapturable: number;
  /** Captured. */
  amountReceived: number;
  /** Where the shopper passes 3-D Secure, while status is requires_action. */
  nextActionUrl: string | null;
  /** The provider's own words for a decline. */
  failure: { code: string; message: string } | null;
  card: { brand: string; last4: string } | null;
}

/** How the payment is made: a saved card (by the provider's id) or a fresh token from the card page or a wallet. */
export type PaymentSource = { kind: "saved"; cardId: string } | { kind: "token"; token: string };

export interface AuthoriseInput {
  amount: number;
  currency: "usd";
  customerId: string | null;
  source: PaymentSource;
  /** Where the provider sends the shopper back after a 3-D Secure challenge (/3dscb). */
  returnUrl: string;
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface RefundResult {
  id: string;
  status: "succeeded" | "pending" | "failed";
}

/** A provider's notice that a payment changed; handled by re-reading the payment. */
export interface PaymentNotice {
  eventId: string;
  intentId: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  clientConfig(): ProviderClientConfig;
  /** The provider's customer for a user (created once; `existing` when we already keep its id). */
  ensureCustomer(input: { userId: string; email: string; existing: string | null }): Promise<string>;
  /** Saves the card a token stands for on the customer. */
  attachCard(input: { customerId: string; token: string; idempotencyKey: string }): Promise<ProviderCard>;
  detachCard(input: { customerId: string; cardId: string }): Promise<void>;
  authorise(input: AuthoriseInput): Promise<IntentState>;
  retrieve(intentId: string): Promise<IntentState>;
  /**
   * The payment `authorise` made for a checkout (by its idempotency key; Stripe finds it by the checkout id in its
   * metadata), or null when none was made: how a checkout cut off before it recorded the answer learns it.
   */
  findAuthorisation(input: { idempotencyKey: string; checkoutId: string }): Promise<IntentState | null>;
  /** How long after an authorisation `findAuthorisation` may still not see it (a search index's lag); 0 if never. */
  readonly findLagMs?: number;
  capture(intentId: string, amount: number, idempotencyKey: string): Promise<IntentState>;
  /** Releases the hold (void). */
  cancel(intentId: string, idempotencyKey: string): Promise<IntentState>;
  refund(intentId: string, amount: number, idempotencyKey: string): Promise<RefundResult>;
  /** A signed notice from the provider (a webhook): throws when the signature does not hold. */
  parseNotice(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentNotice | null;
}

/** A provider refused or failed a call; `message` is the provider's own, shown to the shopper as it is. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly code: string,
    /** Worth trying again (network, 5xx, rate limit). */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}
