import { expect, test } from "@playwright/test";
import { chooseDeliveryTime, shot, signUp, typeCard, unique, WICKER_PARK } from "./checkout-helpers.ts";
import { addFromProductPage, productAt, setAddress, vendorOf } from "./storefront.ts";

/**
 * Paying, beyond checkout's own journeys (issue 13): the payment cards screen, the promos and credit screen, and
 * wallets (spec §9 applePay and googlePay) in Chromium. Asking Chromium about Google Pay makes it fetch the wallet's
 * manifest from google.com, so checkout asks only when the shopper does ("Pay with Google Pay"); loading it reaches
 * nothing outside our origin. A device with Google Pay is played by a stand-in PaymentRequest installed before the
 * page loads, answering exactly as Google Pay's API documents (its TEST gateway's token).
 */

/** A browser whose Google Pay holds a Visa ending 1111; the sheets it was asked to show are recorded. */
function googlePayDevice() {
  type Sheet = { methods: { supportedMethods: string }[]; total: { amount: { value: string } } };
  const w = window as unknown as { __sheets: Sheet[]; __completed: string[]; PaymentRequest: unknown };
  w.__sheets = [];
  w.__completed = [];
  class GooglePayRequest extends EventTarget {
    constructor(
      private readonly methods: Sheet["methods"],
      private readonly details: { total: Sheet["total"] },
    ) {
      super();
    }
    async canMakePayment() {
      return this.methods.some((m) => m.supportedMethods === "https://google.com/pay");
    }
    async show() {
      if (!this.methods.some((m) => m.supportedMethods === "https://google.com/pay"))
        throw new DOMException("No wallet", "NotSupportedError");
      w.__sheets.push({ methods: this.methods, total: this.details.total });
      return {
        methodName: "https://google.com/pay",
        details: {
          apiVersion: 2,
          apiVersionMinor: 0,
          paymentMethodData: {
            type: "CARD",
            description: "Visa •••• 1111",
            info: { cardNetwork: "VISA", cardDetails: "1111" },
            tokenizationData: { type: "PAYMENT_GATEWAY", token: "examplePaymentMethodToken" },
          },
        },
        complete: async (result: string) => {
          w.__completed.push(result);
        },
      };
    }
  }
  w.PaymentRequest = GooglePayRequest;
}

test("wallets are offered only where the browser can pay with one; Google Pay pays the server's total", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await signUp(page, unique("payer"));
  await setAddress(page, WICKER_PARK);
  const { store_id } = await vendorOf(request, page);
  await addFromProductPage(page, await productAt(request, store_id, "whiskey"));

  // Loading checkout asks the browser about no wallet that would make it reach outside our origin.
  const outside: string[] = [];
  const errors: string[] = [];
  const ours = new URL(test.info().project.use.baseURL ?? "http://127.0.0.1").origin;
  page.on("request", (r) => {
    if (!/^(blob|data):/.test(r.url()) && new URL(r.url()).origin !== ours) outside.push(r.url());
  });
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/checkout");
  await expect(page.getByLabel("New card")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(outside, "requests to other hosts").toEqual([]);
  expect(errors, "console errors").toEqual([]);
  await expect(page.getByLabel("Google Pay")).toHaveCount(0);
  await expect(page.getByLabel("Apple Pay")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Pay with Apple Pay" })).toHaveCount(0);

  // A browser with Google Pay: offered once the shopper asks for it, and chosen.
  await page.addInitScript(googlePayDevice);
  await page.reload();
  await expect(page.getByLabel("Google Pay")).toHaveCount(0);
  await page.getByRole("button", { name: "Pay with Google Pay" }).click();
  await expect(page.getByLabel("Google Pay")).toBeChecked();
  await expect(page.getByRole("button", { name: "Pay with Google Pay" })).toHaveCount(0);
  await expect(page.getByLabel("Apple Pay")).toHaveCount(0);
  await chooseDeliveryTime(page);
  await page.getByLabel("Google Pay").check();
  await shot(page, "checkout-google-pay");
  const place = page.getByRole("button", { name: /Place order/ });
  const total = /\$([\d,.]+)/.exec((await place.textContent()) ?? "")?.[1]?.replace(/,/g, "");
  await place.click();

  await expect(page.getByText("Thank you! Your order is placed.")).toBeVisible();
  await expect(page.getByText("VISA ending 1111")).toBeVisible();
  const device = await page.evaluate(() => {
    const w = window as unknown as {
      __sheets: { total: { amount: { value: string } } }[];
      __completed: string[];
    };
    return { sheets: w.__sheets, completed: w.__completed };
  });
  expect(device.sheets.map((s) => s.total.amount.value)).toEqual([total]);
  expect(device.completed).toEqual(["success"]);
});

/** A save is the provider's tokenisation and then our API in turn: past expect's 10 s on a loaded machine. */
const SAVE_TIMEOUT = 30_000;

test("the payment cards screen: added in a modal and put first, a primary chosen, one removed, refusals in the provider's words", async ({
  page,
}) => {
  await page.goto("/");
  await signUp(page, unique("payer"));
  await page.getByLabel("Account menu for Casey").click();
  await page.getByRole("banner").getByRole("link", { name: "Payment cards" }).click();
  await expect(page.getByRole("heading", { name: "Payment cards" })).toBeVisible();
  await expect(page.getByText("No saved cards yet.")).toBeVisible();
  const items = page.locator(".cards-list__item");
  const modal = page.getByRole("dialog", { name: "Add a card" });

  await page.getByRole("button", { name: "Add a card" }).click();
  await typeCard(page, "4242 4242 4242 4242");
  await modal.getByRole("button", { name: "Save card" }).click();
  await expect(modal).toBeHidden({ timeout: SAVE_TIMEOUT });
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText("VISA ending 4242 · 12/30 · Primary");

  await page.getByRole("button", { name: "Add a card" }).click();
  await typeCard(page, "5555 5555 5555 4444");
  await modal.getByRole("button", { name: "Save card" }).click();
  await expect(modal).toBeHidden({ timeout: SAVE_TIMEOUT });
  await expect(items.first()).toContainText("MASTERCARD ending 4444");
  await expect(items.nth(1)).toContainText("VISA ending 4242 · 12/30 · Primary");

  // The provider refuses a mistyped number in its own words, and a card that declines is not saved.
  await page.getByRole("button", { name: "Add a card" }).click();
  await typeCard(page, "4242 4242 4242 4241");
  await modal.getByRole("button", { name: "Save card" }).click();
  await expect(modal.getByRole("alert")).toHaveText("Your card number is invalid.");
  await typeCard(page, "4000 0000 0000 0002");
  await modal.getByRole("button", { name: "Save card" }).click();
  await expect(modal.getByRole("alert")).toHaveText("Your card was declined.");
  await shot(page, "cards-declined");
  await modal.getByRole("button", { name: "Close" }).click();
  await expect(items).toHaveCount(2);

  await page.getByRole("button", { name: /Make MASTERCARD ending 4444 .* primary/ }).click();
  await expect(items.first()).toContainText("MASTERCARD ending 4444 · 12/30 · Primary");
  await page.getByRole("button", { name: /Remove VISA ending 4242/ }).click();
  await expect(items).toHaveCount(1);
  await page.reload();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText("MASTERCARD ending 4444 · 12/30 · Primary");
  await shot(page, "cards-screen");
});

test("the promos and credit screen: a credit code becomes credit once, an unknown code is refused plainly", async ({
  page,
}) => {
  await page.goto("/");
  await signUp(page, unique("payer"));
  await page.goto("/account/promos");
  await expect(page.getByTestId("credit-balance")).toHaveText("$0.00");
  const form = page.getByRole("form", { name: "Add a promo code" });
  await form.getByLabel("Promo code").fill("trynightcap");
  await form.getByRole("button", { name: "Add code" }).click();
  await expect(form.getByRole("status")).toHaveText("TRYNIGHTCAP added: $10 store credit to try Nightcap.");
  await expect(page.getByTestId("credit-balance")).toHaveText("$10.00");
  await form.getByLabel("Promo code").fill("TRYNIGHTCAP");
  await form.getByRole("button", { name: "Add code" }).click();
  await expect(form.getByRole("alert")).toHaveText("You've already used this code.");
  await form.getByLabel("Promo code").fill("NOSUCHCODE");
  await form.getByRole("button", { name: "Add code" }).click();
  await expect(form.getByRole("alert")).not.toBeEmpty();
  await expect(page.getByTestId("credit-balance")).toHaveText("$10.00");
  await shot(page, "promos-screen");
});
