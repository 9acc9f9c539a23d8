import { describe, expect, it } from "vitest";
import { applePayMethod, googlePayMethod, walletCardOf } from "./wallets.ts";

describe("wallet payment methods", () => {
  it("asks Google Pay for cards through the provider's gateway", () => {
    const method = googlePayMethod({
      environment: "TEST",
      merchantName: "Nightcap",
      gateway: { gateway: "stripe", "stripe:publishableKey": "pk_test_1" },
    });
    expect(method.supportedMethods).toBe("https://google.com/pay");
    expect(method.data).toMatchObject({
      apiVersion: 2,
      allowedPaymentMethods: [
        {
          type: "CARD",
          tokenizationSpecification: {
            type: "PAYMENT_GATEWAY",
            parameters: { gateway: "stripe", "stripe:publishableKey": "pk_test_1" },
          },
        },
      ],
    });
  });

  it("asks Apple Pay for a version 3 request with the merchant's identifier", () => {
    expect(applePayMethod("merchant.test").data).toMatchObject({
      version: 3,
      merchantIdentifier: "merchant.test",
      countryCode: "US",
    });
  });
});

describe("reading what a wallet hands back", () => {
  it.each([
    [
      "Google Pay",
      "googlePay" as const,
      {
        apiVersion: 2,
        paymentMethodData: {
          type: "CARD",
          description: "Visa •••• 1111",
          info: { cardNetwork: "VISA", cardDetails: "1111" },
          tokenizationData: { type: "PAYMENT_GATEWAY", token: "examplePaymentMethodToken" },
        },
      },
      { network: "visa", last4: "1111", token: "examplePaymentMethodToken" },
    ],
    [
      "Apple Pay",
      "applePay" as const,
      {
        token: {
          paymentData: { version: "EC_v1", data: "abc" },
          paymentMethod: { displayName: "MasterCard 0002", network: "MasterCard", type: "credit" },
          transactionIdentifier: "t1",
        },
      },
      { network: "mastercard", last4: "0002", token: '{"version":"EC_v1","data":"abc"}' },
    ],
    [
      "Apple Pay, an American Express card",
      "applePay" as const,
      { token: { paymentData: {}, paymentMethod: { displayName: "Amex 0005", network: "AmEx" } } },
      { network: "amex", last4: "0005", token: "{}" },
    ],
    [
      "an unknown network, no digits",
      "googlePay" as const,
      { paymentMethodData: { info: { cardNetwork: "JCB" }, tokenizationData: { token: "t" } } },
      { network: "unknown", last4: null, token: "t" },
    ],
  ])("%s", (_name, wallet, details, expected) => {
    expect(walletCardOf(wallet, details)).toEqual(expected);
  });

  it.each([
    ["googlePay" as const, {}],
    ["googlePay" as const, { paymentMethodData: { tokenizationData: { token: "" } } }],
    ["googlePay" as const, null],
    ["applePay" as const, { token: {} }],
    ["applePay" as const, "not an object"],
  ])("refuses a %s answer that is not one: %j", (wallet, details) => {
    expect(walletCardOf(wallet, details)).toBeNull();
  });
});
