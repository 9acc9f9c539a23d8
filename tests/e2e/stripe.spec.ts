import { expect, test } from "@playwright/test";
import { type StorefrontProcess, startStorefront } from "../support/storefront-process.ts";
import { serveStripeJs } from "../support/stripe-js-stand-in.ts";
import {
  STAND_IN_PUBLISHABLE_KEY,
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  type StripeStandIn,
  startStripeStandIn,
} from "../support/stripe-stand-in.ts";
import {
  cardNumbersSent,
  chooseDeliveryTime,
  shot,
  signUp,
  unique,
  WICKER_PARK,
  watchApiRequests,
} from "./checkout-helpers.ts";
import { addFromProductPage, productAt, setAddress, vendorOf } from "./storefront.ts";

/**
 * The store on Stripe (ADR 22), in Chromium: a second storefront started with Stripe's keys against the local
 * stand-in of Stripe's API, Stripe.js played by a stand-in served at Stripe's address. A new card is typed into
 * Stripe's field, saved as a PaymentMethod and authorised; a 3-D Secure card passes Stripe's page and the order is
 * confirmed by the signed webhook. No request to our API carries a card number.
 */
const port = Number(process.env.E2E_STRIPE_PORT ?? 3120);
const origin = `http://127.0.0.1:${port}`;
let standIn: StripeStandIn;
let storefront: StorefrontProcess | undefined;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: origin });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  standIn = await startStripeStandIn();
  storefront = await startStorefront({
    port,
    nodeEnv: "test",
    seeded: true,
    env: {
      STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: STAND_IN_PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
      STRIPE_API_URL: standIn.url,
    },
  });
  standIn.sendEventsTo(`${origin}/order/webhooks/payments`);
});

test.afterAll(async () => {
  await storefront?.stop();
  await standIn?.close();
});

test("on Stripe: a card typed into Stripe's field pays; a 3-D Secure card is confirmed by the webhook", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await serveStripeJs(page.context(), standIn);
  const apiRequests = watchApiRequests(page, origin);
  await page.goto("/");
  await signUp(page, unique("stripe"));
  await setAddress(page, WICKER_PARK);
  const { store_id } = await vendorOf(request, page);
  const whiskey = await productAt(request, store_id, "whiskey");
  await addFromProductPage(page, whiskey);

  await page.goto("/checkout");
  await chooseDeliveryTime(page);
  const field = page.getByLabel("Stripe card number");
  await field.fill("4242 4242 4242 4242");
  await shot(page, "stripe-checkout");
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(page.getByText("Thank you! Your order is placed.")).toBeVisible();
  await expect(page.getByText("VISA ending 4242")).toBeVisible();
  const intents = standIn.requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents");
  expect(intents.at(-1)?.params.get("capture_method")).toBe("manual");

  // A mistyped number: Stripe's own words, nothing sent to us.
  await addFromProductPage(page, whiskey);
  await page.goto("/checkout");
  await chooseDeliveryTime(page);
  await page.getByLabel("New card").check();
  await page.getByLabel("Stripe card number").fill("4242 4242 4242 4241");
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your card number is incorrect." })).toBeVisible();

  // 3-D Secure on Stripe's page; the order is confirmed from Stripe's signed event.
  await page.getByLabel("Stripe card number").fill("4000 0027 6000 3184");
  await page.getByRole("button", { name: /Place order/ }).click();
  await page.getByRole("button", { name: "Complete" }).click();
  await expect(page.getByText("Thank you! Your order is placed.")).toBeVisible();
  await expect(page.getByText("VISA ending 3184")).toBeVisible();
  await standIn.webhooksSent();
  expect(standIn.delivered.some((d) => d.event.type.startsWith("payment_intent.") && d.status === 200)).toBe(
    true,
  );
  await page.goto("/orders");
  await expect(page.locator(".order-card")).toHaveCount(2);
  expect(cardNumbersSent(apiRequests)).toEqual([]);
});
