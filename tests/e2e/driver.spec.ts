import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { DOOR_COPY } from "#app/features/console/door-copy.ts";
import { DOOR_MESSAGES, REFUSAL_RULES, returnFeeSentence } from "#domain/door/handover.ts";
import { aamvaText, licenceBarcodePng } from "../factories/licences.ts";
import {
  pickUp,
  sendOut,
  shopperPlacesOrder,
  shopperWithOrder,
  shot,
  staffAcceptsOrder,
  staffSignIn,
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
  const { heading, storeId } = await shopperWithOrder(page, request, "driven");
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
  const { heading, storeId } = await shopperWithOrder(page, request, "undelivered");
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

/**
 * The handover at the door (issue 33 §4): the store sets a return fee; the driver scans the recipient's licence
 * (a PNG drawn here, read in the page by the age check's reader) and the server finds them under 21; the driver
 * records the refusal, and the shopper's tracking page shows the failed order, why, and the refund less the fee, live.
 */
test("a driver's scan finds the recipient under 21; the refusal reaches the shopper's tracking page, live", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  // The store sets its return fee before the shopper orders: checkout says it before paying, and the order keeps
  // the fee it was placed under.
  const setFee = async (storeId: string) => {
    const context = await browser.newContext();
    const staff = await context.newPage();
    // Signed in from the store page itself, which the sign-in comes back to.
    await staffSignIn(staff, storeId, "/console/store");
    await staff.getByLabel(/Return fee/).fill("5.00");
    await staff.getByRole("button", { name: "Save" }).click();
    await expect(staff.getByText(/^Saved\./)).toBeVisible();
    await context.close();
  };
  const { heading, storeId } = await shopperPlacesOrder(page, request, "refused", {
    storeKnown: setFee,
    atCheckout: async (checkout) => expect(checkout.getByText(returnFeeSentence([500]) ?? "")).toBeVisible(),
  });
  const number = /#(\d+)/.exec(heading)?.[1] ?? "";
  await trackLive(page);
  const { context: phone, staff: driver } = await staffAcceptsOrder(browser, storeId, number);

  await driver.goto("/console/driver");
  await pickUp(driver, number);
  const stop = driver.locator(".driver__stop").filter({ hasText: `#${number}` });
  await stop.getByRole("button", { name: "Scan ID" }).click();
  const scanner = driver.getByRole("dialog", { name: new RegExp(DOOR_COPY.title) });
  await expect(scanner).toBeVisible();
  // Casey Buyer (the shopper's name), 19 years old today.
  const born = new Date();
  born.setUTCFullYear(born.getUTCFullYear() - 19);
  const png = await licenceBarcodePng(
    aamvaText({
      firstName: "Casey",
      lastName: "Buyer",
      dateOfBirth: born.toISOString().slice(0, 10),
      expiry: `${new Date().getUTCFullYear() + 3}-01-31`,
      documentNumber: `B${randomBytes(5).toString("hex").toUpperCase()}`,
      jurisdiction: "IL",
    }),
  );
  await scanner
    .getByLabel(DOOR_COPY.uploadLabel)
    .setInputFiles({ name: "licence-back.png", mimeType: "image/png", buffer: png });
  await expect(scanner.getByRole("alert")).toHaveText(DOOR_MESSAGES.under_age);
  await shot(driver, "driver-door-check", false);
  await scanner.getByRole("button", { name: "Back to the stop" }).click();

  // The scan's refusal is the reason offered; the driver records it.
  const reason = stop.getByLabel("Not handed over because");
  await expect(reason).toHaveValue("under_age");
  await shot(driver, "driver-door-refusal");
  await stop.getByRole("button", { name: "Not handed over" }).click();
  await expect(stop).toHaveCount(0);
  await phone.close();

  const failed = page.locator(".tracking__failed");
  await expect(failed.getByRole("heading", { name: "Your order couldn't be delivered" })).toBeVisible();
  await expect(failed).toContainText(REFUSAL_RULES.under_age.reason);
  await expect(failed).toContainText("refunded to your payment method, less the store's $5.00 return fee.");
  await shot(page, "tracking-refused-at-door");
});
