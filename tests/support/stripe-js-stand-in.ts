import type { BrowserContext } from "@playwright/test";
import { type StripeStandIn, TEST_PAYMENT_METHODS } from "./stripe-stand-in.ts";

/**
 * A stand-in for Stripe.js in the browser tests, served at Stripe's own address (https://js.stripe.com/…) by the
 * browser context, since no test may reach Stripe. It offers what the storefront calls — `Stripe(key)`,
 * `elements().create("card")` mounted into a page element, `createPaymentMethod({type: "card", card})` — and
 * turns a Stripe test number typed into its field into a PaymentMethod of the Stripe API stand-in, as Stripe.js
 * would make one at Stripe. The number stays in the field and goes only to the stand-in, never to our API.
 */
const TEST_NUMBERS: Record<string, keyof typeof TEST_PAYMENT_METHODS> = {
  "4242424242424242": "pm_card_visa",
  "5555555555554444": "pm_card_mastercard",
  "4000002760003184": "pm_card_threeDSecure2Required",
  "4000000000000002": "pm_card_chargeDeclined",
};

const STRIPE_JS = `(() => {
  function Stripe(key) {
    return {
      _registerWrapper() {},
      elements() {
        return {
          create(type) {
            let input = null;
            return {
              mount(target) {
                const el = typeof target === "string" ? document.querySelector(target) : target;
                input = document.createElement("input");
                input.setAttribute("aria-label", "Stripe card number");
                input.setAttribute("autocomplete", "cc-number");
                el.appendChild(input);
              },
              destroy() { input && input.remove(); },
              _digits() { return input ? input.value.replace(/\\D/g, "") : ""; },
            };
          },
        };
      },
      async createPaymentMethod({ type, card }) {
        const answer = await window.__stripeStandInPaymentMethod(card._digits());
        return answer.error ? { error: answer.error } : { paymentMethod: answer };
      },
    };
  }
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();`;

export async function serveStripeJs(context: BrowserContext, standIn: StripeStandIn): Promise<void> {
  await context.exposeFunction("__stripeStandInPaymentMethod", (digits: string) => {
    const testId = TEST_NUMBERS[digits];
    if (!testId)
      return {
        error: {
          type: "validation_error",
          code: "incorrect_number",
          message: "Your card number is incorrect.",
        },
      };
    const card = TEST_PAYMENT_METHODS[testId];
    return {
      id: standIn.createPaymentMethod(testId),
      type: "card",
      card: {
        brand: card.brand,
        last4: card.last4,
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
      },
    };
  });
  await context.route("https://js.stripe.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: STRIPE_JS }),
  );
}
