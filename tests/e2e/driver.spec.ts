import { expect, test } from "@playwright/test";
import {
  pickUp,
  sendOut,
  shopperPlacesOrder,
  shot,
  staffAcceptsOrder,
  trackLive,
} from "./checkout-helpers.ts";

/**
 * The driver view in Chromium (issue 15): staff accept an order in the console, pick it up on the driver view of a
 * phone-sized screen, and the development simulator drives it to the door; the shopper's tracking page shows the
 * driver, the tracking state and the ETA change as the positions arrive, without a reload, then the delivery.
 */
test("a driver picks up an order and the simulator drives it to the door while the shopper watches", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { heading, storeId } = await shopperPlacesOrder(page, request, "driven");
  const number = /#(\d+)/.exec(heading)?.[1] ?? "";
  await trackLive(page);
  const { context: phone, staff: driver } = await staffAcceptsOrder(browser, storeId, number);

  await driver.goto("/console/driver");
  await expect(driver.getByRole("heading", { name: "Your run" })).toBeVisible();
  await pickUp(driver, number);
  // The store's demo staff is every journey's driver: other journeys' orders may be on the same road.
  const stop = driver.locator(".driver__stop").filter({ hasText: `#${number}` });
  await expect(stop).toBeVisible();
  await expect(page.locator(".tracking__status")).toHaveText("On its way");
  await expect(page.locator(".tracking__driver")).toContainText(/\w+ \w\./);
  await expect(page.locator(".tracking__state")).toHaveText("Your driver has picked up your order");
  await shot(driver, "driver-run");

  await stop.getByRole("button", { name: "Simulate the drive" }).click();
  await expect(stop.getByRole("button", { name: "Driving…" })).toBeVisible();
  // Positions arrive every 1.5 s: the shopper's page follows without a reload.
  await expect(page.locator(".tracking__state")).toHaveText(/^Your driver is [\d.]+ mi away$/, {
    timeout: 15_000,
  });
  await shot(page, "tracking-driver-on-the-way");
  await expect(page.locator(".tracking__state")).toHaveText("Your driver is arriving", { timeout: 30_000 });
  await expect(page.locator(".tracking__eta")).toHaveText("1 min");
  await expect(stop.locator(".driver__eta")).toHaveText("Your driver is arriving · 1 min");

  await stop.getByRole("button", { name: "Delivered" }).click();
  await expect(stop).toHaveCount(0);
  await expect(page.locator(".tracking__status")).toHaveText("Delivered");
  await shot(page, "tracking-delivered");
  await phone.close();
});

test("a delivery that fails for good shows the shopper the failed state and the refund, live", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { heading, storeId } = await shopperPlacesOrder(page, request, "undelivered");
  const number = /#(\d+)/.exec(heading)?.[1] ?? "";
  await trackLive(page);
  const { context: phone, staff } = await staffAcceptsOrder(browser, storeId, number);
  await sendOut(staff);
  await expect(page.locator(".tracking__status")).toHaveText("On its way");

  const fail = staff.locator("form").filter({ has: staff.getByRole("button", { name: "Delivery failed" }) });
  await fail.getByRole("combobox").selectOption("hard");
  await fail.getByLabel("Why the delivery failed").fill("Nobody 21 or over could show an ID at the door");
  await fail.getByRole("button", { name: "Delivery failed" }).click();
  await expect(staff.getByText("Delivery failed: done.")).toBeVisible();
  await expect(staff.locator(".console-money")).toContainText(/Refunded\s*\$[1-9]/);
  await phone.close();

  const failed = page.locator(".tracking__failed");
  await expect(failed.getByRole("heading", { name: "Your order couldn't be delivered" })).toBeVisible();
  await expect(failed).toContainText("Nobody 21 or over could show an ID at the door");
  await expect(failed).toContainText(
    "Anything you were charged for it will be refunded to your payment method.",
  );
  await shot(page, "tracking-failed-hard");
  // The order's page shows the refund too.
  await failed.getByRole("link", { name: "Order details" }).click();
  await expect(page.getByText(/Could not be delivered/).first()).toBeVisible();
});
