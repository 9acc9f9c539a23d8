/**
 * Apple Pay and Google Pay (spec §9: the wallet methods applePay and googlePay) through the browser's Payment
 * Request API. The provider says which payment methods it takes and how (its gateway parameters); the browser
 * offers a wallet only when `canMakePayment()` says the shopper can pay with it; what the wallet hands back is
 * read here, the same way on every provider, into the card's network, last four and the wallet's token.
 */
export type Wallet = "applePay" | "googlePay";

/** One `PaymentMethodData` entry of a Payment Request, for one wallet. */
export interface WalletMethod {
  wallet: Wallet;
  supportedMethods: string;
  data: Record<string, unknown>;
}

export const GOOGLE_PAY_METHOD = "https://google.com/pay";
export const APPLE_PAY_METHOD = "https://apple.com/apple-pay";
export const WALLET_LABELS: Record<Wallet, string> = { applePay: "Apple Pay", googlePay: "Google Pay" };

/** Google Pay API v2 card payments through a payment gateway (developers.google.com/pay/api/web/reference). */
export function googlePayMethod(input: {
  environment: "TEST" | "PRODUCTION";
  merchantName: string;
  gateway: Record<string, string>;
}): WalletMethod {
  return {
    wallet: "googlePay",
    supportedMethods: GOOGLE_PAY_METHOD,
    data: {
      environment: input.environment,
      apiVersion: 2,
      apiVersionMinor: 0,
      merchantInfo: { merchantName: input.merchantName },
      allowedPaymentMethods: [
        {
          type: "CARD",
          parameters: {
            allowedAuthMethods: ["PAN_ONLY", "CRYPTOGRAM_3DS"],
            allowedCardNetworks: ["AMEX", "DISCOVER", "MASTERCARD", "VISA"],
          },
          tokenizationSpecification: { type: "PAYMENT_GATEWAY", parameters: input.gateway },
        },
      ],
    },
  };
}

/** Apple Pay on the web through the Payment Request API (version 3 of its payment request). */
export function applePayMethod(merchantIdentifier: string): WalletMethod {
  return {
    wallet: "applePay",
    supportedMethods: APPLE_PAY_METHOD,
    data: {
      version: 3,
      merchantIdentifier,
      merchantCapabilities: ["supports3DS"],
      supportedNetworks: ["amex", "discover", "masterCard", "visa"],
      countryCode: "US",
    },
  };
}

export interface WalletCard {
  /** Lower case: visa, mastercard, amex, discover. */
  network: string;
  last4: string | null;
  /** The wallet's payment token as the gateway receives it (Google Pay's string; Apple Pay's paymentData as JSON). */
  token: string;
}

const NETWORKS: Record<string, string> = {
  visa: "visa",
  mastercard: "mastercard",
  amex: "amex",
  americanexpress: "amex",
  discover: "discover",
};

const network = (name: unknown) => {
  const key = String(name ?? "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");
  return NETWORKS[key] ?? "unknown";
};
const fourDigits = (text: unknown) => /(\d{4})\s*$/.exec(String(text ?? ""))?.[1] ?? null;
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" ? (value as Record<string, unknown>) : {};

/** Reads a PaymentResponse's `details` for one wallet; null when it is not what that wallet returns. */
export function walletCardOf(wallet: Wallet, details: unknown): WalletCard | null {
  const d = record(details);
  if (wallet === "googlePay") {
    const method = record(d.paymentMethodData);
    const info = record(method.info);
    const tokenization = record(method.tokenizationData);
    if (typeof tokenization.token !== "string" || tokenization.token === "") return null;
    return {
      network: network(info.cardNetwork),
      last4: fourDigits(info.cardDetails),
      token: tokenization.token,
    };
  }
  const token = record(d.token);
  const paymentMethod = record(token.paymentMethod);
  if (token.paymentData === undefined) return null;
  return {
    network: network(paymentMethod.network),
    last4: fourDigits(paymentMethod.displayName),
    token: JSON.stringify(token.paymentData),
  };
}
