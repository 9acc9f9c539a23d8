import { expect, test } from "@playwright/test";
import { chooseDeliveryTime, shot, signUp, typeCard, unique, WICKER_PARK } from "./checkout-helpers.ts";
import { addFromProductPage, productAt, setAddress, vendorOf } from "./storefront.ts";

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
  await page.goto("/");
  await signUp(page, unique("tracker"));
  await setAddress(page, WICKER_PARK);
  const { store_id } = await vendorOf(request, page);
  const whiskey = await productAt(request, store_id, "whiskey");
  await addFromProductPage(page, whiskey);
  await page.goto("/checkout");
  await chooseDeliveryTime(page);
  await typeCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(page.getByText("Thank you! Your order is placed.")).toBeVisible();
  const heading = (await page.getByRole("heading", { name: /Order #\d+/ }).textContent()) ?? "";

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
  await staff.goto("/console");
  const login = staff.getByRole("form", { name: "Log in with your password" });
  await login.getByLabel("Email").fill(`staff-${store_id.replace(/^st_/, "")}@nightcap.localhost`);
  await login.getByLabel("Password").fill("nightcap-staff");
  await login.getByRole("button", { name: "Log in" }).click();
  await staff.getByRole("link", { name: new RegExp(`#${number}\\b`) }).click();
  await staff.getByRole("button", { name: "Accept" }).click();
  await expect(staff.getByText("Accept: done.")).toBeVisible();
  await expect(page.locator(".tracking__status")).toHaveText("Being prepared");
  await staff.getByRole("button", { name: "Send out" }).click();
  await expect(page.locator(".tracking__status")).toHaveText("On its way");
  expect(
    await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage),
  ).toBe(true);
  await shot(page, "tracking-on-its-way");
  await staffContext.close();

  await page.goto("/tracking");
  await expect(page.getByRole("heading", { name: "Track your orders" })).toBeVisible();
  await expect(page.locator(".order-card")).toHaveCount(1);
  await expect(page.locator(".order-card").getByRole("link", { name: heading })).toBeVisible();
  await shot(page, "tracking-list");

  await page.goto("/tracking/not-an-order-of-yours");
  await expect(page.getByRole("heading", { name: "We couldn't load this order" })).toBeVisible();
});
