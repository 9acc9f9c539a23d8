import { expect, test } from "@playwright/test";
import {
  chooseDeliveryTime,
  shot,
  signUp,
  staffSignIn,
  typeCard,
  unique,
  WICKER_PARK,
} from "./checkout-helpers.ts";
import { addFromProductPage, productAt, setAddress, vendorOf } from "./storefront.ts";

/**
 * Issue 33: a Chicago order's taxes wherever its money shows. Checkout estimates them, the order and its receipt
 * email show what was charged, with a row per jurisdiction and tax type, and the store's console shows them too.
 */
test("a Chicago order shows its taxes at checkout, on the order, in the receipt email and in the console", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const email = unique("taxes");
  await page.goto("/");
  await signUp(page, email);
  await setAddress(page, WICKER_PARK);
  const { store_id } = await vendorOf(request, page);
  await addFromProductPage(page, await productAt(request, store_id, "whiskey"));
  await page.goto("/checkout");
  const totals = page.locator(".checkout__totals").first();
  await expect(totals.getByText("Estimated tax")).toBeVisible();
  await chooseDeliveryTime(page);
  await typeCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(page.getByText("Thank you! Your order is placed.")).toBeVisible({ timeout: 30_000 });

  // The order: "Tax", then its rows; the rows add up to it.
  const bill = page.locator(".checkout__totals").first();
  const taxLine = bill.locator(".checkout__total--tax");
  await expect(taxLine.locator("dt")).toHaveText("Tax");
  const cents = (text: string | null) => Math.round(Number((text ?? "").replace(/[^0-9.]/g, "")) * 100);
  const tax = cents(await taxLine.locator("dd").textContent());
  expect(tax).toBeGreaterThan(0);
  const rows = bill.locator(".checkout__tax-row");
  await expect(rows.filter({ hasText: "Illinois sales tax" })).toBeVisible();
  await expect(rows.filter({ hasText: "City of Chicago retail liquor tax" })).toBeVisible();
  await expect(rows.filter({ hasText: "City of Chicago checkout bag tax" })).toContainText("$0.15");
  const rowCents = (await rows.locator("dd").allTextContents()).map(cents);
  expect(rowCents.reduce((s, c) => s + c, 0)).toBe(tax);
  await shot(page, "order-taxes");
  const heading = (await page.getByRole("heading", { name: /Order #\d+/ }).textContent()) ?? "";
  const number = /#(\d+)/.exec(heading)?.[1] ?? "";

  // The receipt email.
  const mailbox = await page.context().newPage();
  await mailbox.goto(`/mailbox?recipient=${encodeURIComponent(email)}`);
  const receipt = mailbox
    .locator(".outbox__message")
    .filter({ hasText: `Order #${number}` })
    .first();
  await expect(receipt.locator(".outbox__body")).toContainText(
    /Tax \$\d+\.\d\d\s+Illinois sales tax \$\d+\.\d\d/,
  );
  await expect(receipt.locator(".outbox__body")).toContainText("City of Chicago checkout bag tax $0.15");
  await mailbox.close();

  // The store's console.
  const staffContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const staff = await staffContext.newPage();
  await staffSignIn(staff, store_id);
  await staff.getByRole("link", { name: new RegExp(`#${number}\\b`) }).click();
  const consoleBill = staff.locator(".checkout__totals");
  await expect(consoleBill.locator(".checkout__total--tax dd")).toHaveText(`$${(tax / 100).toFixed(2)}`);
  await expect(
    consoleBill.locator(".checkout__tax-row").filter({ hasText: "Illinois sales tax" }),
  ).toBeVisible();
  await shot(staff, "console-order-taxes");
  await staffContext.close();
});
