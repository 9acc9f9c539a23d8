import type { WalletMethod } from "./wallets.ts";

/** A saved card as the shopper sees it (spec §3 Card: id, brand and the provider's card details). */
export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  country: string | null;
  is_primary: boolean;
  created_at: string;
}

/** GET /order/payment-config: how this store takes cards, spec §9's card defaults, and the wallets it offers. */
export type PaymentConfig = (
  | { provider: "sandbox"; cardFrameUrl: string; walletTokenUrl: string; applePaySessionUrl: string }
  | { provider: "stripe"; publishableKey: string }
) & {
  /** The Payment Request methods this provider takes for each wallet it offers. */
  walletMethods: WalletMethod[];
  defaults: { country: string; currency: string; language: string };
  wallets: readonly ("applePay" | "googlePay")[];
};
