import { expect, test } from "@playwright/test";
import { deliverOrder, shopperPlacesOrder, shot } from "./checkout-helpers.ts";
import { expectNoSeriousA11yViolations } from "./storefront.ts";

const PHONE = { width: 390, height: 844 };

/**
 * After the order (issue 15): a new shopper orders (the card saved, as checkout offers by default), the store's
 * staff accept, send out and deliver it from the console, and the shopper, on a phone, follows "Tip and rate" from
 * the order to /tip/{id}: a tip of 20 %, five stars, a thumb, chips and a note; sees the thank-you. A second tab
 * still showing the form is told, in the server's words, that the order was already tipped. Then the shopper rates
 * the bottle from the order's page and finds the rating and the review on the product's page.
 */
test("a shopper tips and rates a delivered order, then reviews the bottle and sees it on the product page", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const { orderPath, heading, product, storeId } = await shopperPlacesOrder(page, request, "tipper");
  const orderId = orderPath.split("/").pop() ?? "";

  // Before delivery there is nothing to tip yet.
  await page.goto(`/tip/${orderId}`);
  await expect(page.getByText("You can tip once your order is delivered.")).toBeVisible();

  const number = /#(\d+)/.exec(heading)?.[1] ?? "";
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await deliverOrder(staff, storeId, number);
  await staffContext.close();

  await page.setViewportSize(PHONE);
  await page.goto(`/tracking/${orderId}`);
  await expect(page.getByRole("link", { name: "Tip and rate your delivery" })).toBeVisible();
  await page.goto(orderPath);
  await page.getByRole("link", { name: "Tip and rate your delivery" }).click();
  await expect(page).toHaveURL(new RegExp(`/tip/${orderId}$`));
  await expect(page.getByRole("heading", { name: "How did we do?" })).toBeVisible();
  await expect(page.getByText(product.title)).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the tip page");

  // A second tab of the same form, sent later, in a browser without JavaScript: the page works server-rendered.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    viewport: PHONE,
    storageState: await page.context().storageState(),
  });
  const second = await noScript.newPage();
  const page2 = await second.goto(`/tip/${orderId}`);
  // Same-origin posts carry the page's origin (a form posted without JavaScript is not taken for another site's).
  expect(page2?.headers()["referrer-policy"]).toBe("same-origin");

  const twenty = page.locator("label.tip-chip", { has: page.locator('input[value="20"]') });
  const tipText = (await twenty.locator(".tip-chip__amount").textContent()) ?? "";
  await twenty.click();
  await page.locator('label[for="rating-5"]').click();
  await page.locator("label.thumb-chip", { hasText: "Good" }).click();
  await page.locator("label.tag-chip", { hasText: "On time" }).click();
  await page.locator("label.tag-chip", { hasText: "Friendly driver" }).click();
  await page.getByLabel("Anything else?").fill("Cold and quick, thank you!");
  await shot(page, "tip-form-phone");
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, "tip-form-top-phone", false);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  await expect(page.getByText(`You tipped ${tipText}.`)).toBeVisible();
  await shot(page, "tip-thanks-phone");

  // The other tab asks for another amount: the server's own words are shown.
  await expect(second.locator("label.tip-chip", { has: second.locator('input[value="18"]') })).toBeVisible();
  await second.locator("label.tip-chip", { has: second.locator('input[value="custom"]') }).click();
  await second.getByLabel("Custom tip ($)").fill("3");
  await second.getByRole("button", { name: "Send" }).click();
  await expect(second.getByRole("alert")).toHaveText(
    `You've already tipped ${tipText} on this order. Thank you!`,
  );
  await shot(second, "tip-already-given-phone");
  await noScript.close();

  // The history and the order show the tip; the order offers to rate the bottle.
  await page.goto("/orders");
  await expect(page.locator(".order-card").filter({ hasText: heading })).toContainText(`+ ${tipText} tip`);
  await page.goto(orderPath);
  await expect(page.getByText("Tip after delivery")).toBeVisible();
  const rate = page.getByRole("form", { name: `Rate ${product.title}` });
  await rate.getByRole("button", { name: "Rate" }).click();
  await expect(rate.getByRole("alert")).toHaveText("Choose 1 to 5 stars.");
  await shot(page, "order-rate-error-phone");
  await rate.locator(`label[for="rate-${product.sku_id}-4"]`).click();
  await rate.getByPlaceholder("A few words (optional)").fill("Smooth and warming.");
  await rate.getByRole("button", { name: "Rate" }).click();
  await expect(page.getByText("You rated it 4 of 5 stars. Thank you!")).toBeVisible();
  await shot(page, "order-rated-phone");
  await expectNoSeriousA11yViolations(page, "the rated order");

  await page.goto(product.url);
  const reviews = page.getByRole("region", { name: "Ratings and reviews" });
  await expect(reviews.getByText("Smooth and warming.")).toBeVisible();
  await expect(reviews.getByText(/^Casey B\. · /)).toBeVisible();
  await expect(page.locator(".product__rating .rating__value")).toHaveText(/^\d\.\d$/);
  await reviews.scrollIntoViewIfNeeded();
  await shot(page, "product-reviews-phone");
});
