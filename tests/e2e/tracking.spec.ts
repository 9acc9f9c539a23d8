import { expect, test } from "@playwright/test";
import { sendOut, shopperWithOrder, shot, staffSignIn } from "./checkout-helpers.ts";

/**
 * Live tracking in Chromium (issue 15, shopper's side): a new shopper orders, follows "Track live" from the order
 * to /tracking/{id}, which shows the order as it is and holds its live stream open; the store's staff accept and
 * send it out from the console in another browser, and the tracking page shows each change without a reload;
 * /tracking lists it as active; an order that is not theirs is the error state.
 */
test("a shopper tracks an order live while staff accept and send it out; /tracking lists it; a stranger's id is the error state", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { heading, product: whiskey, storeId } = await shopperWithOrder(page, request, "tracker");

  const stream = page.waitForResponse((r) => /\/order\/status\/[^/]+\/events$/.test(r.url()));
  await page.getByRole("link", { name: "Track live" }).click();
  await expect(page).toHaveURL(/\/tracking\/[^/]+$/);
  await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  // ASAP when the store is open, else its first slot (status 7).
  await expect(page.locator(".tracking__status")).toHaveText(/^(Placed: waiting for the store|Scheduled)$/);
  const opened = await stream;
  expect(opened.status()).toBe(200);
  expect(opened.headers()["content-type"]).toMatch(/^text\/event-stream/);
  await expect(page.locator(".tracking")).toHaveAttribute("data-connection", "open");
  await expect(page.getByText(whiskey.title).first()).toBeVisible();
  await expect(page.locator(".tracking").getByText(/1425 N Damen Ave/)).toBeVisible();
  await shot(page, "tracking-order");

  // Staff move the order from the console, in a browser of their own; the shopper's page is never reloaded.
  await page.evaluate(() => {
    (window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true;
  });
  const number = /#(\d+)/.exec(heading)?.[1] ?? "";
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staffSignIn(staff, storeId);
  await staff.getByRole("link", { name: new RegExp(`#${number}\\b`) }).click();
  await staff.getByRole("button", { name: "Accept" }).click();
  await expect(staff.getByText("Accept: done.")).toBeVisible();
  await expect(page.locator(".tracking__status")).toHaveText("Being prepared");
  await sendOut(staff);
  await expect(page.locator(".tracking__status")).toHaveText("On its way");
  expect(
    await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage),
  ).toBe(true);
  await shot(page, "tracking-on-its-way");
  await staffContext.close();

  // The active-order tracker in the shell, on any other page, one tap from the live order.
  await page.goto("/");
  const tracker = page.locator(".active-order");
  await expect(tracker).toContainText(`Order #${number} · On its way`);
  await shot(page, "active-order-tracker", false);
  await tracker.getByRole("link").click();
  await expect(page).toHaveURL(/\/tracking\/[^/]+$/);
  await expect(page.locator(".active-order")).toHaveCount(0);

  await page.goto("/tracking");
  await expect(page.getByRole("heading", { name: "Track your orders" })).toBeVisible();
  await expect(page.locator(".order-card")).toHaveCount(1);
  await expect(page.locator(".order-card").getByRole("link", { name: heading })).toBeVisible();
  await shot(page, "tracking-list");

  await page.goto("/tracking/not-an-order-of-yours");
  await expect(page.getByRole("heading", { name: "We couldn't load this order" })).toBeVisible();
});
