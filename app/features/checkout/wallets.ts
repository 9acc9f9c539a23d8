import type { Cart } from "#domain/cart/types.ts";
import type { PaymentConfig } from "#domain/payments/types.ts";
import { type WalletCard, type WalletMethod, walletCardOf } from "#domain/payments/wallets.ts";

/**
 * Apple Pay and Google Pay through the browser's Payment Request API (docs/adr/0023-wallets.md). A wallet is
 * offered only when the browser has the API and `canMakePayment()` says this shopper can pay with it; the sheet
 * shows the total the server priced; what the wallet hands back becomes the provider's token, as a typed card does.
 */
export type WalletPayment =
  | { ok: true; token: string; complete(result: "success" | "fail"): Promise<void> }
  /** message null: the shopper closed the sheet, nothing to say. */
  | { ok: false; message: string | null };

export const WALLET_UNREADABLE = "The wallet's payment could not be read. Choose a card instead.";
export const WALLET_UNAVAILABLE = "That wallet is not available in this browser. Choose a card instead.";

const dollars = (cents: number) => ({ currency: "USD", value: (cents / 100).toFixed(2) });

function sheetDetails(cart: Cart): PaymentDetailsInit {
  return {
    total: { label: "Nightcap", amount: dollars(cart.total) },
    displayItems: cart.line_items
      .filter((line) => line.format !== "TOTAL")
      .map((line) => ({ label: line.title, amount: dollars(line.value) })),
  };
}

const methodData = (method: WalletMethod): PaymentMethodData[] => [
  { supportedMethods: method.supportedMethods, data: method.data },
];

/**
 * Asking the Payment Request API about a wallet can make the browser reach outside our origin: Chromium fetches
 * Google Pay's payment method manifest from google.com (and our CSP refuses it, with an error in the console). So
 * checkout asks on load only about wallets the device answers for itself — Apple Pay, where the browser has Apple's
 * own `ApplePaySession` — and about the others only when the shopper asks (docs/adr/0054-storefront-review-fixes.md).
 */
export function walletsToProbe(methods: WalletMethod[]): {
  onLoad: WalletMethod[];
  onRequest: WalletMethod[];
} {
  if (typeof window === "undefined" || typeof window.PaymentRequest !== "function") {
    return { onLoad: [], onRequest: [] };
  }
  const applePay = (window as { ApplePaySession?: { canMakePayments?: () => boolean } }).ApplePaySession;
  const deviceSays = typeof applePay?.canMakePayments === "function";
  return {
    onLoad: methods.filter((m) => m.wallet === "applePay" && deviceSays),
    onRequest: methods.filter((m) => m.wallet !== "applePay"),
  };
}

/** The wallets this browser can pay with, of those given (see walletsToProbe for when to ask). */
export async function usableWallets(methods: WalletMethod[]): Promise<WalletMethod[]> {
  if (typeof window === "undefined" || typeof window.PaymentRequest !== "function") return [];
  const checks = await Promise.all(
    methods.map(async (method) => {
      try {
        const request = new PaymentRequest(methodData(method), {
          total: { label: "Nightcap", amount: dollars(100) },
        });
        return (await request.canMakePayment()) ? method : null;
      } catch {
        return null;
      }
    }),
  );
  return checks.filter((method): method is WalletMethod => method !== null);
}

type MerchantValidation = Event & { validationURL?: string; complete(session: Promise<unknown>): void };

/**
 * Opens the wallet's sheet and turns its answer into a provider token. Call it straight from the click: the
 * browser shows the sheet only in answer to the shopper's own gesture.
 */
export async function payWithWallet(
  method: WalletMethod,
  cart: Cart,
  config: PaymentConfig,
): Promise<WalletPayment> {
  let request: PaymentRequest;
  try {
    request = new PaymentRequest(methodData(method), sheetDetails(cart));
  } catch {
    return { ok: false, message: WALLET_UNAVAILABLE };
  }
  if (method.wallet === "applePay" && config.provider === "sandbox") {
    const sessionUrl = config.applePaySessionUrl;
    request.addEventListener("merchantvalidation", (event) => {
      const validation = event as MerchantValidation;
      validation.complete(
        fetch(sessionUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ validationURL: validation.validationURL }),
        }).then((res) => res.json()),
      );
    });
  }
  let response: PaymentResponse;
  try {
    response = await request.show();
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") return { ok: false, message: null };
    return { ok: false, message: WALLET_UNAVAILABLE };
  }
  const card = walletCardOf(method.wallet, response.details);
  const token = card ? await providerToken(config, method, card) : null;
  if (!token) {
    await response.complete("fail");
    return { ok: false, message: WALLET_UNREADABLE };
  }
  return { ok: true, token, complete: (result) => response.complete(result) };
}

/** Stripe's gateway hands back its own card token; the sandbox makes one from what the wallet said. */
async function providerToken(config: PaymentConfig, method: WalletMethod, card: WalletCard) {
  if (config.provider === "stripe") {
    try {
      const id = (JSON.parse(card.token) as { id?: unknown }).id;
      return typeof id === "string" && id.startsWith("tok_") ? id : null;
    } catch {
      return null;
    }
  }
  const res = await fetch(config.walletTokenUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ wallet: method.wallet, ...card }),
  }).catch(() => null);
  if (!res?.ok) return null;
  const { id } = (await res.json()) as { id?: unknown };
  return typeof id === "string" ? id : null;
}
