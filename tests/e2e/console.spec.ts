import { expect, test } from "@playwright/test";
import { shopperPlacesOrder, shot, staffSignIn } from "./checkout-helpers.ts";

/**
 * The store console (issue 15, first increment): a shopper places an order; the store's staff, in another browser
 * on a phone-sized screen, sign in with the demo staff account, find it in the queue and accept it; a second
 * staff page still showing "Accept" is told the order moved; the shopper's order page shows it being prepared.
 */
test("staff accept a shopper's order from the console; a stale second accept is told; the shopper sees it in progress", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { orderPath, heading, storeId } = await shopperPlacesOrder(page, request, "casey");
  const number = /#(\d+)/.exec(heading)?.[1] ?? "";
  // ASAP while the store is open, else its first slot: either way the store accepts it from the console.
  await expect(page.getByText(/^(Placed: waiting for the store|Scheduled)/)).toBeVisible();

  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const staffContext = await browser.newContext(phone);
  const staff = await staffContext.newPage();
  await staffSignIn(staff, storeId);
  await expect(staff.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  await staff.getByRole("link", { name: new RegExp(`#${number}\\b`) }).click();
  await expect(staff.getByRole("heading", { name: `Order #${number}` })).toBeVisible();
  await shot(staff, "console-order-phone");

  // A second staff page on the same order, opened before the first accepts.
  const stale = await staffContext.newPage();
  await stale.goto(new URL(staff.url()).pathname);
  await expect(stale.getByRole("button", { name: "Accept" })).toBeVisible();

  await staff.getByRole("button", { name: "Accept" }).click();
  await expect(staff.getByText("Accept: done.")).toBeVisible();
  await expect(staff.getByText("Being prepared", { exact: true })).toBeVisible();
  await expect(staff.getByRole("button", { name: "Send out" })).toBeVisible();
  await expect(staff.getByRole("button", { name: "Accept" })).toHaveCount(0);
  await shot(staff, "console-accepted-phone");

  await stale.getByRole("button", { name: "Accept" }).click();
  await expect(stale.getByRole("alert")).toHaveText("An order that is in progress cannot be accepted.");
  // …and then sees where the order is now.
  await expect(stale.getByText("Being prepared", { exact: true })).toBeVisible();
  await expect(stale.getByRole("button", { name: "Accept" })).toHaveCount(0);
  await shot(stale, "console-stale-accept");

  await page.goto(orderPath);
  await expect(page.getByText("Being prepared")).toBeVisible();
  await staffContext.close();
});
